import type { Kysely } from 'kysely';
import {
  buyHoldOf,
  hasExpired,
  MARKET_DEFAULTS,
  MARKET_GOOD_UNTIL_MAX_DAYS,
  matchIncoming,
  priceBand,
  priceImprovementOf,
  REG_D_LOCK_MONTHS,
  refuseGoodUntil,
  refuseOrder,
  regDUnlockAt,
  type BookOrder,
  type CancelReason,
  type Fill,
  type MarketOrder,
  MARKET_BOOK_DEPTH,
  type MarketOrderPlaced,
  type MarketOrderRequest,
  type MarketSeries,
  type MarketOrderState,
  type MarketSettings,
  type MarketTradesPage,
  type MarketView,
  type MyMarketOrders,
  type MyMarketOrdersQuery,
  type MyMarketTradesPage,
  type TradingState,
} from '../../../src/domain/market';
import type { AppContext, RequestMeta } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import { appendCashEntry } from '../cash/service';
import { recordLiveEvents, recordPublicLiveEvent } from '../live/service';
import { assertAdmin, assertMayActOn, type Operator } from '../operator/service';
import { recordNotifications } from '../notifications/service';
import { credit, creditsSince, debit } from '../holdings/service';
import {
  cancelOpenOrder,
  findBookLevels,
  findCrossingOrders,
  findDailySeries,
  findExpiredOrderIds,
  findHolding,
  findLastPrice,
  findMarketOrder,
  findMarketOrdersOfUser,
  findMarketProduct,
  findMarketSettings,
  findOpenOrderIds,
  findProductsWithExpiredOrders,
  findTrades,
  findTradesOfUser,
  holdTokens,
  insertMarketOrder,
  insertPlatformFee,
  insertTrade,
  lockMarket,
  releaseTokens,
  sumVolumeSince,
  takeFromOrder,
  upsertMarketSettings,
} from './repository';

type Db = Kysely<Database>;

/**
 * The market between investors (docs/decisions/1813-market-between-investors.md). Every write to
 * a project's book runs in one transaction under the project's market lock: the order, its hold
 * (cash through the cash ledger, tokens through product_holdings.market_held), the matching rule
 * of src/domain/market.ts, and each fill's trade, cash entries, holding entries and fee, so a
 * fill is recorded whole or not at all. The database's guarded updates and CHECKs decide that no
 * balance and no holding goes below what it holds.
 */

const SYSTEM = 'market';
/** How many crossing orders one read of the book brings into a match. */
const MATCH_BATCH = 500;

function startOfDay(at: Date): string {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate())).toISOString();
}

async function productOf(db: Db, productId: number) {
  const product = await findMarketProduct(db, productId);
  if (!product) throw new AppError('NOT_FOUND', 'There is no such project.');
  return product;
}

async function settingsOf(db: Db, productId: number): Promise<MarketSettings & { stateReason: string | null }> {
  const row = await findMarketSettings(db, productId);
  if (!row) return { state: 'CLOSED', stateReason: null, ...MARKET_DEFAULTS };
  return {
    state: row.state,
    stateReason: row.state_reason,
    tickSize: Number(row.tick_size),
    bandBp: Number(row.band_bp),
    feeBp: Number(row.fee_bp),
  };
}

/** Today's reference price: the last price before today (UTC), or the offering price. */
async function referencePriceOf(ctx: Pick<AppContext, 'now'>, db: Db, productId: number, offering: number) {
  return (await findLastPrice(db, productId, startOfDay(ctx.now()))) ?? Number(offering);
}

// Reads

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

type OrderRow = NonNullable<Awaited<ReturnType<typeof findMarketOrder>>>;

/** The state the API answers: an order cancelled because it passed its good_until is EXPIRED. */
function stateOf(row: Pick<OrderRow, 'state' | 'cancel_reason'>): MarketOrderState {
  return row.state === 'CANCELLED' && row.cancel_reason === 'EXPIRED' ? 'EXPIRED' : row.state;
}

