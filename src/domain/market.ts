import { z } from 'zod';
import { wholeNumber, wholeNumberParam } from './fields';
import { says } from './validation-messages';

/**
 * The market between investors (docs/decisions/1813-market-between-investors.md): one order book
 * per project, limit orders in integer minor units of the platform's currency, matched by price
 * and time, each fill settled on the holdings ledger and the cash ledger in one transaction.
 * The rules here are pure and shared: the server validates and matches with them inside its
 * transaction, the client shows the same band, tick, total and fee before confirming.
 *
 * Calls:
 *
 *   GET  /api/v1/products/{id}/market                    → marketView
 *   GET  /api/v1/products/{id}/market/trades?cursor=&limit= → marketTradesPage (newest first)
 *   GET  /api/v1/products/{id}/market/series?days=          → marketSeries (one point per UTC day with trades)
 *   POST /api/v1/products/{id}/market/orders             body marketOrderRequest → 201 marketOrderPlaced
 *   GET  /api/v1/users/me/market/orders?state=&cursor=&limit= → myMarketOrders (newest first)
 *   GET  /api/v1/users/me/market/trades?cursor=&limit=    → myMarketTradesPage (newest first)
 *   POST /api/v1/market/orders/{id}/cancel               → marketOrder
 *
 * Command line: market:open, market:halt, market:resume, market:cancel-all.
 */

export const marketSides = ['BUY', 'SELL'] as const;
export type MarketSide = (typeof marketSides)[number];

/** OPEN: orders are taken and matched. HALTED: a circuit breaker with a reason. CLOSED: no market. */
export const tradingStates = ['OPEN', 'HALTED', 'CLOSED'] as const;
export type TradingState = (typeof tradingStates)[number];

/**
 * EXPIRED: the order passed its `goodUntil` before it filled (stored as CANCELLED with the
 * reason EXPIRED; answered as its own state).
 */
export const marketOrderStates = ['OPEN', 'FILLED', 'CANCELLED', 'EXPIRED'] as const;
export type MarketOrderState = (typeof marketOrderStates)[number];

/** Why an order stopped resting before it filled. */
export const cancelReasons = ['INVESTOR', 'OPERATOR', 'SELF_TRADE', 'EXPIRED'] as const;
export type CancelReason = (typeof cancelReasons)[number];

/** Basis points in one whole: 10,000 bp = 100 %. */
export const BP_WHOLE = 10_000;
/** The most tokens one order may name. */
export const MARKET_MAX_QUANTITY = 1_000_000_000;
/** The settings a project's market starts with when it is first opened. */
export const MARKET_DEFAULTS = { tickSize: 1, bandBp: 3_000, feeBp: 100 } as const;
/** The furthest an order may be good until: this many days from when it is placed. */
export const MARKET_GOOD_UNTIL_MAX_DAYS = 365;
/** Reg D tokens may be sold this many months after the purchase that brought them. */
export const REG_D_LOCK_MONTHS = 12;
/** How many price levels of each side the book shows, best first: what a screen can use, whatever the book's size. */
export const MARKET_BOOK_DEPTH = 50;

export interface MarketSettings {
  state: TradingState;
  /** Every price is a whole multiple of it (minor units). */
  tickSize: number;
  /** The daily band either side of the reference price, in basis points. */
  bandBp: number;
  /** The fee on each fill, in basis points of its amount, paid by the seller. */
  feeBp: number;
}

// Rules

/**
 * The fee of a fill of `amount` minor units at `feeBp`: amount × feeBp / 10,000 rounded half up
 * to a whole minor unit (0.5 and above rounds up), in integers only.
 */
export function feeOf(amount: number, feeBp: number): number {
  return Math.floor((amount * feeBp + BP_WHOLE / 2) / BP_WHOLE);
}

/**
 * The prices allowed today: the reference price ± bandBp, each end moved inwards to a whole
 * tick, and never below one tick.
 */
export function priceBand(referencePrice: number, settings: Pick<MarketSettings, 'tickSize' | 'bandBp'>) {
  const { tickSize, bandBp } = settings;
  const lowRaw = Math.ceil((referencePrice * (BP_WHOLE - bandBp)) / BP_WHOLE);
  const highRaw = Math.floor((referencePrice * (BP_WHOLE + bandBp)) / BP_WHOLE);
  const low = Math.max(tickSize, Math.ceil(lowRaw / tickSize) * tickSize);
  const high = Math.floor(highRaw / tickSize) * tickSize;
  return { low, high };
}

