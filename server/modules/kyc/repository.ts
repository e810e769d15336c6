import { PostgresAdapter, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, InvestorVerificationsTable, KycFilesTable, KycReviewsTable } from '../../db/types';

type Db = Kysely<Database>;

export type ReviewRow = Selectable<KycReviewsTable>;
export type InvestorRow = Selectable<InvestorVerificationsTable>;
export type FileRow = Selectable<KycFilesTable>;

export function findReview(db: Db, userId: string): Promise<ReviewRow | undefined> {
  return db.selectFrom('kyc_reviews').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Reads the review for a change, locking the row in PostgreSQL so concurrent changes queue. */
export function findReviewForUpdate(db: Db, userId: string): Promise<ReviewRow | undefined> {
  const query = db.selectFrom('kyc_reviews').selectAll().where('user_id', '=', userId);
  // SQLite has no row locks and needs none: a write transaction there holds the whole file.
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? query.forUpdate().executeTakeFirst()
    : query.executeTakeFirst();
}

export async function insertReview(db: Db, values: Insertable<KycReviewsTable>): Promise<void> {
  await db.insertInto('kyc_reviews').values(values).execute();
}

export async function updateReview(db: Db, id: string, values: Updateable<KycReviewsTable>): Promise<void> {
  await db.updateTable('kyc_reviews').set(values).where('id', '=', id).execute();
}

export async function setUserIdentity(
  db: Db,
  userId: string,
  values: Partial<{
    kyc_status: 'NONE' | 'INPROGRESS' | 'GREEN' | 'RED';
    legal_name: string;
    country_of_residence: string;
    investor_type: 'INDIVIDUAL' | 'COMPANY';
  }>,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...values, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** Reviews an operator has to answer, oldest submission first. */
export function findWaitingReviews(db: Db) {
  return db
    .selectFrom('kyc_reviews')
    .innerJoin('users', 'users.id', 'kyc_reviews.user_id')
    .select([
      'kyc_reviews.user_id',
      'kyc_reviews.provider',
      'kyc_reviews.review_status',
      'kyc_reviews.legal_name',
      'kyc_reviews.date_of_birth',
      'kyc_reviews.country_of_residence',
      'kyc_reviews.investor_type',
      'kyc_reviews.entity_name',
      'kyc_reviews.entity_number',
      'kyc_reviews.document_type',
      'kyc_reviews.submitted_at',
      'users.email',
    ])
    .where('kyc_reviews.review_status', 'in', ['pending', 'prechecked', 'queued', 'onHold'])
    .orderBy('kyc_reviews.submitted_at')
    .execute();
}

export function findWaitingInvestorVerifications(db: Db) {
  return db
    .selectFrom('investor_verifications')
    .innerJoin('users', 'users.id', 'investor_verifications.user_id')
    .select([
      'investor_verifications.user_id',
      'investor_verifications.basis',
      'investor_verifications.details',
      'investor_verifications.submitted_at',
      'users.email',
    ])
    .where('investor_verifications.review_status', '=', 'pending')
    .orderBy('investor_verifications.submitted_at')
    .execute();
}

export async function insertFile(db: Db, values: Insertable<KycFilesTable>): Promise<void> {
  await db.insertInto('kyc_files').values(values).execute();
}

/** A file of this user only: another user's id finds nothing, exactly like an unknown one. */
export function findOwnFile(db: Db, userId: string, id: string): Promise<FileRow | undefined> {
  return db.selectFrom('kyc_files').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export function findOwnFiles(db: Db, userId: string, ids: string[]): Promise<FileRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('kyc_files').selectAll().where('user_id', '=', userId).where('id', 'in', ids).execute();
}

export function findUsedFiles(db: Db, userId: string): Promise<FileRow[]> {
  return db
    .selectFrom('kyc_files')
    .selectAll()
    .where('user_id', '=', userId)
    .where('used_as', 'is not', null)
    .orderBy('created_at')
    .execute();
}

/** A new submission replaces the previous one's files for the same purposes. */
export async function releaseFiles(db: Db, userId: string, usedAs: Array<NonNullable<FileRow['used_as']>>) {
  await db
    .updateTable('kyc_files')
    .set({ used_as: null })
    .where('user_id', '=', userId)
    .where('used_as', 'in', usedAs)
    .execute();
}

export async function markFileUsed(db: Db, id: string, usedAs: NonNullable<FileRow['used_as']>): Promise<void> {
  await db.updateTable('kyc_files').set({ used_as: usedAs }).where('id', '=', id).execute();
}

export function findInvestor(db: Db, userId: string): Promise<InvestorRow | undefined> {
  return db.selectFrom('investor_verifications').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function upsertInvestor(db: Db, values: Insertable<InvestorVerificationsTable>): Promise<void> {
  const { id: _id, user_id: _userId, ...changes } = values;
  await db
    .insertInto('investor_verifications')
    .values(values)
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(changes))
    .execute();
}

export async function updateInvestor(db: Db, userId: string, values: Updateable<InvestorVerificationsTable>) {
  await db.updateTable('investor_verifications').set(values).where('user_id', '=', userId).execute();
}

/** Records a webhook delivery; false when the same body was applied before (a replay). */
export async function recordWebhookEvent(
  db: Db,
  values: { digest: string; type: string; userId: string | null; eventAt: string | null },
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('kyc_webhook_events')
    .values({
      digest: values.digest,
      type: values.type,
      user_id: values.userId,
      event_at: values.eventAt,
      received_at: now,
    })
    .onConflict((conflict) => conflict.column('digest').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The investor's saved purchase choices, or undefined before they saved any. */
export async function findPurchaseDefault(db: Db, userId: string) {
  return db
    .selectFrom('purchase_defaults')
    .select(['identity_id', 'source_of_funds'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** One row per investor, replaced in one statement on both engines. */
export async function savePurchaseDefault(
  db: Db,
  values: { userId: string; identityId: string; sourceOfFunds: string | null; at: string },
): Promise<void> {
  await db
    .insertInto('purchase_defaults')
    .values({
      user_id: values.userId,
      identity_id: values.identityId,
      source_of_funds: values.sourceOfFunds,
      updated_at: values.at,
    })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({
        identity_id: values.identityId,
        source_of_funds: values.sourceOfFunds,
        updated_at: values.at,
      }),
    )
    .execute();
}