function toOrder(row: OrderRow): MarketOrder {
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
  userId: string,
  query: MyMarketOrdersQuery = { limit: 200 },
): Promise<MyMarketOrders> {
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
  userId: string,
  query: { cursor?: number; limit: number },
): Promise<MyMarketTradesPage> {
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

// Placing an order

/** The tokens of a Reg D project bought in the last 12 months, and when the next lot unlocks. */
async function lockedTokens(ctx: Pick<AppContext, 'now'>, db: Db, productId: number, userId: string) {
  const cutoff = new Date(ctx.now());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - REG_D_LOCK_MONTHS);
  const lots = await creditsSince(db, productId, userId, cutoff.toISOString());
  return {
    locked: lots.reduce((sum, lot) => sum + lot.quantity, 0),
    nextUnlock: lots[0] ? regDUnlockAt(lots[0].at) : null,
  };
}

function refusal(refused: NonNullable<ReturnType<typeof refuseOrder>>, stateReason: string | null): AppError {
  switch (refused.code) {
    case 'MARKET_CLOSED':
      return new AppError(
        'MARKET_CLOSED',
        refused.state === 'HALTED'
          ? `Trading in this project is halted${stateReason ? `: ${stateReason}` : '.'}`
          : 'Trading in this project is not open.',
      );
    case 'PRICE_NOT_ON_TICK':
      return new AppError('PRICE_NOT_ON_TICK', `The price must be a whole multiple of ${refused.tickSize}.`);
    case 'PRICE_OUTSIDE_BAND':
      return new AppError(
        'PRICE_OUTSIDE_BAND',
        `Today the price must be from ${refused.low} to ${refused.high} (minor units per token).`,
      );
    case 'QUANTITY_INVALID':
      return new AppError('VALIDATION_FAILED', 'quantity: Enter a whole number of tokens from 1 to 1,000,000,000.');
    case 'AMOUNT_TOO_LARGE':
      return new AppError('VALIDATION_FAILED', 'The order’s total is too large.');
  }
}

interface PlacedOrder {
  id: number;
  userId: string;
  productId: number;
  side: 'BUY' | 'SELL';
  price: number;
}

/** Holds what the order may spend: the buyer's cash at the limit price, or the seller's free tokens. */
async function holdFor(
  ctx: Pick<AppContext, 'now' | 'config'>,
  trx: Db,
  order: PlacedOrder & { quantity: number; isRegD: boolean },
  at: string,
  meta: RequestMeta,
): Promise<void> {
  if (order.side === 'BUY') {
    await appendCashEntry(trx, {
      userId: order.userId,
      currency: ctx.config.CURRENCY,
      kind: 'MARKET_HOLD',
      reason: 'MARKET',
      amount: buyHoldOf(order.price, order.quantity),
      actor: { type: 'INVESTOR', id: order.userId },
      productId: order.productId,
      marketOrderId: order.id,
      note: `Buy order ${order.id}`,
      at,
      meta,
    });
    return;
  }
  const holding = await findHolding(trx, order.productId, order.userId);
  const lock = order.isRegD
    ? await lockedTokens(ctx, trx, order.productId, order.userId)
    : { locked: 0, nextUnlock: null };
  const locked = Math.min(lock.locked, holding.quantity);
  const held = await holdTokens(trx, {
    productId: order.productId,
    userId: order.userId,
    quantity: order.quantity,
    locked,
    at,
  });
  if (held) return;
  if (locked > 0 && holding.quantity - holding.held >= order.quantity) {
    throw new AppError(
      'TOKENS_LOCKED',
      `${locked} of your tokens were bought less than 12 months ago and cannot be sold yet; the next lot unlocks at ${lock.nextUnlock}.`,
    );
  }
  throw new AppError(
    'INSUFFICIENT_TOKENS',
    `You can sell ${Math.max(0, holding.quantity - holding.held - locked)} tokens of this project (tokens in other sell orders are held).`,
  );
}

