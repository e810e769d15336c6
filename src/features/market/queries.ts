import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { MarketOrderState } from '../../domain/market';
import { marketKeys } from './keys';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const marketSchemas = () => import('../../domain/market');

export { marketKeys };

/** The project's book by price level, last price, the day's change and volume, state and band. */
export const marketQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: marketKeys.book(productId),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/products/${productId}/market`, {
        schema: loadSchema(marketSchemas, 'marketViewSchema'),
        signal,
      }),
    staleTime: 5_000,
  });

/** The price and volume series of the chart: one point per UTC day with trades, bounded by `days`. */
export const marketSeriesQueryOptions = (productId: number, days = 90) =>
  queryOptions({
    queryKey: [...marketKeys.series(productId), days] as const,
    queryFn: ({ signal }) =>
      api.request(`/api/v1/products/${productId}/market/series?days=${days}`, {
        schema: loadSchema(marketSchemas, 'marketSeriesSchema'),
        signal,
      }),
    staleTime: 30_000,
  });

/** My orders, newest first, all or in one state; a page at a time. */
export const myMarketOrdersQueryOptions = (state: MarketOrderState | null = null) =>
  infiniteQueryOptions({
    queryKey: marketKeys.myOrders(state),
    queryFn: ({ pageParam, signal }) =>
      api.request('/api/v1/users/me/market/orders', {
        query: { cursor: pageParam, ...(state ? { state } : {}) },
        schema: loadSchema(marketSchemas, 'myMarketOrdersSchema'),
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 5_000,
  });

/** My fills as buyer or seller, newest first; a page at a time. */
export const myMarketTradesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: marketKeys.myTrades(),
    queryFn: ({ pageParam, signal }) =>
      api.request('/api/v1/users/me/market/trades', {
        query: { cursor: pageParam },
        schema: loadSchema(marketSchemas, 'myMarketTradesPageSchema'),
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 5_000,
  });
