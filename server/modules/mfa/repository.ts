import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

type Db = Kysely<Database>;

export async function findTotpFactor(db: Db, userId: string) {
  return db.selectFrom('totp_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function savePendingSecret(db: Db, userId: string, sealed: string, now: string): Promise<void> {
  await db
    .insertInto('totp_factors')
    .values({ user_id: userId, pending_secret_sealed: sealed, pending_created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ pending_secret_sealed: sealed, pending_created_at: now, updated_at: now }),
    )
    .execute();
}

/** Promotes the pending secret; only the caller that still sees this exact pending secret wins. */
export async function activatePendingSecret(db: Db, userId: string, pendingSealed: string, now: string) {
  const result = await db
    .updateTable('totp_factors')
    .set({
      secret_sealed: pendingSealed,
      pending_secret_sealed: null,
      pending_created_at: null,
      enabled_at: now,
      updated_at: now,
    })
    .where('user_id', '=', userId)
    .where('pending_secret_sealed', '=', pendingSealed)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Claims a time step for the user. The primary key (user_id, step) makes this atomic in the
 * database: of two simultaneous requests with the same code, in any number of processes,
 * exactly one inserts the row.
 */
export async function claimTotpStep(db: Db, userId: string, step: number, now: string): Promise<boolean> {
  const result = await db
    .insertInto('totp_used_steps')
    .values({ user_id: userId, step, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'step']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function insertAttempt(db: Db, userId: string, now: string): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('second_factor_attempts')
    .values({ id, user_id: userId, is_success: 0, created_at: now })
    .execute();
  return id;
}

export async function markAttemptSucceeded(db: Db, id: string): Promise<void> {
  await db.updateTable('second_factor_attempts').set({ is_success: 1 }).where('id', '=', id).execute();
}

export async function deleteAttempt(db: Db, id: string): Promise<void> {
  await db.deleteFrom('second_factor_attempts').where('id', '=', id).execute();
}

/** Times of the attempts that did not succeed since `since`, oldest first. */
export async function listFailedAttemptTimes(db: Db, userId: string, since: string): Promise<string[]> {
  const rows = await db
    .selectFrom('second_factor_attempts')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('is_success', '=', 0)
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((row) => row.created_at);
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[], now: string): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ id: randomUUID(), user_id: userId, code_hash, created_at: now })))
    .execute();
}

/** Uses a recovery code once: the conditional update lets exactly one caller spend it. */
export async function spendRecoveryCode(db: Db, userId: string, hash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