export type OrderRefusal =
  | { code: 'MARKET_CLOSED'; state: TradingState }
  | { code: 'PRICE_NOT_ON_TICK'; tickSize: number }
  | { code: 'PRICE_OUTSIDE_BAND'; low: number; high: number }
  | { code: 'QUANTITY_INVALID' }
  | { code: 'AMOUNT_TOO_LARGE' };

/**
 * Whether an order may be placed now: the market is open, the quantity is a whole number from 1
 * to MARKET_MAX_QUANTITY, the price a whole multiple of the tick inside the day's band, and the
 * total a safe integer. Null when it may.
 */
export function refuseOrder(
  order: { side: MarketSide; price: number; quantity: number },
  settings: MarketSettings,
  referencePrice: number,
): OrderRefusal | null {
  if (settings.state !== 'OPEN') return { code: 'MARKET_CLOSED', state: settings.state };
  if (!Number.isSafeInteger(order.quantity) || order.quantity < 1 || order.quantity > MARKET_MAX_QUANTITY) {
    return { code: 'QUANTITY_INVALID' };
  }
  if (!Number.isSafeInteger(order.price) || order.price < 1 || order.price % settings.tickSize !== 0) {
    return { code: 'PRICE_NOT_ON_TICK', tickSize: settings.tickSize };
  }
  const band = priceBand(referencePrice, settings);
  if (order.price < band.low || order.price > band.high) return { code: 'PRICE_OUTSIDE_BAND', ...band };
  if (!Number.isSafeInteger(order.price * order.quantity * BP_WHOLE)) return { code: 'AMOUNT_TOO_LARGE' };
  return null;
}

/**
 * Whether a `goodUntil` (ISO instant, or null: until cancelled) may be given at `now`: strictly
 * in the future and at most MARKET_GOOD_UNTIL_MAX_DAYS ahead. Null when it may.
 */
export function refuseGoodUntil(
  goodUntil: string | null | undefined,
  now: Date,
): { code: 'GOOD_UNTIL_PAST' } | { code: 'GOOD_UNTIL_TOO_FAR'; latest: string } | null {
  if (goodUntil === null || goodUntil === undefined) return null;
  const at = Date.parse(goodUntil);
  if (Number.isNaN(at) || at <= now.getTime()) return { code: 'GOOD_UNTIL_PAST' };
  const latest = now.getTime() + MARKET_GOOD_UNTIL_MAX_DAYS * 24 * 60 * 60 * 1000;
  if (at > latest) return { code: 'GOOD_UNTIL_TOO_FAR', latest: new Date(latest).toISOString() };
  return null;
}

/** Whether an order good until `goodUntil` has expired at `now` (it stops matching at that instant). */
export function hasExpired(goodUntil: string | null | undefined, now: Date): boolean {
  return goodUntil !== null && goodUntil !== undefined && Date.parse(goodUntil) <= now.getTime();
}

/** An order in the book, as the matching rule sees it. `seq` orders time: lower came first. */
export interface BookOrder {
  id: number;
  userId: string;
  side: MarketSide;
  price: number;
  remaining: number;
  seq: number;
}

export interface Fill {
  buyOrderId: number;
  sellOrderId: number;
  buyerId: string;
  sellerId: string;
  /** The resting order's price. */
  price: number;
  quantity: number;
  /** price × quantity: what the buyer pays. */
  amount: number;
  /** What the platform takes from the seller's proceeds (feeOf). */
  fee: number;
  /** The resting order this fill was taken from. */
  makerOrderId: number;
}

export interface MatchResult {
  fills: Fill[];
  /** What is left of the incoming order after its fills. */
  remaining: number;
  /**
   * The incoming order met its own investor's resting order at a crossing price: its rest is
   * cancelled (self-trade prevention, cancel newest), so it neither trades with it nor rests
   * across it.
   */
  stoppedBySelfTrade: boolean;
}

