import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { ApprovalsTable, Database } from '../../db/types';

type Db = Kysely<Database>;

export type ApprovalRow = Selectable<ApprovalsTable>;

// ---------------------------------------------------------------------------------------------
// Approvals: every change of state is a conditional update from PENDING, so it happens once.

export async function insertApproval(db: Db, values: Insertable<ApprovalsTable>): Promise<void> {
  await db.insertInto('approvals').values(values).execute();
}

export async function findApproval(db: Db, id: string): Promise<ApprovalRow | undefined> {
  return db.selectFrom('approvals').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findApprovalByKey(db: Db, key: string): Promise<ApprovalRow | undefined> {
  return db.selectFrom('approvals').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** Proposals of one kind in one project still waiting and unexpired (a repeated distribution is found among them). */
export async function findPendingApprovalsOf(db: Db, kind: string, productId: number, now: string) {
  return db
    .selectFrom('approvals')
    .select(['id', 'payload', 'idempotency_key'])
    .where('kind', '=', kind)
    .where('product_id', '=', productId)
    .where('state', '=', 'PENDING')
    .where('expires_at', '>', now)
    .orderBy('proposed_at')
    .execute();
}

export async function findApprovals(db: Db, state: ApprovalRow['state'] | null, limit: number) {
  let query = db.selectFrom('approvals').selectAll();
  if (state) query = query.where('state', '=', state);
  return query.orderBy('proposed_at', 'desc').orderBy('id').limit(limit).execute();
}

/**
 * PENDING -> APPROVED, only before it expires and only by someone other than its proposer.
 * True for the one caller whose update took it.
 */
export async function markApproved(
  db: Db,
  id: string,
  by: { userId: string; label: string },
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('approvals')
    .set({ state: 'APPROVED', decided_by_user_id: by.userId, decided_by: by.label, decided_at: at })
    .where('id', '=', id)
    .where('state', '=', 'PENDING')
    .where('expires_at', '>', at)
    .where((eb) => eb.or([eb('proposed_by_user_id', 'is', null), eb('proposed_by_user_id', '!=', by.userId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordApprovalResult(db: Db, id: string, result: string): Promise<void> {
  await db.updateTable('approvals').set({ result }).where('id', '=', id).execute();
}

/** PENDING -> REJECTED before it expires; true for the one caller whose update took it. */
export async function markRejected(
  db: Db,
  id: string,
  by: { userId: string | null; label: string },
  reason: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('approvals')
    // A closed proposal frees its key: the same action may be proposed again.
    .set({
      state: 'REJECTED',
      decided_by_user_id: by.userId,
      decided_by: by.label,
      decided_at: at,
      reason,
      idempotency_key: null,
    })
    .where('id', '=', id)
    .where('state', '=', 'PENDING')
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** PENDING -> EXPIRED once its time has passed; true for the one sweep whose update took it. */
export async function markExpired(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('approvals')
    .set({ state: 'EXPIRED', decided_by: 'system', decided_at: at, idempotency_key: null })
    .where('id', '=', id)
    .where('state', '=', 'PENDING')
    .where('expires_at', '<=', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findDueApprovals(db: Db, at: string, limit: number) {
  return db
    .selectFrom('approvals')
    .select(['id', 'kind', 'proposed_by_user_id'])
    .where('state', '=', 'PENDING')
    .where('expires_at', '<=', at)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// The console's queue: how many items of each kind wait and since when. Read-only counts over
// the tables where each kind of work waits; `productIds` limits the project queues to a seller's.

export interface WaitingCount {
  count: number;
  oldest: string | null;
}

function toCount(row: { count: unknown; oldest: unknown } | undefined): WaitingCount {
  return {
    count: Number(row?.count ?? 0),
    oldest: row?.oldest == null ? null : String(row.oldest),
  };
}

/** Identity checks and investor verifications waiting for an answer. */
export async function countWaitingReviews(db: Db) {
  const identities = await db
    .selectFrom('kyc_reviews')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('submitted_at').as('oldest')])
    .where('review_status', 'in', ['pending', 'prechecked', 'queued', 'onHold'])
    .executeTakeFirst();
  const investors = await db
    .selectFrom('investor_verifications')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('submitted_at').as('oldest')])
    .where('review_status', '=', 'pending')
    .executeTakeFirst();
  return { identities: toCount(identities), investors: toCount(investors) };
}

export async function countPendingApprovals(db: Db, at: string): Promise<WaitingCount> {
  return toCount(
    await db
      .selectFrom('approvals')
      .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('proposed_at').as('oldest')])
      .where('state', '=', 'PENDING')
      .where('expires_at', '>', at)
      .executeTakeFirst(),
  );
}

/** The project-bound queues: access requests, declared payments, gifts to ship, reported posts. */
export async function countProjectQueues(db: Db, productIds: number[] | null) {
  if (productIds && !productIds.length) {
    const none = { count: 0, oldest: null };
    return { whitelist: none, payments: none, gifts: none, reports: none };
  }
  const scoped = productIds !== null;
  const ids = productIds ?? [];
  const whitelist = await db
    .selectFrom('product_whitelist')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('requested_at').as('oldest')])
    .where('status', '=', 'REQUEST')
    .$if(scoped, (query) => query.where('product_id', 'in', ids))
    .executeTakeFirst();
  const payments = await db
    .selectFrom('orders')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('payment_declared_at').as('oldest')])
    .where('state', '=', 'PAYMENT_DECLARED')
    .$if(scoped, (query) => query.where('product_id', 'in', ids))
    .executeTakeFirst();
  // A claim waits in REQUESTED until its physical gift is shipped (a digital one is revealed at once).
  const gifts = await db
    .selectFrom('gift_claims')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('claimed_at').as('oldest')])
    .where('state', '=', 'REQUESTED')
    .$if(scoped, (query) => query.where('product_id', 'in', ids))
    .executeTakeFirst();
  // A reported post waits until it is hidden; its age is that of its first report.
  const reports = await db
    .selectFrom('community_reports')
    .innerJoin('community_posts', 'community_posts.id', 'community_reports.post_id')
    .select((eb) => [
      sql<number>`count(distinct ${eb.ref('community_posts.id')})`.as('count'),
      eb.fn.min('community_reports.created_at').as('oldest'),
    ])
    .where('community_posts.is_hidden', '=', 0)
    .$if(scoped, (query) => query.where('community_posts.product_id', 'in', ids))
    .executeTakeFirst();
  return {
    whitelist: toCount(whitelist),
    payments: toCount(payments),
    gifts: toCount(gifts),
    reports: toCount(reports),
  };
}
