import { PostgresAdapter, sql, type ExpressionBuilder, type Insertable, type Kysely } from 'kysely';
import type { MarketSide } from '../../../src/domain/market';
import type { Database, MarketOrdersTable, MarketSettingsTable, MarketTradesTable } from '../../db/types';

type Db = Kysely<Database>;

/** The first key of a project's market lock on PostgreSQL (the second is the project id). */
const MARKET_LOCK_SPACE = 0x4d6f6102;

/**
 * Orders every write to a project's book (placing, matching, cancelling, halting) one after the
 * other until the transaction ends, so the book the matching rule reads is the book it changes.
 * PostgreSQL takes a transaction-level advisory lock; SQLite runs one write transaction at a
 * time (begun IMMEDIATE), which orders them already.
 */
export async function lockMarket(db: Db, productId: number): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(${MARKET_LOCK_SPACE}::int, ${productId}::int)`.execute(db);
}

/**
 * An order state written into the statement, not bound. market_orders has a partial index on
 * its open orders (`where state = 'OPEN' and good_until is not null`). For a bound
 * `state = ?`, SQLite decides whether that index applies by the value bound, and so compiles
 * the statement again every time it runs; written in, the statement is compiled once, and the
 * expiry reads still find the index. Only the fixed names of the states get here.
 * (docs/decisions/1845-a-kept-statement-is-not-compiled-again.md)
 */
export function orderState(state: MarketOrdersTable['state']) {
  if (!ORDER_STATES.has(state)) throw new Error(`Not an order state: ${String(state)}`);
  return sql.lit(state);
}
const ORDER_STATES: ReadonlySet<string> = new Set<MarketOrdersTable['state']>(['OPEN', 'FILLED', 'CANCELLED']);

// Settings

export async function findMarketSettings(db: Db, productId: number) {
  return db.selectFrom('market_settings').selectAll().where('product_id', '=', productId).executeTakeFirst();
}

export async function upsertMarketSettings(db: Db, row: Insertable<MarketSettingsTable>): Promise<void> {
  await db
    .insertInto('market_settings')
    .values(row)
    .onConflict((oc) =>
      oc.column('product_id').doUpdateSet({
        state: row.state,
        state_reason: row.state_reason ?? null,
        tick_size: row.tick_size,
        band_bp: row.band_bp,
        fee_bp: row.fee_bp,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** What the market needs of the project: its name, offering price and offering type. */
export async function findMarketProduct(db: Db, productId: number) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'price_per_token', 'is_reg_d'])
    .where('id', '=', productId)
    .executeTakeFirst();
}

// Trades and prices

/** The price of the last trade before `before` (or ever), or null. */
export async function findLastPrice(db: Db, productId: number, before?: string): Promise<number | null> {
  let query = db.selectFrom('market_trades').select('price').where('product_id', '=', productId);
  if (before) query = query.where('created_at', '<', before);
  const row = await query.orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? Number(row.price) : null;
}

export async function sumVolumeSince(db: Db, productId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('market_trades')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), sql<number>`0`).as('volume'))
    .where('product_id', '=', productId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.volume);
}

export async function insertTrade(db: Db, row: Insertable<MarketTradesTable>): Promise<number> {
  const inserted = await db.insertInto('market_trades').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function insertPlatformFee(
  db: Db,
  row: { currency: string; amount: number; marketTradeId: number; at: string },
): Promise<void> {
  await db
    .insertInto('platform_cash_entries')
    .values({
      currency: row.currency,
      kind: 'MARKET_FEE',
      amount: row.amount,
      market_trade_id: row.marketTradeId,
      created_at: row.at,
    })
    .execute();
}

export async function findTrades(db: Db, productId: number, before: number | undefined, limit: number) {
  let query = db
    .selectFrom('market_trades')
    .select(['id', 'price', 'quantity', 'amount', 'created_at'])
    .where('product_id', '=', productId);
  if (before !== undefined) query = query.where('id', '<', before);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

// The book

/** Orders still good at `now`: good until cancelled, or until a later instant. */
function stillGood(now: string | undefined) {
  return (eb: ExpressionBuilder<Database, 'market_orders'>) =>
    now === undefined ? eb.lit(true) : eb.or([eb('good_until', 'is', null), eb('good_until', '>', now)]);
}

/**
 * The best `depth` levels of each side: resting quantity and count per price, of the orders
 * still good at `now`. The levels are kept as orders change (moveLevel), so this reads levels,
 * not orders: its cost follows `depth`, whatever the book's size. Orders past their date that the
 * expiry sweep has not closed yet are taken off as they are read, through the index on
 * (state, good_until); each can empty one level, so as many more levels are read.
 */
export async function findBookLevels(db: Db, productId: number, depth: number, now?: string) {
  const expired =
    now === undefined
      ? []
      : await db
          .selectFrom('market_orders')
          .select(['side', 'price', 'remaining'])
          .where('state', '=', orderState('OPEN'))
          .where('good_until', '<=', now)
          .where('product_id', '=', productId)
          .execute();
  const sideOf = (side: MarketSide) =>
    db
      .selectFrom('market_book_levels')
      .select(['side', 'price', 'quantity', 'orders'])
      .where('product_id', '=', productId)
      .where('side', '=', side)
      .orderBy('price', side === 'BUY' ? 'desc' : 'asc')
      .limit(depth + expired.filter((row) => row.side === side).length)
      .execute();
  const [bids, asks] = await Promise.all([sideOf('BUY'), sideOf('SELL')]);
  const levels = [...bids, ...asks].map((row) => ({
    side: row.side,
    price: Number(row.price),
    quantity: Number(row.quantity),
    orders: Number(row.orders),
  }));
  for (const row of expired) {
    const level = levels.find((one) => one.side === row.side && one.price === Number(row.price));
    if (!level) continue;
    level.quantity -= Number(row.remaining);
    level.orders -= 1;
  }
  const shown = levels.filter((level) => level.orders > 0);
  return {
    bids: shown.filter((level) => level.side === 'BUY').slice(0, depth),
    asks: shown.filter((level) => level.side === 'SELL').slice(0, depth),
  };
}

/**
 * Moves a book level by `quantity` tokens and `orders` orders (negative to take off), in the
 * transaction that changes the order, and drops the level once no order rests on it.
 */
async function moveLevel(
  db: Db,
  level: { productId: number; side: MarketSide; price: number },
  quantity: number,
  orders: number,
): Promise<void> {
  if (quantity === 0 && orders === 0) return;
  if (quantity > 0 && orders >= 0) {
    await db
      .insertInto('market_book_levels')
      .values({ product_id: level.productId, side: level.side, price: level.price, quantity, orders })
      .onConflict((oc) =>
        oc.columns(['product_id', 'side', 'price']).doUpdateSet((eb) => ({
          quantity: eb('market_book_levels.quantity', '+', quantity),
          orders: eb('market_book_levels.orders', '+', orders),
        })),
      )
      .execute();
    return;
  }
  const updated = await db
    .updateTable('market_book_levels')
    .set((eb) => ({ quantity: eb('quantity', '+', quantity), orders: eb('orders', '+', orders) }))
    .where('product_id', '=', level.productId)
    .where('side', '=', level.side)
    .where('price', '=', level.price)
    .returning('orders')
    .executeTakeFirst();
  if (!updated) throw new Error(`the book has no level ${level.side} ${level.price} for project ${level.productId}`);
  // The level's last order has left: the row goes (its CHECK kept both at zero or above).
  if (Number(updated.orders) === 0) {
    await db
      .deleteFrom('market_book_levels')
      .where('product_id', '=', level.productId)
      .where('side', '=', level.side)
      .where('price', '=', level.price)
      .where('orders', '=', 0)
      .execute();
  }
}

/**
 * The resting orders of the other side that cross `price` and are still good at `now`, in
 * matching order (best price, then the oldest), at most `limit`: an expired order never fills.
 */
export async function findCrossingOrders(
  db: Db,
  productId: number,
  side: MarketSide,
  price: number,
  limit: number,
  now: string,
) {
  const opposite = side === 'BUY' ? 'SELL' : 'BUY';
  const query = db
    .selectFrom('market_orders')
    .select(['id', 'user_id', 'side', 'price', 'remaining', 'quantity'])
    .where('product_id', '=', productId)
    .where('state', '=', orderState('OPEN'))
    .where('side', '=', opposite)
    .where('price', side === 'BUY' ? '<=' : '>=', price)
    .where(stillGood(now));
  const rows = await query
    .orderBy('price', side === 'BUY' ? 'asc' : 'desc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    userId: row.user_id,
    side: row.side,
    price: Number(row.price),
    remaining: Number(row.remaining),
    /** The order's whole quantity, for its fill notice. */
    quantity: Number(row.quantity),
    seq: Number(row.id),
  }));
}

/** Writes an order, and when it rests (OPEN) its place in the book's levels. */
export async function insertMarketOrder(db: Db, row: Insertable<MarketOrdersTable>): Promise<number> {
  const inserted = await db.insertInto('market_orders').values(row).returning('id').executeTakeFirstOrThrow();
  if (row.state === 'OPEN') {
    await moveLevel(db, { productId: row.product_id, side: row.side, price: row.price }, row.remaining, 1);
  }
  return Number(inserted.id);
}

export async function findMarketOrder(db: Db, id: number) {
  return db
    .selectFrom('market_orders')
    .innerJoin('products', 'products.id', 'market_orders.product_id')
    .selectAll('market_orders')
    .select('products.name as product_name')
    .where('market_orders.id', '=', id)
    .executeTakeFirst();
}

/**
 * The investor's orders, newest first, older than `before` when given; `state` as the API
 * names it (EXPIRED is stored as CANCELLED with the reason EXPIRED).
 */
export async function findMarketOrdersOfUser(
  db: Db,
  userId: string,
  limit: number,
  filter: { state?: 'OPEN' | 'FILLED' | 'CANCELLED' | 'EXPIRED'; before?: number } = {},
) {
  let query = db
    .selectFrom('market_orders')
    .innerJoin('products', 'products.id', 'market_orders.product_id')
    .selectAll('market_orders')
    .select('products.name as product_name')
    .where('market_orders.user_id', '=', userId);
  if (filter.state === 'EXPIRED') {
    query = query
      .where('market_orders.state', '=', orderState('CANCELLED'))
      .where('market_orders.cancel_reason', '=', 'EXPIRED');
  } else if (filter.state === 'CANCELLED') {
    query = query
      .where('market_orders.state', '=', orderState('CANCELLED'))
      .where((eb) =>
        eb.or([eb('market_orders.cancel_reason', 'is', null), eb('market_orders.cancel_reason', '<>', 'EXPIRED')]),
      );
  } else if (filter.state) {
    query = query.where('market_orders.state', '=', orderState(filter.state));
  }
  if (filter.before !== undefined) query = query.where('market_orders.id', '<', filter.before);
  return query.orderBy('market_orders.id', 'desc').limit(limit).execute();
}

/** The investor's fills as buyer or seller, newest first, older than `before` when given. */
export async function findTradesOfUser(db: Db, userId: string, limit: number, before?: number) {
  let query = db
    .selectFrom('market_trades')
    .innerJoin('products', 'products.id', 'market_trades.product_id')
    .select([
      'market_trades.id',
      'market_trades.product_id',
      'products.name as product_name',
      'market_trades.buy_order_id',
      'market_trades.sell_order_id',
      'market_trades.buyer_id',
      'market_trades.price',
      'market_trades.quantity',
      'market_trades.amount',
      'market_trades.fee',
      'market_trades.currency',
      'market_trades.created_at',
    ])
    .where((eb) => eb.or([eb('market_trades.buyer_id', '=', userId), eb('market_trades.seller_id', '=', userId)]));
  if (before !== undefined) query = query.where('market_trades.id', '<', before);
  return query.orderBy('market_trades.id', 'desc').limit(limit).execute();
}

/** Open orders of the project past their good_until at `now`, oldest first. */
export async function findExpiredOrderIds(db: Db, productId: number, now: string): Promise<number[]> {
  const rows = await db
    .selectFrom('market_orders')
    .select('id')
    .where('product_id', '=', productId)
    .where('state', '=', orderState('OPEN'))
    .where('good_until', 'is not', null)
    .where('good_until', '<=', now)
    .orderBy('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

/** The projects with at least one open order past its good_until at `now`. */
export async function findProductsWithExpiredOrders(db: Db, now: string): Promise<number[]> {
  const rows = await db
    .selectFrom('market_orders')
    .select('product_id')
    .distinct()
    .where('state', '=', orderState('OPEN'))
    .where('good_until', 'is not', null)
    .where('good_until', '<=', now)
    .execute();
  return rows.map((row) => Number(row.product_id));
}

/** How many orders of the project rest in its book. */
export async function countOpenOrders(db: Db, productId: number): Promise<number> {
  const row = await db
    .selectFrom('market_orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('product_id', '=', productId)
    .where('state', '=', orderState('OPEN'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findOpenOrderIds(db: Db, productId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('market_orders')
    .select('id')
    .where('product_id', '=', productId)
    .where('state', '=', orderState('OPEN'))
    .orderBy('id')
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * Takes `quantity` off an open order that had `before` left (it becomes FILLED at zero); only
 * while it is still OPEN with exactly that much left. Answers whether it did.
 */
export async function takeFromOrder(db: Db, id: number, before: number, quantity: number, at: string) {
  const left = before - quantity;
  const row = await db
    .updateTable('market_orders')
    .set({
      remaining: left,
      state: left === 0 ? 'FILLED' : 'OPEN',
      closed_at: left === 0 ? at : null,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('state', '=', orderState('OPEN'))
    .where('remaining', '=', before)
    .returning(['product_id', 'side', 'price'])
    .executeTakeFirst();
  if (!row) return false;
  await moveLevel(
    db,
    { productId: row.product_id, side: row.side, price: Number(row.price) },
    -quantity,
    left === 0 ? -1 : 0,
  );
  return true;
}

/** Cancels an order that is still OPEN; answers its remaining quantity then, or null when it was not open. */
export async function cancelOpenOrder(
  db: Db,
  id: number,
  reason: NonNullable<MarketOrdersTable['cancel_reason']>,
  at: string,
): Promise<number | null> {
  const row = await db
    .updateTable('market_orders')
    .set({ state: 'CANCELLED', cancel_reason: reason, closed_at: at, updated_at: at })
    .where('id', '=', id)
    .where('state', '=', orderState('OPEN'))
    .returning(['remaining', 'product_id', 'side', 'price'])
    .executeTakeFirst();
  if (!row) return null;
  const remaining = Number(row.remaining);
  await moveLevel(db, { productId: row.product_id, side: row.side, price: Number(row.price) }, -remaining, -1);
  return remaining;
}

// Tokens held by sell orders

/**
 * Holds `quantity` of the investor's tokens for a sell order, only when what is neither held
 * nor locked covers it: one guarded UPDATE, and the CHECK market_held <= quantity decides under
 * any concurrency. Answers whether it held them.
 */
export async function holdTokens(
  db: Db,
  hold: { productId: number; userId: string; quantity: number; locked: number; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('product_holdings')
    .set((eb) => ({ market_held: eb('market_held', '+', hold.quantity), updated_at: hold.at }))
    .where('product_id', '=', hold.productId)
    .where('user_id', '=', hold.userId)
    .where((eb) => eb(eb(eb('quantity', '-', eb.ref('market_held')), '-', hold.locked), '>=', hold.quantity))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back held tokens (a cancelled order) or drops them before they are debited (a fill). */
export async function releaseTokens(db: Db, productId: number, userId: string, quantity: number): Promise<void> {
  const result = await db
    .updateTable('product_holdings')
    .set((eb) => ({ market_held: eb('market_held', '-', quantity) }))
    .where('product_id', '=', productId)
    .where('user_id', '=', userId)
    .where('market_held', '>=', quantity)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new Error(`No ${quantity} held tokens of ${userId} in ${productId}`);
}

export async function findHolding(db: Db, productId: number, userId: string) {
  const row = await db
    .selectFrom('product_holdings')
    .select(['quantity', 'market_held'])
    .where('product_id', '=', productId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { quantity: Number(row?.quantity ?? 0), held: Number(row?.market_held ?? 0) };
}

// The chart's series

/** The UTC day of a trade (YYYY-MM-DD) on either engine: text in SQLite, timestamptz in PostgreSQL. */
function tradeDay(db: Db) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string>`to_char(market_trades.created_at at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(market_trades.created_at, 1, 10)`;
}

/**
 * One row per UTC day with trades since `since`: the first and last trade's ids, the high, the
 * low, the tokens and the amount traded, and how many trades; then the first and last prices
 * by those ids. Two statements whatever the number of trades, at most one row per day.
 */
export async function findDailySeries(db: Db, productId: number, since: string) {
  const day = tradeDay(db);
  const days = await db
    .selectFrom('market_trades')
    .select((eb) => [
      day.as('day'),
      eb.fn.min<number>('id').as('first_id'),
      eb.fn.max<number>('id').as('last_id'),
      eb.fn.max<number>('price').as('high'),
      eb.fn.min<number>('price').as('low'),
      eb.fn.sum<number>('quantity').as('volume'),
      eb.fn.sum<number>('amount').as('amount'),
      eb.fn.countAll<number>().as('trades'),
    ])
    .where('product_id', '=', productId)
    .where('created_at', '>=', since)
    .groupBy(day)
    .orderBy(day)
    .execute();
  if (!days.length) return [];
  const ids = days.flatMap((row) => [Number(row.first_id), Number(row.last_id)]);
  const prices = new Map<number, number>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom('market_trades')
      .select(['id', 'price'])
      .where('id', 'in', ids.slice(start, start + 500))
      .execute();
    for (const row of rows) prices.set(Number(row.id), Number(row.price));
  }
  return days.map((row) => ({
    day: row.day,
    open: prices.get(Number(row.first_id))!,
    high: Number(row.high),
    low: Number(row.low),
    close: prices.get(Number(row.last_id))!,
    volume: Number(row.volume),
    amount: Number(row.amount),
    trades: Number(row.trades),
  }));
}