/** Gives back what an order still holds (its remaining quantity). */
async function releaseHold(
  ctx: Pick<AppContext, 'config'>,
  trx: Db,
  order: PlacedOrder,
  remaining: number,
  actor: { type: 'INVESTOR' | 'OPERATOR' | 'SYSTEM'; id: string },
  at: string,
  meta?: RequestMeta,
): Promise<void> {
  if (remaining <= 0) return;
  if (order.side === 'SELL') {
    await releaseTokens(trx, order.productId, order.userId, remaining);
    return;
  }
  await appendCashEntry(trx, {
    userId: order.userId,
    currency: ctx.config.CURRENCY,
    kind: 'MARKET_RELEASE',
    reason: 'MARKET',
    amount: buyHoldOf(order.price, remaining),
    actor,
    productId: order.productId,
    marketOrderId: order.id,
    note: `Buy order ${order.id} released`,
    at,
    ...(meta ? { meta } : {}),
  });
}

/**
 * Settles one fill: the trade row, the buyer's payment from their hold (and the better price
 * given back when the buyer's limit was higher), the seller's proceeds less the fee, the fee on
 * the platform's account, the tokens from the seller's hold to the buyer, and the resting order's
 * remaining quantity. All in the caller's transaction.
 */
async function settleFill(
  ctx: Pick<AppContext, 'config'>,
  trx: Db,
  fill: Fill,
  incoming: PlacedOrder,
  maker: BookOrder,
  at: string,
): Promise<number> {
  const currency = ctx.config.CURRENCY;
  const productId = incoming.productId;
  const tradeId = await insertTrade(trx, {
    product_id: productId,
    buy_order_id: fill.buyOrderId,
    sell_order_id: fill.sellOrderId,
    buyer_id: fill.buyerId,
    seller_id: fill.sellerId,
    currency,
    price: fill.price,
    quantity: fill.quantity,
    amount: fill.amount,
    fee: fill.fee,
    created_at: at,
  });
  if (!(await takeFromOrder(trx, maker.id, maker.remaining, fill.quantity, at))) {
    throw new Error(`Market order ${maker.id} changed under the market lock`);
  }
  const system = { type: 'SYSTEM' as const, id: SYSTEM };
  const common = { currency, reason: 'MARKET' as const, actor: system, productId, marketTradeId: tradeId, at };
  await appendCashEntry(trx, {
    ...common,
    userId: fill.buyerId,
    kind: 'MARKET_BUY',
    amount: fill.amount,
    marketOrderId: fill.buyOrderId,
    note: `Bought ${fill.quantity} at ${fill.price}`,
  });
  const buyLimit = incoming.side === 'BUY' ? incoming.price : fill.price;
  const improvement = priceImprovementOf(buyLimit, fill);
  if (improvement > 0) {
    await appendCashEntry(trx, {
      ...common,
      userId: fill.buyerId,
      kind: 'MARKET_RELEASE',
      amount: improvement,
      marketOrderId: fill.buyOrderId,
      note: `Bought below the limit of buy order ${fill.buyOrderId}`,
    });
  }
  await appendCashEntry(trx, {
    ...common,
    userId: fill.sellerId,
    kind: 'MARKET_SALE',
    amount: fill.amount,
    marketOrderId: fill.sellOrderId,
    note: `Sold ${fill.quantity} at ${fill.price}`,
  });
  if (fill.fee > 0) {
    await appendCashEntry(trx, {
      ...common,
      userId: fill.sellerId,
      kind: 'FEE',
      amount: fill.fee,
      marketOrderId: fill.sellOrderId,
      note: `Market fee on trade ${tradeId}`,
    });
    await insertPlatformFee(trx, { currency, amount: fill.fee, marketTradeId: tradeId, at });
  }
  // The held tokens leave the hold first, so the holding never falls below what it holds.
  await releaseTokens(trx, productId, fill.sellerId, fill.quantity);
  const tokenEntry = { productId, quantity: fill.quantity, orderId: null, at, marketTradeId: tradeId };
  await debit(trx, {
    ...tokenEntry,
    userId: fill.sellerId,
    reason: 'MARKET_SALE',
    note: `Trade ${tradeId}`,
  });
  await credit(trx, {
    ...tokenEntry,
    userId: fill.buyerId,
    reason: 'MARKET_BUY',
    note: `Trade ${tradeId}`,
  });
  for (const userId of [fill.buyerId, fill.sellerId]) {
    await appendAuditEvent(
      trx,
      {
        userId,
        actor: 'system',
        type: 'MARKET_TRADE',
        detail: {
          tradeId: String(tradeId),
          productId: String(productId),
          side: userId === fill.buyerId ? 'BUY' : 'SELL',
          price: String(fill.price),
          quantity: String(fill.quantity),
          fee: userId === fill.sellerId ? String(fill.fee) : '0',
        },
        meta: { ip: 'system', userAgent: 'Moa market' },
      },
      at,
    );
  }
  await recordLiveEvents(trx, at, [
    { userId: fill.buyerId, type: 'holding', productId, ref: String(tradeId) },
    { userId: fill.sellerId, type: 'holding', productId, ref: String(tradeId) },
  ]);
  return tradeId;
}

