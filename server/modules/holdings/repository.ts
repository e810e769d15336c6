import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database, HoldingEntriesTable } from '../../db/types';

type Db = Kysely<Database>;

/** The first key of a project's ledger lock on PostgreSQL (the second is the project id). */
const LEDGER_LOCK_SPACE = 0x4d6f6101;

/**
 * Orders a transaction against every other one that writes or snapshots the project's ledger,
 * until it ends. `entry`: a ledger write; writers share the lock and never wait for each other.
 * `snapshot`: a reader that records holders (a vote opening); it waits for the writers in
 * flight to commit and keeps new ones waiting until it commits, so what it reads is every entry
 * committed before it and nothing after. PostgreSQL takes a transaction-level advisory lock;
 * SQLite runs one write transaction at a time, which orders them already.
 */
export async function lockProjectLedger(db: Db, productId: number, mode: 'entry' | 'snapshot'): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  if (mode === 'entry') {
    await sql`select pg_advisory_xact_lock_shared(${LEDGER_LOCK_SPACE}::int, ${productId}::int)`.execute(db);
  } else {
    await sql`select pg_advisory_xact_lock(${LEDGER_LOCK_SPACE}::int, ${productId}::int)`.execute(db);
  }
}

/**
 * Appends one entry to the ledger of holdings (SQL only; holdings/service.ts is what other
 * modules call, inside their own transactions).
 *
 * holding_entries is append-only: a credit on confirmation with the order as its reason, a
 * negative entry on refund, later distributions and corrections. The balance is the sum of a
 * position's entries; the balance at a moment is the sum of the entries up to it.
 *
 * product_holdings is the projection the catalogue reads (the viewer's balance, "most popular"):
 * every entry updates it in the same transaction, so it always equals the sum. A holding that
 * rises from nothing or falls to nothing moves the project's investor count
 * (products.investor_count) in the same transaction, and a new holder raises the generation of
 * the "most popular" ranking. Every entry first takes the project's ledger lock (lockProjectLedger).
 */
export async function appendHoldingEntry(
  db: Db,
  entry: {
    productId: number;
    userId: string;
    quantity: number;
    reason: HoldingEntriesTable['reason'];
    orderId: string | null;
    note: string | null;
    at: string;
    /** The market trade that moved the tokens (docs/decisions/1813). */
    marketTradeId?: number | null;
  },
): Promise<void> {
  // Before the entry exists: a vote opening at this moment counts it or waits for it.
  await lockProjectLedger(db, entry.productId, 'entry');
  await db
    .insertInto('holding_entries')
    .values({
      product_id: entry.productId,
      user_id: entry.userId,
      quantity: entry.quantity,
      reason: entry.reason,
      order_id: entry.orderId,
      note: entry.note,
      ...(entry.marketTradeId ? { market_trade_id: entry.marketTradeId } : {}),
      created_at: entry.at,
    })
    .execute();
  // A debit only ever lowers an existing position. It cannot go through the upsert below: both
  // engines check the constraint quantity >= 0 on the proposed row before resolving the conflict.
  if (entry.quantity < 0) {
    const debited = await db
      .updateTable('product_holdings')
      .set((eb) => ({ quantity: eb('quantity', '+', entry.quantity), updated_at: entry.at }))
      .where('product_id', '=', entry.productId)
      .where('user_id', '=', entry.userId)
      .returning('quantity')
      .executeTakeFirst();
    // No balance goes below zero: a debit past the holding fails on the check above, and one of
    // a position that does not exist fails here (a vote's quorum base relies on it, decision 1824).
    if (!debited) throw new Error(`No holding of project ${entry.productId} to debit for ${entry.userId}.`);
    // The holder's last tokens went: one investor fewer.
    if (Number(debited.quantity) <= 0 && Number(debited.quantity) - entry.quantity > 0) {
      await changeInvestorCount(db, entry.productId, -1);
    }
    return;
  }
  const holding = await db
    .insertInto('product_holdings')
    .values({
      product_id: entry.productId,
      user_id: entry.userId,
      quantity: entry.quantity,
      first_invested_at: entry.at,
      updated_at: entry.at,
    })
    .onConflict((oc) =>
      oc.columns(['product_id', 'user_id']).doUpdateSet((eb) => ({
        quantity: eb('product_holdings.quantity', '+', eb.ref('excluded.quantity')),
        updated_at: entry.at,
      })),
    )
    .returning(['first_invested_at', 'quantity'])
    .executeTakeFirstOrThrow();
  // Someone who held nothing holds tokens now: one investor more.
  if (Number(holding.quantity) > 0 && Number(holding.quantity) - entry.quantity <= 0) {
    await changeInvestorCount(db, entry.productId, 1);
  }
  // A new holder (the row was just written with this moment) changes "most popular": the stored
  // ranking goes stale in this same transaction (see products/popularity-repository.ts). A credit
  // to an existing holder at the very moment they joined is counted as new too, which only costs a
  // recount.
  if (holding.first_invested_at === entry.at) {
    await db
      .updateTable('popularity_snapshot')
      .set((eb) => ({ generation: eb('generation', '+', 1) }))
      .where('id', '=', 1)
      .execute();
  }
}

