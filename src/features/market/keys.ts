import type { MarketOrderState } from '../../domain/market';

/**
 * The market's query keys, on their own so the live updates (part of the first page) name them
 * without loading the market's code.
 */
export const marketKeys = {
  all: ['market'] as const,
  book: (productId: number) => [...marketKeys.all, 'book', productId] as const,
  /** Every project's chart series (a prefix), or one project's. */
  series: (productId?: number) =>
    productId === undefined
      ? ([...marketKeys.all, 'series'] as const)
      : ([...marketKeys.all, 'series', productId] as const),
  /** The investor's own orders and trades (the account's market page). */
  mine: () => [...marketKeys.all, 'mine'] as const,
  myOrders: (state: MarketOrderState | null) => [...marketKeys.mine(), 'orders', state ?? 'ALL'] as const,
  myTrades: () => [...marketKeys.mine(), 'trades'] as const,
};