/**
 * Places a limit order for the investor (identity approved, not banned, allowed on the project:
 * the route and this function check it), holds what it may spend, matches it against the book
 * and settles every fill, all in one transaction.
 * Its route admits only an approved identity (`requireAuth({ level: 'kyc' })`).
 */
export async function placeMarketOrder(
  ctx: AppContext,
  userId: string,
  productId: number,
  body: MarketOrderRequest,
  meta: RequestMeta,
): Promise<MarketOrderPlaced> {
  const product = await productOf(ctx.db, productId);
  const { orderId, fills } = await ctx.db.transaction().execute(async (trx) => {
    await lockMarket(trx, productId);
    const at = ctx.now().toISOString();
    const settings = await settingsOf(trx, productId);
    const referencePrice = await referencePriceOf(ctx, trx, productId, Number(product.price_per_token));
    const refused = refuseOrder(body, settings, referencePrice);
    if (refused) throw refusal(refused, settings.stateReason);
    const tooLate = refuseGoodUntil(body.goodUntil, ctx.now());
    if (tooLate) {
      throw new AppError(
        'VALIDATION_FAILED',
        tooLate.code === 'GOOD_UNTIL_PAST'
          ? 'goodUntil: The order must be good until a moment in the future.'
          : `goodUntil: An order may be good for at most ${MARKET_GOOD_UNTIL_MAX_DAYS} days, until ${tooLate.latest}.`,
      );
    }
    // Orders past their date leave the book before this one meets it, releasing what they hold.
    await expireDueInTransaction(ctx, trx, productId, at);
    const goodUntil = body.goodUntil ? new Date(body.goodUntil).toISOString() : null;
    const id = await insertMarketOrder(trx, {
      product_id: productId,
      user_id: userId,
      side: body.side,
      price: body.price,
      quantity: body.quantity,
      remaining: body.quantity,
      state: 'OPEN',
      cancel_reason: null,
      created_at: at,
      updated_at: at,
      closed_at: null,
      good_until: goodUntil,
    });
    const placed: PlacedOrder = { id, userId, productId, side: body.side, price: body.price };
    await holdFor(ctx, trx, { ...placed, quantity: body.quantity, isRegD: Boolean(product.is_reg_d) }, at, meta);
    await appendAuditEvent(
      trx,
      {
        userId,
        actor: 'user',
        type: 'MARKET_ORDER_PLACED',
        detail: {
          orderId: String(id),
          productId: String(productId),
          side: body.side,
          price: String(body.price),
          quantity: String(body.quantity),
          ...(goodUntil ? { goodUntil } : {}),
        },
        meta,
      },
      at,
    );

    const incoming: BookOrder = { id, userId, side: body.side, price: body.price, remaining: body.quantity, seq: id };
    const settled: Array<{ tradeId: number; price: number; quantity: number }> = [];
    const touched = new FilledOrders({ id, quantity: body.quantity });
    let stoppedBySelfTrade = false;
    while (incoming.remaining > 0 && !stoppedBySelfTrade) {
      const batch = await findCrossingOrders(trx, productId, body.side, body.price, MATCH_BATCH, at);
      if (!batch.length) break;
      const result = matchIncoming(incoming, batch, settings.feeBp);
      for (const fill of result.fills) {
        const maker = batch.find((order) => order.id === fill.makerOrderId)!;
        const tradeId = await settleFill(ctx, trx, fill, placed, maker, at);
        settled.push({ tradeId, price: fill.price, quantity: fill.quantity });
        touched.add(fill, maker);
      }
      const filled = incoming.remaining - result.remaining;
      if (filled > 0 && !(await takeFromOrder(trx, id, incoming.remaining, filled, at))) {
        throw new Error(`Market order ${id} changed under the market lock`);
      }
      incoming.remaining = result.remaining;
      stoppedBySelfTrade = result.stoppedBySelfTrade;
      // A batch that was not full held every crossing order: nothing more can fill.
      if (batch.length < MATCH_BATCH || filled === 0) break;
    }
    if (stoppedBySelfTrade && incoming.remaining > 0) {
      const left = await cancelOpenOrder(trx, id, 'SELF_TRADE', at);
      await releaseHold(ctx, trx, placed, left ?? 0, { type: 'SYSTEM', id: SYSTEM }, at, meta);
    }
    // Every open project page refreshes its book (and its chart when something traded).
    await recordPublicLiveEvent(trx, at, { type: 'market', productId, traded: settled.length > 0 });
    await recordLiveEvents(trx, at, [{ userId, type: 'marketOrder', productId, ref: String(id) }]);
    await notifyFills(ctx, trx, touched, product, at);
    return { orderId: id, fills: settled };
  });
  const row = await findMarketOrder(ctx.db, orderId);
  return { order: toOrder(row!), fills };
}

