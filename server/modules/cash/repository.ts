import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { WithdrawalState } from '../../../src/domain/cash';
import type { CashEntriesTable, Database, WithdrawalsTable } from '../../db/types';

type Db = Kysely<Database>;

export type CashEntryRow = Selectable<CashEntriesTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type CashEntryView = CashEntryRow & {
  order_reference: string | null;
  product_name: string | null;
  distribution_id: number | null;
};

// Deposit references

export async function findDepositReference(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('deposit_references')
    .select('reference')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.reference;
}

/** Writes the reference unless the investor has one; a clash of references throws (the caller retries). */
export async function insertDepositReference(db: Db, userId: string, reference: string, at: string): Promise<void> {
  await db
    .insertInto('deposit_references')
    .values({ user_id: userId, reference, created_at: at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function findUserIdByDepositReference(db: Db, reference: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('deposit_references')
    .select('user_id')
    .where('reference', '=', reference)
    .executeTakeFirst();
  return row?.user_id;
}

// Balances

export async function findCashAccount(db: Db, userId: string, currency: string) {
  return db
    .selectFrom('cash_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .executeTakeFirst();
}

export async function ensureCashAccount(db: Db, userId: string, currency: string, at: string): Promise<void> {
  await db
    .insertInto('cash_accounts')
    .values({ user_id: userId, currency, available: 0, held: 0, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'currency']).doNothing())
    .execute();
}

/**
 * Moves the balances by the given changes only when neither ends below zero: one guarded
 * UPDATE, so the database decides under any concurrency (PostgreSQL re-checks the condition on
 * the row it waited for; SQLite runs one writer at a time). Answers the new balances, or
 * undefined when the condition refused.
 */
export async function moveCashAccount(
  db: Db,
  change: { userId: string; currency: string; available: number; held: number; at: string },
): Promise<{ available: number; held: number } | undefined> {
  const row = await db
    .updateTable('cash_accounts')
    .set((eb) => ({
      available: eb('available', '+', change.available),
      held: eb('held', '+', change.held),
      updated_at: change.at,
    }))
    .where('user_id', '=', change.userId)
    .where('currency', '=', change.currency)
    .where((eb) => eb(eb('available', '+', change.available), '>=', 0))
    .where((eb) => eb(eb('held', '+', change.held), '>=', 0))
    .returning(['available', 'held'])
    .executeTakeFirst();
  return row ? { available: Number(row.available), held: Number(row.held) } : undefined;
}

export async function insertCashEntry(db: Db, entry: Insertable<CashEntriesTable>): Promise<number> {
  const row = await db.insertInto('cash_entries').values(entry).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findEntryByDepositKey(db: Db, depositKey: string) {
  return db.selectFrom('cash_entries').selectAll().where('deposit_key', '=', depositKey).executeTakeFirst();
}

export async function findEntries(
  db: Db,
  filter: { userId: string; currency: string; id?: number; before?: number; from?: string; to?: string; limit: number },
): Promise<CashEntryView[]> {
  let query = db
    .selectFrom('cash_entries')
    .leftJoin('orders', 'orders.id', 'cash_entries.order_id')
    .leftJoin('products', 'products.id', 'cash_entries.product_id')
    .leftJoin('revenue_shares', 'revenue_shares.id', 'cash_entries.revenue_share_id')
    .selectAll('cash_entries')
    .select([
      'orders.reference as order_reference',
      'products.name as product_name',
      'revenue_shares.distribution_id as distribution_id',
    ])
    .where('cash_entries.user_id', '=', filter.userId)
    .where('cash_entries.currency', '=', filter.currency);
  if (filter.id !== undefined) query = query.where('cash_entries.id', '=', filter.id);
  if (filter.before !== undefined) query = query.where('cash_entries.id', '<', filter.before);
  if (filter.from !== undefined) query = query.where('cash_entries.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('cash_entries.created_at', '<', filter.to);
  return query.orderBy('cash_entries.id', 'desc').limit(filter.limit).execute();
}

/** Every entry of an investor in one currency, oldest first, with its project's name: what statements sum. */
export async function findStatementEntries(db: Db, userId: string, currency: string) {
  return (
    db
      .selectFrom('cash_entries')
      .leftJoin('products', 'products.id', 'cash_entries.product_id')
      // A revenue entry pays in the share net of what was withheld: the share is the gross.
      .leftJoin('revenue_shares', 'revenue_shares.id', 'cash_entries.revenue_share_id')
      .select([
        'cash_entries.kind',
        'revenue_shares.amount as share_amount',
        'cash_entries.available_change',
        'cash_entries.held_change',
        'cash_entries.product_id',
        'cash_entries.created_at',
        'products.name as product_name',
      ])
      .where('cash_entries.user_id', '=', userId)
      .where('cash_entries.currency', '=', currency)
      .orderBy('cash_entries.id')
      .execute()
  );
}

/** Every balance and the entries' sums by kind, for the conservation check and the operator. */
export async function sumEntriesByKind(db: Db, currency: string) {
  const rows = await db
    .selectFrom('cash_entries')
    .select((eb) => [
      'kind',
      eb.fn.sum<number>('available_change').as('available'),
      eb.fn.sum<number>('held_change').as('held'),
    ])
    .where('currency', '=', currency)
    .groupBy('kind')
    .execute();
  return rows.map((row) => ({ kind: row.kind, available: Number(row.available), held: Number(row.held) }));
}

export async function sumCashAccounts(db: Db, currency: string) {
  const row = await db
    .selectFrom('cash_accounts')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('available'), sql<number>`0`).as('available'),
      eb.fn.coalesce(eb.fn.sum<number>('held'), sql<number>`0`).as('held'),
    ])
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow();
  return { available: Number(row.available), held: Number(row.held) };
}

// Withdrawals

export async function insertWithdrawal(db: Db, row: Insertable<WithdrawalsTable>): Promise<void> {
  await db.insertInto('withdrawals').values(row).execute();
}

export async function findWithdrawal(db: Db, id: string): Promise<WithdrawalRow | undefined> {
  return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findWithdrawalsOfUser(db: Db, userId: string, limit = 100): Promise<WithdrawalRow[]> {
  return db
    .selectFrom('withdrawals')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function findWithdrawalsForOperator(db: Db, state: WithdrawalState | null, limit = 200) {
  let query = db
    .selectFrom('withdrawals')
    .innerJoin('users', 'users.id', 'withdrawals.user_id')
    .selectAll('withdrawals')
    .select('users.email');
  if (state) query = query.where('withdrawals.state', '=', state);
  return query.orderBy('withdrawals.created_at').orderBy('withdrawals.id').limit(limit).execute();
}

/** Moves a withdrawal from `from` to `to` only when it is still in `from`; answers whether it did. */
export async function moveWithdrawalState(
  db: Db,
  id: string,
  from: WithdrawalState,
  to: WithdrawalState,
  at: string,
  extra: { bank_reference?: string | null; return_reason?: string | null; settled_at?: string | null } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('withdrawals')
    .set({ state: to, updated_at: at, ...extra })
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setWithdrawalApproval(db: Db, id: string, approvalId: string | null): Promise<void> {
  await db.updateTable('withdrawals').set({ approval_id: approvalId }).where('id', '=', id).execute();
}

/** What the investor asked to withdraw since `since` and did not get back (pending or paid). */
export async function sumWithdrawnSince(db: Db, userId: string, currency: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('total'))
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('state', 'in', ['PENDING', 'PAID'])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

// Revenue shares

/** Shares whose pay date has come and that no entry has paid yet, oldest first. */
export async function findDueRevenueShares(db: Db, at: string, currency: string, limit: number) {
  return db
    .selectFrom('revenue_shares')
    .innerJoin('revenue_distributions', 'revenue_distributions.id', 'revenue_shares.distribution_id')
    .innerJoin('products', 'products.id', 'revenue_shares.product_id')
    .leftJoin('cash_entries', 'cash_entries.revenue_share_id', 'revenue_shares.id')
    .select([
      'revenue_shares.id',
      'revenue_shares.user_id',
      'revenue_shares.product_id',
      'revenue_shares.amount',
      'revenue_shares.distribution_id',
      'revenue_distributions.currency',
      'products.revenue_withholding_bps',
    ])
    .where('cash_entries.id', 'is', null)
    .where('revenue_shares.pays_at', '<=', at)
    .where('revenue_shares.amount', '>', 0)
    .where('revenue_distributions.currency', '=', currency)
    .orderBy('revenue_shares.id')
    .limit(limit)
    .execute();
}

export async function isRevenueSharePaid(db: Db, shareId: number): Promise<boolean> {
  const row = await db
    .selectFrom('cash_entries')
    .select('id')
    .where('revenue_share_id', '=', shareId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets what a project withholds of each revenue share paid in from now on; answers the previous setting. */
export async function updateRevenueWithholding(db: Db, productId: number, bps: number): Promise<number | undefined> {
  const before = await db
    .selectFrom('products')
    .select('revenue_withholding_bps')
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!before) return undefined;
  await db.updateTable('products').set({ revenue_withholding_bps: bps }).where('id', '=', productId).execute();
  return Number(before.revenue_withholding_bps);
}