/** Whether `a` comes before `b` in the queue of their side: better price, then earlier. */
export function hasPriority(a: BookOrder, b: BookOrder): boolean {
  if (a.price !== b.price) return a.side === 'BUY' ? a.price > b.price : a.price < b.price;
  return a.seq < b.seq;
}

/** The opposite side's orders in the order they are matched (best price first, then oldest). */
export function queueOf(orders: readonly BookOrder[]): BookOrder[] {
  return [...orders].sort((a, b) => (hasPriority(a, b) ? -1 : hasPriority(b, a) ? 1 : 0));
}

function crosses(incoming: BookOrder, resting: BookOrder): boolean {
  return incoming.side === 'BUY' ? resting.price <= incoming.price : resting.price >= incoming.price;
}

/**
 * The matching rule: `incoming` against the resting orders of the other side (in any order).
 * Price-time priority, partial fills at the resting order's price, a fee in basis points. When
 * the next order in the queue is the incoming investor's own, matching stops and the rest of
 * the incoming order is cancelled (stoppedBySelfTrade): an investor never trades with
 * themselves, and the book is never left crossed.
 */
export function matchIncoming(incoming: BookOrder, opposite: readonly BookOrder[], feeBp: number): MatchResult {
  const fills: Fill[] = [];
  let remaining = incoming.remaining;
  for (const resting of queueOf(opposite.filter((order) => order.side !== incoming.side && order.remaining > 0))) {
    if (remaining === 0 || !crosses(incoming, resting)) break;
    if (resting.userId === incoming.userId) return { fills, remaining, stoppedBySelfTrade: true };
    const quantity = Math.min(remaining, resting.remaining);
    const amount = resting.price * quantity;
    const buy = incoming.side === 'BUY' ? incoming : resting;
    const sell = incoming.side === 'BUY' ? resting : incoming;
    fills.push({
      buyOrderId: buy.id,
      sellOrderId: sell.id,
      buyerId: buy.userId,
      sellerId: sell.userId,
      price: resting.price,
      quantity,
      amount,
      fee: feeOf(amount, feeBp),
      makerOrderId: resting.id,
    });
    remaining -= quantity;
  }
  return { fills, remaining, stoppedBySelfTrade: false };
}

/** A whole book in memory: what the property tests drive, and a reference for the server. */
export interface Book {
  orders: BookOrder[];
}

/**
 * Places `incoming` in `book`: matches it, takes the filled quantities off the resting orders,
 * and rests what is left unless self-trade prevention cancelled it. Pure: answers a new book.
 */
export function placeInBook(book: Book, incoming: BookOrder, feeBp: number): { book: Book; result: MatchResult } {
  const result = matchIncoming(incoming, book.orders, feeBp);
  const taken = new Map<number, number>();
  for (const fill of result.fills) taken.set(fill.makerOrderId, (taken.get(fill.makerOrderId) ?? 0) + fill.quantity);
  const orders = book.orders
    .map((order) => ({ ...order, remaining: order.remaining - (taken.get(order.id) ?? 0) }))
    .filter((order) => order.remaining > 0);
  if (result.remaining > 0 && !result.stoppedBySelfTrade) orders.push({ ...incoming, remaining: result.remaining });
  return { book: { orders }, result };
}

/** The best bid and ask of a book; crossed when a bid is at or above an ask. */
export function bestPrices(orders: readonly BookOrder[]): { bid: number | null; ask: number | null } {
  let bid: number | null = null;
  let ask: number | null = null;
  for (const order of orders) {
    if (order.remaining <= 0) continue;
    if (order.side === 'BUY') bid = bid === null ? order.price : Math.max(bid, order.price);
    else ask = ask === null ? order.price : Math.min(ask, order.price);
  }
  return { bid, ask };
}

/** What a buy order holds of the buyer's cash: its remaining quantity at its own limit price. */
export function buyHoldOf(price: number, quantity: number): number {
  return price * quantity;
}

/** What a fill gives back to the buyer from their hold: the better price times the quantity. */
export function priceImprovementOf(limitPrice: number, fill: Pick<Fill, 'price' | 'quantity'>): number {
  return (limitPrice - fill.price) * fill.quantity;
}

