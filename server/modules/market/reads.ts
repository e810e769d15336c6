import {
  buyHoldOf,
  MARKET_BOOK_DEPTH,
  priceBand,
  type MarketOrder,
  type MarketOrderState,
  type MarketSeries,
  type MarketTradesPage,
  type MarketView,
  type MyMarketOrders,
  type MyMarketOrdersQuery,
  type MyMarketTradesPage,
} from '../../../src/domain/market';
import type { AppContext } from '../../context';
import {
  findBookLevels,
  findDailySeries,
  findLastPrice,
  type findMarketOrder,
  findMarketOrdersOfUser,
  findTrades,
  findTradesOfUser,
  sumVolumeSince,
} from './repository';
import { productOf, referencePriceOf, settingsOf, startOfDay } from './settings';
import type { CallerId } from '../auth/service';

/** What the market shows: a project's book, trades and chart, and an investor's own orders and fills. */

export async function getMarket(ctx: AppContext, productId: number): Promise<MarketView> {
  const product = await productOf(ctx.db, productId);
  const settings = await settingsOf(ctx.db, productId);
  const referencePrice = await referencePriceOf(ctx, ctx.db, productId, Number(product.price_per_token));
  const [levels, lastPrice, dayVolume] = await Promise.all([
    findBookLevels(ctx.db, productId, MARKET_BOOK_DEPTH, ctx.now().toISOString()),
    findLastPrice(ctx.db, productId),
    sumVolumeSince(ctx.db, productId, startOfDay(ctx.now())),
  ]);
  const level = ({ price, quantity, orders }: (typeof levels.bids)[number]) => ({ price, quantity, orders });
  return {
    productId,
    currency: ctx.config.CURRENCY,
    state: settings.state,
    stateReason: settings.stateReason,
    tickSize: settings.tickSize,
    bandBp: settings.bandBp,
    feeBp: settings.feeBp,
    referencePrice,
    band: priceBand(referencePrice, settings),
    bids: levels.bids.map(level),
    asks: levels.asks.map(level),
    lastPrice,
    dayChange: lastPrice === null ? null : lastPrice - referencePrice,
    dayVolume,
  };
}

export async function listTrades(
  ctx: AppContext,
  productId: number,
  query: { cursor?: number; limit: number },
): Promise<MarketTradesPage> {
  await productOf(ctx.db, productId);
  const rows = await findTrades(ctx.db, productId, query.cursor, query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    trades: page.map((row) => ({
      id: Number(row.id),
      price: Number(row.price),
      quantity: Number(row.quantity),
      amount: Number(row.amount),
      createdAt: row.created_at,
    })),
    nextCursor: rows.length > query.limit ? Number(page[page.length - 1]!.id) : null,
  };
}

/**
 * The chart's series: one point per UTC day with trades in the last `days` days (today
 * included), oldest first, so its size is bounded by `days` whatever the number of trades.
 */
export async function getMarketSeries(ctx: AppContext, productId: number, days: number): Promise<MarketSeries> {
  await productOf(ctx.db, productId);
  const first = new Date(startOfDay(ctx.now()));
  first.setUTCDate(first.getUTCDate() - (days - 1));
  return {
    productId,
    currency: ctx.config.CURRENCY,
    days,
    points: await findDailySeries(ctx.db, productId, first.toISOString()),
  };
}

export type OrderRow = NonNullable<Awaited<ReturnType<typeof findMarketOrder>>>;

/** The state the API answers: an order cancelled because it passed its good_until is EXPIRED. */
function stateOf(row: Pick<OrderRow, 'state' | 'cancel_reason'>): MarketOrderState {
  return row.state === 'CANCELLED' && row.cancel_reason === 'EXPIRED' ? 'EXPIRED' : row.state;
}

export function toOrder(row: OrderRow): MarketOrder {
  const remaining = row.state === 'OPEN' ? Number(row.remaining) : 0;
  return {
    id: Number(row.id),
    productId: Number(row.product_id),
    productName: row.product_name,
    side: row.side,
    price: Number(row.price),
    quantity: Number(row.quantity),
    remaining: Number(row.remaining),
    state: stateOf(row),
    cancelReason: row.cancel_reason,
    held: row.side === 'BUY' ? buyHoldOf(Number(row.price), remaining) : remaining,
    goodUntil: row.good_until ?? null,
    createdAt: row.created_at,
    closedAt: row.closed_at,
  };
}

export async function listMyOrders(
  ctx: AppContext,
  caller: CallerId,
  query: MyMarketOrdersQuery = { limit: 200 },
): Promise<MyMarketOrders> {
  const userId = caller.user.id;
  const rows = await findMarketOrdersOfUser(ctx.db, userId, query.limit + 1, {
    ...(query.state ? { state: query.state } : {}),
    ...(query.cursor !== undefined ? { before: query.cursor } : {}),
  });
  const page = rows.slice(0, query.limit);
  return {
    currency: ctx.config.CURRENCY,
    orders: page.map(toOrder),
    nextCursor: rows.length > query.limit ? Number(page[page.length - 1]!.id) : null,
  };
}

/** The investor's fills, newest first: their side of each, and the fee they paid. */
export async function listMyTrades(
  ctx: AppContext,
  caller: CallerId,
  query: { cursor?: number; limit: number },
): Promise<MyMarketTradesPage> {
  const userId = caller.user.id;
  const rows = await findTradesOfUser(ctx.db, userId, query.limit + 1, query.cursor);
  const page = rows.slice(0, query.limit);
  return {
    trades: page.map((row) => {
      const isBuy = row.buyer_id === userId;
      return {
        id: Number(row.id),
        productId: Number(row.product_id),
        productName: row.product_name,
        orderId: Number(isBuy ? row.buy_order_id : row.sell_order_id),
        side: isBuy ? ('BUY' as const) : ('SELL' as const),
        price: Number(row.price),
        quantity: Number(row.quantity),
        amount: Number(row.amount),
        fee: isBuy ? 0 : Number(row.fee),
        currency: row.currency,
        createdAt: row.created_at,
      };
    }),
    nextCursor: rows.length > query.limit ? Number(page[page.length - 1]!.id) : null,
  };
}