// Cancelling

async function cancelInTransaction(
  ctx: AppContext,
  trx: Db,
  row: OrderRow,
  reason: CancelReason,
  actor: { type: 'INVESTOR' | 'OPERATOR' | 'SYSTEM'; id: string },
  at: string,
  meta: RequestMeta,
  announce = true,
): Promise<boolean> {
  const left = await cancelOpenOrder(trx, Number(row.id), reason, at);
  if (left === null) return false;
  const order: PlacedOrder = {
    id: Number(row.id),
    userId: row.user_id,
    productId: Number(row.product_id),
    side: row.side,
    price: Number(row.price),
  };
  await releaseHold(ctx, trx, order, left, actor, at, meta);
  await appendAuditEvent(
    trx,
    {
      userId: row.user_id,
      actor: actor.type === 'INVESTOR' ? 'user' : actor.type === 'OPERATOR' ? 'operator' : 'system',
      type: 'MARKET_ORDER_CANCELLED',
      detail: {
        orderId: String(row.id),
        productId: String(row.product_id),
        reason,
        remaining: String(left),
        by: actor.id,
      },
      meta,
    },
    at,
  );
  await recordLiveEvents(trx, at, [
    { userId: row.user_id, type: 'holding', productId: order.productId, ref: null },
    { userId: row.user_id, type: 'marketOrder', productId: order.productId, ref: String(row.id) },
  ]);
  if (announce) await recordPublicLiveEvent(trx, at, { type: 'market', productId: order.productId });
  return true;
}

// Expiry

const SYSTEM_META: RequestMeta = { ip: 'system', userAgent: 'Moa market' };

