import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ReviewAnswer, ReviewStatus } from '../../../src/domain/access';
import type { RejectType } from '../../../src/domain/kyc';
import { compiledQuery } from '../../db/compiled-query';
import type { Database } from '../../db/types';
import { selectUsers, toUserRecord, type UserRecord } from '../users/records-repository';

type Db = Kysely<Database>;

export interface SessionRecord {
  id: string;
  userId: string;
  method: 'EMAIL' | 'GOOGLE';
  isSecondFactorPassed: boolean;
  secondFactorAt: string | null;
  expiresAt: string;
}

/**
 * The account's identity review as the KYC guard, users/me and the services behind the KYC level
 * read it: the review record's own fields, read with the session (null before a first submission).
 * The identity (id, names, investor type) is what an approved investor buys and signs under.
 */
export interface ReviewSummary {
  id: string;
  reviewStatus: ReviewStatus;
  reviewAnswer: ReviewAnswer | null;
  rejectType: RejectType | null;
  message: string | null;
  legalName: string | null;
  investorType: 'INDIVIDUAL' | 'COMPANY';
  entityName: string | null;
}

export interface SessionWithUser {
  session: SessionRecord;
  user: UserRecord;
  review: ReviewSummary | null;
}

export async function insertSession(
  db: Db,
  values: { userId: string; method: 'EMAIL' | 'GOOGLE'; ip: string; userAgent: string; expiresAt: string },
  now: string,
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: values.userId,
      method: values.method,
      is_second_factor_passed: 0,
      ip: values.ip,
      user_agent: values.userAgent,
      created_at: now,
      expires_at: values.expiresAt,
    })
    .execute();
  return id;
}

/**
 * The live session, its account and the account's identity review, in one statement compiled
 * once (every authenticated request runs it): the guards of the request read all they need
 * from it (docs/decisions/1602-requests-do-their-own-work-once.md).
 */
const activeSession = compiledQuery((db, params: { sessionId: string; now: string }) =>
  selectUsers(db)
    .innerJoin('sessions', 'sessions.user_id', 'users.id')
    .leftJoin('kyc_reviews', 'kyc_reviews.user_id', 'users.id')
    .select([
      'sessions.id as session_id',
      'sessions.method as session_method',
      'sessions.is_second_factor_passed as session_is_second_factor_passed',
      'sessions.second_factor_at as session_second_factor_at',
      'sessions.expires_at as session_expires_at',
      'kyc_reviews.id as review_id',
      'kyc_reviews.review_status as review_status',
      'kyc_reviews.review_answer as review_answer',
      'kyc_reviews.reject_type as review_reject_type',
      'kyc_reviews.message as review_message',
      'kyc_reviews.legal_name as review_legal_name',
      'kyc_reviews.investor_type as review_investor_type',
      'kyc_reviews.entity_name as review_entity_name',
    ])
    .where('sessions.id', '=', params.sessionId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', params.now),
);

export async function findActiveSession(db: Db, sessionId: string, now: string): Promise<SessionWithUser | null> {
  const row = await activeSession.executeTakeFirst(db, { sessionId, now });
  if (!row) return null;
  return {
    session: {
      id: row.session_id,
      userId: row.id,
      method: row.session_method,
      isSecondFactorPassed: row.session_is_second_factor_passed === 1,
      secondFactorAt: row.session_second_factor_at,
      expiresAt: row.session_expires_at,
    },
    user: toUserRecord(row),
    review:
      row.review_id === null || row.review_status === null || row.review_investor_type === null
        ? null
        : {
            id: row.review_id,
            reviewStatus: row.review_status,
            reviewAnswer: row.review_answer,
            rejectType: row.review_reject_type,
            message: row.review_message,
            legalName: row.review_legal_name,
            investorType: row.review_investor_type,
            entityName: row.review_entity_name,
          },
  };
}

export async function markSecondFactorPassed(db: Db, sessionId: string, now: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ is_second_factor_passed: 1, second_factor_at: now })
    .where('id', '=', sessionId)
    .execute();
}

export async function revokeSession(db: Db, sessionId: string, now: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Every live session of the user, optionally keeping one (the caller's). */
export async function revokeUserSessions(db: Db, userId: string, now: string, exceptSessionId?: string) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  await query.execute();
}

export interface ChallengeRecord {
  id: string;
  purpose: 'SIGN_IN' | 'EMAIL_CHANGE';
  email: string;
  userId: string | null;
  codeHash: string;
}

export async function insertChallenge(
  db: Db,
  values: {
    id: string;
    purpose: 'SIGN_IN' | 'EMAIL_CHANGE';
    email: string;
    userId: string | null;
    codeHash: string;
    ip: string;
    expiresAt: string;
  },
  now: string,
): Promise<void> {
  await db
    .insertInto('email_challenges')
    .values({
      id: values.id,
      purpose: values.purpose,
      email: values.email,
      user_id: values.userId,
      code_hash: values.codeHash,
      attempts: 0,
      ip: values.ip,
      expires_at: values.expiresAt,
      created_at: now,
    })
    .execute();
}

/**
 * Spends one guess on a live challenge before the code is compared, in one statement, so
 * parallel guesses can never exceed the allowance. Null when the challenge is unknown, used,
 * expired, of another purpose or owner, or out of guesses.
 */
export async function spendChallengeAttempt(
  db: Db,
  where: { id: string; purpose: 'SIGN_IN' | 'EMAIL_CHANGE'; userId: string | null; maxAttempts: number },
  now: string,
): Promise<ChallengeRecord | null> {
  let query = db
    .updateTable('email_challenges')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', where.id)
    .where('purpose', '=', where.purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', where.maxAttempts);
  query = where.userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', where.userId);
  const result = await query.executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  const row = await db.selectFrom('email_challenges').selectAll().where('id', '=', where.id).executeTakeFirstOrThrow();
  return { id: row.id, purpose: row.purpose, email: row.email, userId: row.user_id, codeHash: row.code_hash };
}

/** True for the one caller that consumed it; a second, simultaneous use gets false. */
export async function consumeChallenge(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('email_challenges')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