/** The Reg D unlock moment of a lot bought at `boughtAt` (ISO): REG_D_LOCK_MONTHS later. */
export function regDUnlockAt(boughtAt: string): string {
  const date = new Date(boughtAt);
  date.setUTCMonth(date.getUTCMonth() + REG_D_LOCK_MONTHS);
  return date.toISOString();
}

/**
 * What a holding is worth at the market and what it cost (docs/decisions/1823), in minor units:
 * - valued at the project's last trade price, or the offering price while it has never traded;
 * - cost at the average price of the tokens the investor paid for (confirmed purchases and market
 *   buys: Σ paid / Σ tokens bought) times the tokens held, rounded half up to a whole minor unit;
 *   a holding with no paid tokens (an opening holding, a gift) cost the offering price per token;
 * - the gain is value − cost (negative for a loss).
 */
export function valueHolding(holding: {
  quantity: number;
  offeringPrice: number;
  lastPrice: number | null;
  /** Tokens paid for and what was paid for them, over every purchase and market buy. */
  bought: { quantity: number; amount: number };
}): { valuePrice: number; marketValue: number; costBasis: number; gain: number } {
  const valuePrice = holding.lastPrice ?? holding.offeringPrice;
  const marketValue = holding.quantity * valuePrice;
  const costBasis =
    holding.bought.quantity > 0
      ? Number(
          (BigInt(holding.quantity) * BigInt(holding.bought.amount) * 2n + BigInt(holding.bought.quantity)) /
            (BigInt(holding.bought.quantity) * 2n),
        )
      : holding.quantity * holding.offeringPrice;
  return { valuePrice, marketValue, costBasis, gain: marketValue - costBasis };
}

// Wire

export const marketParamsSchema = z.object({ id: wholeNumberParam('validation.projectId') });
export const marketOrderParamsSchema = z.object({ id: wholeNumberParam('validation.marketOrderId') });

export const marketOrderRequestSchema = z.strictObject({
  side: z.enum(marketSides, says('validation.market.side')),
  /** Per token, in minor units; a whole multiple of the tick inside the day's band. */
  price: wholeNumber('validation.market.price', { max: Number.MAX_SAFE_INTEGER }),
  quantity: wholeNumber('validation.market.quantity', { max: MARKET_MAX_QUANTITY }),
  /**
   * Good until this instant (ISO, with its offset); absent or null: until cancelled. The server
   * refuses one not in the future or more than MARKET_GOOD_UNTIL_MAX_DAYS ahead (refuseGoodUntil).
   */
  goodUntil: z.iso.datetime({ offset: true, ...says('validation.market.goodUntil') }).nullish(),
});
export type MarketOrderRequest = z.infer<typeof marketOrderRequestSchema>;

export const MARKET_TRADES_DEFAULT_LIMIT = 50;
export const MARKET_TRADES_MAX_LIMIT = 200;
export const marketTradesQuerySchema = z.strictObject({
  /** Trades older than this one: the previous page's nextCursor. */
  cursor: wholeNumberParam('validation.before').optional(),
  limit: wholeNumberParam('validation.limit.trades', { max: MARKET_TRADES_MAX_LIMIT }).default(
    MARKET_TRADES_DEFAULT_LIMIT,
  ),
});

export const MARKET_SERIES_DEFAULT_DAYS = 90;
export const MARKET_SERIES_MAX_DAYS = 366;
export const marketSeriesQuerySchema = z.strictObject({
  /** How many UTC days back from today (today included) the series covers. */
  days: wholeNumberParam('validation.market.days', { max: MARKET_SERIES_MAX_DAYS }).default(MARKET_SERIES_DEFAULT_DAYS),
});

/** One UTC day with trades: its first, highest, lowest and last price, and what changed hands. */
export const marketSeriesPointSchema = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  open: z.number().int(),
  high: z.number().int(),
  low: z.number().int(),
  close: z.number().int(),
  /** Tokens traded. */
  volume: z.number().int(),
  /** Σ price × quantity, minor units. */
  amount: z.number().int(),
  trades: z.number().int(),
});
export type MarketSeriesPoint = z.infer<typeof marketSeriesPointSchema>;

/** A bounded price and volume series for the chart: at most `days` points, oldest first. */
export const marketSeriesSchema = z.object({
  productId: z.number().int(),
  currency: z.string(),
  days: z.number().int(),
  points: z.array(marketSeriesPointSchema),
});
export type MarketSeries = z.infer<typeof marketSeriesSchema>;