/**
 * Expires the project's open orders past their good_until at `at` (the caller holds the market
 * lock): each is cancelled with the reason EXPIRED and releases what it still holds. The
 * conditional update of cancelOpenOrder makes each expiry happen once, whoever gets there first.
 */
async function expireDueInTransaction(ctx: AppContext, trx: Db, productId: number, at: string): Promise<number> {
  let expired = 0;
  for (const id of await findExpiredOrderIds(trx, productId, at)) {
    const row = await findMarketOrder(trx, id);
    if (row && (await cancelInTransaction(ctx, trx, row, 'EXPIRED', { type: 'SYSTEM', id: SYSTEM }, at, SYSTEM_META))) {
      expired += 1;
    }
  }
  return expired;
}

/**
 * The expiry sweep (every API process runs it): every open order past its good_until is
 * cancelled as EXPIRED and releases its tokens or cash, one project's transaction at a time.
 * Answers how many expired.
 */
export async function expireDueMarketOrders(ctx: AppContext): Promise<number> {
  let expired = 0;
  for (const productId of await findProductsWithExpiredOrders(ctx.db, ctx.now().toISOString())) {
    expired += await ctx.db.transaction().execute(async (trx) => {
      await lockMarket(trx, productId);
      return expireDueInTransaction(ctx, trx, productId, ctx.now().toISOString());
    });
  }
  return expired;
}

// Fill notices

/** What one placement filled of each order it touched: the incoming one and every maker. */
class FilledOrders {
  readonly byOrder = new Map<
    number,
    { userId: string; side: 'BUY' | 'SELL'; quantity: number; amount: number; ordered: number; before: number }
  >();

  /** `incoming`: the order being placed, whole (nothing of it had traded before). */
  constructor(private readonly incoming: { id: number; quantity: number }) {}

  add(fill: Fill, maker: BookOrder & { quantity: number }): void {
    for (const [orderId, userId, side] of [
      [fill.buyOrderId, fill.buyerId, 'BUY'],
      [fill.sellOrderId, fill.sellerId, 'SELL'],
    ] as const) {
      const isMaker = orderId === maker.id;
      const seen = this.byOrder.get(orderId) ?? {
        userId,
        side,
        quantity: 0,
        amount: 0,
        ordered: isMaker ? maker.quantity : this.incoming.quantity,
        before: isMaker ? maker.quantity - maker.remaining : 0,
      };
      seen.quantity += fill.quantity;
      seen.amount += fill.amount;
      this.byOrder.set(orderId, seen);
    }
  }
}

/** Where a fill notice leads: the investor's market orders. */
export const MY_MARKET_LINK = '/account/market';

/**
 * Tells each investor whose order filled, fully or in part, in this placement: one notice per
 * order (inbox and push, subject to their MARKET_ORDER_FILLED preference), and a live event for
 * their open lists. In the placement's transaction, so a notice exists exactly when its fills do.
 */
async function notifyFills(
  ctx: AppContext,
  trx: Db,
  filled: FilledOrders,
  product: { id: number; name: string },
  at: string,
) {
  const productId = Number(product.id);
  await recordLiveEvents(
    trx,
    at,
    [...filled.byOrder].map(([orderId, fill]) => ({
      userId: fill.userId,
      type: 'marketOrder' as const,
      productId,
      ref: String(orderId),
    })),
  );
  for (const [orderId, fill] of filled.byOrder) {
    await recordNotifications(ctx, trx, {
      type: 'MARKET_ORDER_FILLED',
      productId,
      userIds: [fill.userId],
      params: {
        productName: product.name,
        side: fill.side,
        reference: String(orderId),
        quantity: String(fill.quantity),
        amount: String(fill.amount),
        currency: ctx.config.CURRENCY,
        filled: String(fill.before + fill.quantity),
        ordered: String(fill.ordered),
      },
      link: MY_MARKET_LINK,
    });
  }
}

