import type { Kysely } from 'kysely';
import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_MAX_FAILURES,
  SECOND_FACTOR_WINDOW_MINUTES,
  type MfaSetupResponse,
  type MfaVerifyRequest,
} from '../../../src/domain/auth';
import { minutesFrom, type AppContext, type RequestMeta } from '../../context';
import { decryptText, encryptText, hashCode, normalizeRecoveryCode, randomRecoveryCode } from '../../crypto';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import { issueAccessToken, markSecondFactorPassed, revokeUserSessions, type Caller } from '../auth/service';
import {
  activatePendingSecret,
  claimTotpStep,
  deleteAttempt,
  findTotpFactor,
  insertAttempt,
  listFailedAttemptTimes,
  markAttemptSucceeded,
  replaceRecoveryCodes,
  savePendingSecret,
  spendRecoveryCode,
} from './repository';
import { generateTotpSecret, matchTotpStep, totpUrl } from './totp';

/** Keys asked for again within this time are the same keys, so a reload shows the same secret. */
const PENDING_REUSE_MINUTES = 5;
/** Resetting the authenticator needs a code entered this recently in the same session. */
const FRESH_SECOND_FACTOR_MINUTES = 10;

type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };
const fail = (message: string): Outcome<never> => ({ ok: false, message });

const WRONG_CODE = 'That code is not correct. Check the time on your phone and try the newest code.';
const USED_CODE = 'This code was already used. Wait for the next code in your authenticator app.';

function recoveryHash(ctx: AppContext, userId: string, code: string): string {
  return hashCode(ctx.keys.codeHash, 'recovery-code', userId, normalizeRecoveryCode(code));
}

function lockedError(failures: string[], now: Date): AppError {
  const unlocksAt = minutesFrom(
    new Date(failures[failures.length - SECOND_FACTOR_MAX_FAILURES]!),
    SECOND_FACTOR_WINDOW_MINUTES,
  );
  const seconds = Math.max(1, Math.ceil((unlocksAt.getTime() - now.getTime()) / 1000));
  return new AppError(
    'RATE_LIMITED',
    `Too many wrong codes. Two-step sign-in is locked for ${Math.ceil(seconds / 60)} min.`,
    { 'retry-after': String(seconds) },
  );
}

/**
 * Every second-factor check goes through here. The attempt is recorded before the code is
 * looked at, then failures are counted, so parallel guesses from any number of IPs and
 * processes cannot get more than the allowance evaluated.
 */
async function attemptSecondFactor<T>(
  ctx: AppContext,
  caller: Caller,
  meta: RequestMeta,
  check: () => Promise<Outcome<T>>,
): Promise<T> {
  const userId = caller.user.id;
  const now = ctx.now();
  const attemptId = await insertAttempt(ctx.db, userId, now.toISOString());
  const since = minutesFrom(now, -SECOND_FACTOR_WINDOW_MINUTES).toISOString();
  const failures = await listFailedAttemptTimes(ctx.db, userId, since);
  if (failures.length > SECOND_FACTOR_MAX_FAILURES) {
    // Not evaluated, so not counted: waiting out the lock is enough to get in again.
    await deleteAttempt(ctx.db, attemptId);
    throw lockedError(
      failures.filter((_, index) => index < failures.length - 1),
      now,
    );
  }
  const outcome = await check();
  if (outcome.ok) {
    await markAttemptSucceeded(ctx.db, attemptId);
    return outcome.value;
  }
  await appendAuditEvent(ctx.db, { actor: 'user', userId, type: 'SECOND_FACTOR_FAILED', meta }, now.toISOString());
  if (failures.length === SECOND_FACTOR_MAX_FAILURES) {
    await appendAuditEvent(ctx.db, { actor: 'user', userId, type: 'SECOND_FACTOR_LOCKED', meta }, now.toISOString());
  }
  throw new AppError('OTP_INVALID', outcome.message);
}