const priceLevelSchema = z.object({
  price: z.number().int(),
  quantity: z.number().int(),
  orders: z.number().int(),
});

export const marketViewSchema = z.object({
  productId: z.number().int(),
  currency: z.string(),
  state: z.enum(tradingStates),
  /** Why trading is halted or closed, shown to investors; null when open. */
  stateReason: z.string().nullable(),
  tickSize: z.number().int(),
  bandBp: z.number().int(),
  feeBp: z.number().int(),
  /** Today's reference: the previous day's last price, or the offering price. */
  referencePrice: z.number().int(),
  band: z.object({ low: z.number().int(), high: z.number().int() }),
  /** Buy levels, best (highest) first; sell levels, best (lowest) first; at most MARKET_BOOK_DEPTH of each. */
  bids: z.array(priceLevelSchema),
  asks: z.array(priceLevelSchema),
  lastPrice: z.number().int().nullable(),
  /** lastPrice − referencePrice, or null before the first trade. */
  dayChange: z.number().int().nullable(),
  /** Tokens traded today (UTC). */
  dayVolume: z.number().int(),
});
export type MarketView = z.infer<typeof marketViewSchema>;

export const marketTradeSchema = z.object({
  id: z.number().int(),
  price: z.number().int(),
  quantity: z.number().int(),
  amount: z.number().int(),
  createdAt: z.string(),
});
export const marketTradesPageSchema = z.object({
  trades: z.array(marketTradeSchema),
  nextCursor: z.number().int().nullable(),
});
export type MarketTradesPage = z.infer<typeof marketTradesPageSchema>;

export const marketOrderSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  side: z.enum(marketSides),
  price: z.number().int(),
  quantity: z.number().int(),
  /** Not yet filled. */
  remaining: z.number().int(),
  state: z.enum(marketOrderStates),
  cancelReason: z.enum(cancelReasons).nullable(),
  /** What the order holds now: cash (minor units) for a buy, tokens for a sell. */
  held: z.number().int(),
  /** Good until this instant; null: until cancelled. */
  goodUntil: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type MarketOrder = z.infer<typeof marketOrderSchema>;

export const marketOrderPlacedSchema = z.object({
  order: marketOrderSchema,
  fills: z.array(z.object({ tradeId: z.number().int(), price: z.number().int(), quantity: z.number().int() })),
});
export type MarketOrderPlaced = z.infer<typeof marketOrderPlacedSchema>;

export const MY_MARKET_DEFAULT_LIMIT = 50;
export const MY_MARKET_MAX_LIMIT = 200;

/** My orders: all, or those in one state; newest first, a page at a time. */
export const myMarketOrdersQuerySchema = z.strictObject({
  state: z.enum(marketOrderStates, says('validation.market.state')).optional(),
  /** Orders older than this one: the previous page's nextCursor. */
  cursor: wholeNumberParam('validation.before').optional(),
  limit: wholeNumberParam('validation.limit.trades', { max: MY_MARKET_MAX_LIMIT }).default(MY_MARKET_DEFAULT_LIMIT),
});
export type MyMarketOrdersQuery = z.infer<typeof myMarketOrdersQuerySchema>;

export const myMarketOrdersSchema = z.object({
  /** The currency of every price and hold below. */
  currency: z.string(),
  orders: z.array(marketOrderSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.number().int().nullable(),
});
export type MyMarketOrders = z.infer<typeof myMarketOrdersSchema>;

export const myMarketTradesQuerySchema = marketTradesQuerySchema;

/** One of my fills: my side of it, and the fee I paid (sellers pay it; 0 for a buy). */
export const myMarketTradeSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  orderId: z.number().int(),
  side: z.enum(marketSides),
  price: z.number().int(),
  quantity: z.number().int(),
  amount: z.number().int(),
  fee: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
});
export type MyMarketTrade = z.infer<typeof myMarketTradeSchema>;
export const myMarketTradesPageSchema = z.object({
  trades: z.array(myMarketTradeSchema),
  nextCursor: z.number().int().nullable(),
});
export type MyMarketTradesPage = z.infer<typeof myMarketTradesPageSchema>;