/** The investor cancels their own open order: what it still holds comes back at once. */
export async function cancelMarketOrder(
  ctx: AppContext,
  userId: string,
  orderId: number,
  meta: RequestMeta,
): Promise<MarketOrder> {
  const first = await findMarketOrder(ctx.db, orderId);
  if (!first || first.user_id !== userId) throw new AppError('NOT_FOUND', 'There is no such order.');
  await ctx.db.transaction().execute(async (trx) => {
    await lockMarket(trx, Number(first.product_id));
    const row = await findMarketOrder(trx, orderId);
    const now = ctx.now();
    // An order past its date that the sweep has not reached yet expires now, as it would have.
    const expired = row ? hasExpired(row.good_until, now) : false;
    const done =
      row &&
      (await cancelInTransaction(
        ctx,
        trx,
        row,
        expired ? 'EXPIRED' : 'INVESTOR',
        expired ? { type: 'SYSTEM', id: SYSTEM } : { type: 'INVESTOR', id: userId },
        now.toISOString(),
        meta,
      ));
    if (!done) throw new AppError('MARKET_ORDER_CLOSED', 'This order was already filled, cancelled or expired.');
  });
  return toOrder((await findMarketOrder(ctx.db, orderId))!);
}

// Operator

async function changeState(
  ctx: AppContext,
  operator: Operator,
  productId: number,
  change: (
    current: Awaited<ReturnType<typeof settingsOf>>,
    exists: boolean,
  ) => {
    state: TradingState;
    reason: string | null;
    settings?: Partial<Pick<MarketSettings, 'tickSize' | 'bandBp' | 'feeBp'>>;
  },
  auditType: string,
): Promise<MarketView> {
  await productOf(ctx.db, productId);
  await assertMayActOn(ctx, operator, productId);
  await ctx.db.transaction().execute(async (trx) => {
    await lockMarket(trx, productId);
    const exists = (await findMarketSettings(trx, productId)) !== undefined;
    const current = await settingsOf(trx, productId);
    const next = change(current, exists);
    const settings = { ...current, ...next.settings };
    if (settings.feeBp !== current.feeBp) assertAdmin(operator, 'change the market’s fee');
    const at = ctx.now().toISOString();
    await upsertMarketSettings(trx, {
      product_id: productId,
      state: next.state,
      state_reason: next.reason,
      tick_size: settings.tickSize,
      band_bp: settings.bandBp,
      fee_bp: settings.feeBp,
      updated_at: at,
    });
    await appendAuditEvent(
      trx,
      {
        userId: operator.userId,
        actor: 'operator',
        type: auditType,
        detail: {
          productId: String(productId),
          state: next.state,
          tickSize: String(settings.tickSize),
          bandBp: String(settings.bandBp),
          feeBp: String(settings.feeBp),
          operator: operator.label,
          ...(next.reason ? { reason: next.reason } : {}),
        },
        meta: operator.meta,
      },
      at,
    );
    await recordPublicLiveEvent(trx, at, { type: 'market', productId });
  });
  return getMarket(ctx, productId);
}

function checkSetting(name: string, value: number | undefined, min: number, max: number): void {
  if (value === undefined) return;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new AppError('VALIDATION_FAILED', `${name} must be a whole number from ${min} to ${max}.`);
  }
}

/** Turns trading on (or changes its settings): OPEN, with the tick, band and fee given or kept. */
export async function openMarket(
  ctx: AppContext,
  operator: Operator,
  productId: number,
  settings: Partial<Pick<MarketSettings, 'tickSize' | 'bandBp' | 'feeBp'>> = {},
): Promise<MarketView> {
  checkSetting('The tick size', settings.tickSize, 1, Number.MAX_SAFE_INTEGER);
  checkSetting('The band', settings.bandBp, 1, 10_000);
  checkSetting('The fee', settings.feeBp, 0, 1_000);
  return changeState(ctx, operator, productId, () => ({ state: 'OPEN', reason: null, settings }), 'MARKET_OPENED');
}