/** The project's count of investors (products.investor_count), moved with the holding that changed it. */
async function changeInvestorCount(db: Db, productId: number, by: 1 | -1): Promise<void> {
  await db
    .updateTable('products')
    .set((eb) => ({ investor_count: eb('investor_count', '+', by) }))
    .where('id', '=', productId)
    .execute();
}

/** The balance of one investor in one project, from the ledger; `at` gives it as it stood then. */
export async function ledgerBalance(db: Db, productId: number, userId: string, at?: string): Promise<number> {
  let query = db
    .selectFrom('holding_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), sql<number>`0`).as('balance'))
    .where('product_id', '=', productId)
    .where('user_id', '=', userId);
  if (at) query = query.where('created_at', '<=', at);
  const row = await query.executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** Every holder's balance of a project at a moment, in one query (governance weighs votes by it). */
export async function ledgerBalancesAt(db: Db, productId: number, at: string) {
  const rows = await db
    .selectFrom('holding_entries')
    .select((eb) => ['user_id', eb.fn.sum<number>('quantity').as('balance')])
    .where('product_id', '=', productId)
    .where('created_at', '<=', at)
    .groupBy('user_id')
    .having((eb) => eb.fn.sum('quantity'), '>', 0)
    .orderBy('user_id')
    .execute();
  return rows.map((row) => ({ userId: row.user_id, balance: Number(row.balance) }));
}

/** Whether a project had any ledger entry at or before `at`. */
export async function hasHoldingEntriesUpTo(db: Db, productId: number, at: string): Promise<boolean> {
  const row = await db
    .selectFrom('holding_entries')
    .select('id')
    .where('product_id', '=', productId)
    .where('created_at', '<=', at)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findHoldingEntries(db: Db, productId: number, userId: string) {
  return db
    .selectFrom('holding_entries')
    .selectAll()
    .where('product_id', '=', productId)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/**
 * Every holder of a project with their balance summed over the ledger up to entry `lastEntryId`
 * (user_id, power > 0), as a subquery another query selects from (a vote's electorate at its
 * mark, docs/decisions/1824). `range` narrows it to user ids in (after, last] inside the
 * grouping, so a batch reads only its own holders' entries.
 */
export function holdersThroughEntry(
  db: Db,
  productId: number,
  lastEntryId: number,
  range: { after: string; last?: string },
) {
  return db
    .selectFrom('holding_entries')
    .select((eb) => ['user_id', eb.fn.sum<number>('quantity').as('power')])
    .where('product_id', '=', productId)
    .where('id', '<=', lastEntryId)
    .where('user_id', '>', range.after)
    .$if(range.last !== undefined, (query) => query.where('user_id', '<=', range.last!))
    .groupBy('user_id')
    .having((eb) => eb.fn.sum('quantity'), '>', 0);
}

/** The tokens credited to the investor since `since` (purchase lots still locked), oldest first. */
export async function findCreditsSince(db: Db, productId: number, userId: string, since: string) {
  const rows = await db
    .selectFrom('holding_entries')
    .select(['quantity', 'created_at'])
    .where('product_id', '=', productId)
    .where('user_id', '=', userId)
    .where('quantity', '>', 0)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({ quantity: Number(row.quantity), at: row.created_at }));
}