async function acceptTotp(ctx: AppContext, trx: Kysely<Database>, userId: string, secret: string, code: string) {
  const now = ctx.now();
  const step = matchTotpStep(secret, code, now, ctx.config.TOTP_TEST_PAST_STEPS);
  if (step === null) return fail(WRONG_CODE);
  if (!(await claimTotpStep(trx, userId, step, now.toISOString()))) return fail(USED_CODE);
  return { ok: true as const, value: step };
}

function isSecondFactorFresh(ctx: AppContext, caller: Caller): boolean {
  const at = caller.session.secondFactorAt;
  return (
    caller.role !== 'UNVERIFIED' &&
    at !== null &&
    ctx.now().getTime() - new Date(at).getTime() <= FRESH_SECOND_FACTOR_MINUTES * 60_000
  );
}

/** Replacing a working authenticator is a security change: it needs a fresh code and an unbanned account. */
function assertMayReplaceFactor(ctx: AppContext, caller: Caller): void {
  if (!isSecondFactorFresh(ctx, caller)) {
    throw new AppError('OTP_REQUIRED', 'Enter a current code from your authenticator before setting up a new one.');
  }
  if (caller.user.isBanned)
    throw new AppError('BANNED', 'Your account is suspended; you can read but not make changes.');
}

export async function createTotpKeys(ctx: AppContext, caller: Caller): Promise<{ url: string }> {
  const userId = caller.user.id;
  const factor = await findTotpFactor(ctx.db, userId);
  if (factor?.enabled_at) assertMayReplaceFactor(ctx, caller);
  const now = ctx.now();
  let secret: string;
  if (
    factor?.pending_secret_sealed &&
    factor.pending_created_at &&
    new Date(factor.pending_created_at) > minutesFrom(now, -PENDING_REUSE_MINUTES)
  ) {
    secret = decryptText(ctx.keys.totpSecret, factor.pending_secret_sealed);
  } else {
    secret = generateTotpSecret();
    await savePendingSecret(ctx.db, userId, encryptText(ctx.keys.totpSecret, secret), now.toISOString());
  }
  return { url: totpUrl(secret, { issuer: ctx.config.OTP_ISSUER, label: caller.user.email ?? 'Moa account' }) };
}

export async function confirmTotpSetup(
  ctx: AppContext,
  caller: Caller,
  code: string,
  meta: RequestMeta,
): Promise<MfaSetupResponse> {
  const userId = caller.user.id;
  const factor = await findTotpFactor(ctx.db, userId);
  const pending = factor?.pending_secret_sealed;
  if (!pending) throw new AppError('CONFLICT', 'There are no keys to confirm. Open the setup page to get new ones.');
  const isReset = Boolean(factor.enabled_at);
  if (isReset) assertMayReplaceFactor(ctx, caller);
  const secret = decryptText(ctx.keys.totpSecret, pending);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, randomRecoveryCode);

  await attemptSecondFactor(ctx, caller, meta, () =>
    ctx.db.transaction().execute(async (trx) => {
      const accepted = await acceptTotp(ctx, trx, userId, secret, code);
      if (!accepted.ok) return accepted;
      const now = ctx.now().toISOString();
      if (!(await activatePendingSecret(trx, userId, pending, now))) {
        throw new AppError('CONFLICT', 'These keys were replaced in the meantime. Open the setup page again.');
      }
      await replaceRecoveryCodes(
        trx,
        userId,
        recoveryCodes.map((value) => recoveryHash(ctx, userId, value)),
        now,
      );
      await markSecondFactorPassed(trx, caller.session.id, now);
      // A new authenticator means the old one may be in someone else's hands: end other sessions.
      if (isReset) await revokeUserSessions(trx, userId, now, caller.session.id);
      await appendAuditEvent(trx, { actor: 'user', userId, type: isReset ? 'OTP_RESET' : 'OTP_ENABLED', meta }, now);
      return { ok: true as const, value: null };
    }),
  );
  const token = await issueAccessToken(
    ctx,
    { userId, sessionId: caller.session.id, expiresAt: caller.session.expiresAt },
    caller.user.role,
  );
  return { ...token, recoveryCodes };
}