/** Changes the tick, band or fee and keeps the trading state (CLOSED until first opened). */
export async function changeMarketSettings(
  ctx: AppContext,
  operator: Operator,
  productId: number,
  settings: Partial<Pick<MarketSettings, 'tickSize' | 'bandBp' | 'feeBp'>>,
): Promise<MarketView> {
  checkSetting('The tick size', settings.tickSize, 1, Number.MAX_SAFE_INTEGER);
  checkSetting('The band', settings.bandBp, 1, 10_000);
  checkSetting('The fee', settings.feeBp, 0, 1_000);
  return changeState(
    ctx,
    operator,
    productId,
    (current) => ({ state: current.state, reason: current.stateReason, settings }),
    'MARKET_SETTINGS_CHANGED',
  );
}

/**
 * Turns trading off: no order is taken until opened again. Resting orders stay (investors may
 * cancel them; the operator may cancel them all); nothing matches while no order comes in.
 */
export async function closeMarket(ctx: AppContext, operator: Operator, productId: number): Promise<MarketView> {
  return changeState(
    ctx,
    operator,
    productId,
    (current, exists) => {
      if (!exists || current.state === 'CLOSED') {
        throw new AppError('MARKET_CLOSED', 'Trading in this project is not open; there is nothing to close.');
      }
      return { state: 'CLOSED', reason: null };
    },
    'MARKET_CLOSED',
  );
}

/** The circuit breaker: no order is taken until resumed; the reason is shown to investors. */
export async function haltMarket(ctx: AppContext, operator: Operator, productId: number, reason: string) {
  const why = reason.trim();
  if (!why) throw new AppError('VALIDATION_FAILED', 'Give the reason investors will see.');
  return changeState(
    ctx,
    operator,
    productId,
    (current, exists) => {
      if (!exists || current.state === 'CLOSED') {
        throw new AppError('MARKET_CLOSED', 'Trading in this project is not open; there is nothing to halt.');
      }
      return { state: 'HALTED', reason: why.slice(0, 500) };
    },
    'MARKET_HALTED',
  );
}

export async function resumeMarket(ctx: AppContext, operator: Operator, productId: number) {
  return changeState(
    ctx,
    operator,
    productId,
    (current) => {
      if (current.state !== 'HALTED') throw new AppError('MARKET_CLOSED', 'Trading in this project is not halted.');
      return { state: 'OPEN', reason: null };
    },
    'MARKET_RESUMED',
  );
}

/** Cancels every resting order of the project, each releasing what it holds. Answers how many. */
export async function cancelAllOrders(
  ctx: AppContext,
  operator: Operator,
  productId: number,
  reason: string,
): Promise<number> {
  const why = reason.trim();
  if (!why) throw new AppError('VALIDATION_FAILED', 'Give the reason for cancelling the orders.');
  await productOf(ctx.db, productId);
  await assertMayActOn(ctx, operator, productId);
  return ctx.db.transaction().execute(async (trx) => {
    await lockMarket(trx, productId);
    const at = ctx.now().toISOString();
    let cancelled = 0;
    for (const id of await findOpenOrderIds(trx, productId)) {
      const row = await findMarketOrder(trx, id);
      if (
        row &&
        (await cancelInTransaction(
          ctx,
          trx,
          row,
          'OPERATOR',
          { type: 'OPERATOR', id: operator.label },
          at,
          operator.meta,
          false,
        ))
      ) {
        cancelled += 1;
      }
    }
    // One public change for the whole book, however many orders it held.
    if (cancelled > 0) await recordPublicLiveEvent(trx, at, { type: 'market', productId });
    await appendAuditEvent(
      trx,
      {
        userId: operator.userId,
        actor: 'operator',
        type: 'MARKET_ORDERS_CANCELLED',
        detail: { productId: String(productId), cancelled: String(cancelled), reason: why, operator: operator.label },
        meta: operator.meta,
      },
      at,
    );
    return cancelled;
  });
}