export async function verifySecondFactor(
  ctx: AppContext,
  caller: Caller,
  request: MfaVerifyRequest,
  meta: RequestMeta,
) {
  const userId = caller.user.id;
  const factor = await findTotpFactor(ctx.db, userId);
  if (!factor?.secret_sealed) throw new AppError('CONFLICT', 'Two-step sign-in is not set up yet.');
  const secret = decryptText(ctx.keys.totpSecret, factor.secret_sealed);

  await attemptSecondFactor(ctx, caller, meta, () =>
    ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now().toISOString();
      if ('code' in request) {
        const accepted = await acceptTotp(ctx, trx, userId, secret, request.code);
        if (!accepted.ok) return accepted;
      } else {
        if (!(await spendRecoveryCode(trx, userId, recoveryHash(ctx, userId, request.recoveryCode), now))) {
          return fail('That recovery code is not correct or was already used.');
        }
        await appendAuditEvent(trx, { actor: 'user', userId, type: 'RECOVERY_CODE_USED', meta }, now);
      }
      await markSecondFactorPassed(trx, caller.session.id, now);
      await appendAuditEvent(trx, { actor: 'user', userId, type: 'SECOND_FACTOR_PASSED', meta }, now);
      return { ok: true as const, value: null };
    }),
  );
  return issueAccessToken(
    ctx,
    { userId, sessionId: caller.session.id, expiresAt: caller.session.expiresAt },
    caller.user.role,
  );
}

export async function regenerateRecoveryCodes(ctx: AppContext, caller: Caller, code: string, meta: RequestMeta) {
  const userId = caller.user.id;
  const factor = await findTotpFactor(ctx.db, userId);
  if (!factor?.secret_sealed) throw new AppError('CONFLICT', 'Two-step sign-in is not set up yet.');
  const secret = decryptText(ctx.keys.totpSecret, factor.secret_sealed);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, randomRecoveryCode);
  await attemptSecondFactor(ctx, caller, meta, () =>
    ctx.db.transaction().execute(async (trx) => {
      const accepted = await acceptTotp(ctx, trx, userId, secret, code);
      if (!accepted.ok) return accepted;
      const now = ctx.now().toISOString();
      await replaceRecoveryCodes(
        trx,
        userId,
        recoveryCodes.map((value) => recoveryHash(ctx, userId, value)),
        now,
      );
      await appendAuditEvent(trx, { actor: 'user', userId, type: 'RECOVERY_CODES_REGENERATED', meta }, now);
      return { ok: true as const, value: null };
    }),
  );
  return { recoveryCodes };
}

/**
 * A sensitive change (payout details, addresses) confirmed with a current authenticator code:
 * the code's step is claimed and the change written in one transaction, under the same
 * attempt limits as sign-in, so a code works once and guesses lock the account the same way.
 */
export async function applyWithAuthenticatorCode<T>(
  ctx: AppContext,
  caller: Caller,
  code: string,
  meta: RequestMeta,
  apply: (trx: Kysely<Database>, now: string) => Promise<T>,
): Promise<T> {
  const userId = caller.user.id;
  const factor = await findTotpFactor(ctx.db, userId);
  if (!factor?.secret_sealed) throw new AppError('OTP_REQUIRED', 'Set up two-step sign-in first.');
  const secret = decryptText(ctx.keys.totpSecret, factor.secret_sealed);
  return attemptSecondFactor(ctx, caller, meta, () =>
    ctx.db.transaction().execute(async (trx) => {
      const accepted = await acceptTotp(ctx, trx, userId, secret, code);
      if (!accepted.ok) return accepted;
      return { ok: true as const, value: await apply(trx, ctx.now().toISOString()) };
    }),
  );
}
