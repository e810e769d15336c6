import { randomUUID } from 'node:crypto';
import { EMAIL_CODE_LENGTH, EMAIL_CODE_TTL_MINUTES } from '../../../src/domain/auth';
import { minutesFrom, type AppContext, type RequestMeta } from '../../context';
import { hashCode, randomDigits, safeEqual } from '../../crypto';
import { AppError } from '../../errors';
import { emailChangeCodeMail, signInCodeMail } from '../../i18n/mails';
import { budgetKey, spendBudgets } from '../limits/service';
import { findUserByEmail, findUserById } from '../users/records-repository';
import { consumeChallenge, insertChallenge, spendChallengeAttempt, type ChallengeRecord } from './repository';

const WINDOW_MINUTES = 15;
/** Codes one requester (IP) may have sent to one address in the window. */
export const CODES_PER_ADDRESS_AND_REQUESTER = 5;
/** Codes one address may receive from all requesters together: a ceiling against mail floods. */
export const CODES_PER_ADDRESS = 30;
/** Guesses one code allows. */
export const GUESSES_PER_CODE = 5;
/** Guesses at one address's codes from one requester (IP) in the window. */
export const GUESSES_PER_ADDRESS_AND_REQUESTER = 10;
/**
 * Guesses at one address's codes from everyone in the window: the bound on brute force (25 in
 * 15 minutes against a million codes). One stranger can use at most 10 of them, so the owner's
 * own fresh attempt still works unless several addresses attack at once.
 */
export const GUESSES_PER_ADDRESS = 25;

type Purpose = 'SIGN_IN' | 'EMAIL_CHANGE';

function codeHashFor(ctx: AppContext, challengeId: string, code: string): string {
  // The challenge id is part of the hash: a code only ever matches the attempt that asked for it.
  return hashCode(ctx.keys.codeHash, 'email-code', challengeId, code);
}

/**
 * Creates a challenge and mails its code. The answer is the same whether or not the address
 * has an account, so it reveals nothing; the limits count per address and per IP in the
 * database, so every API process shares them.
 */
export async function sendEmailChallenge(
  ctx: AppContext,
  request: { purpose: Purpose; email: string; userId: string | null; meta: RequestMeta },
): Promise<{ challengeId: string }> {
  const { email, meta } = request;
  // Decided by the database before anything is sent; see docs/decisions for why no single
  // stranger can use up an address's codes.
  await spendBudgets(
    ctx,
    [
      {
        key: budgetKey('codes:requester', meta.ip),
        max: ctx.config.SIGN_IN_CODES_PER_IP,
        windowMinutes: WINDOW_MINUTES,
      },
      {
        key: budgetKey('codes:address-requester', email, meta.ip),
        max: CODES_PER_ADDRESS_AND_REQUESTER,
        windowMinutes: WINDOW_MINUTES,
      },
      { key: budgetKey('codes:address', email), max: CODES_PER_ADDRESS, windowMinutes: WINDOW_MINUTES },
    ],
    'Too many codes were requested.',
  );
  const now = ctx.now();

  const challengeId = randomUUID();
  const code = randomDigits(EMAIL_CODE_LENGTH);
  await insertChallenge(
    ctx.db,
    {
      id: challengeId,
      purpose: request.purpose,
      email: request.email,
      userId: request.userId,
      codeHash: codeHashFor(ctx, challengeId, code),
      ip: request.meta.ip,
      expiresAt: minutesFrom(now, EMAIL_CODE_TTL_MINUTES).toISOString(),
    },
    now.toISOString(),
  );
  // The investor's stored language when the address (or the asking account) has one, else the
  // language the request came in.
  const owner = request.userId ? await findUserById(ctx.db, request.userId) : await findUserByEmail(ctx.db, email);
  const language = owner?.language ?? meta.language ?? 'en';
  const values = { code, minutes: EMAIL_CODE_TTL_MINUTES };
  const mail = request.purpose === 'SIGN_IN' ? signInCodeMail(language, values) : emailChangeCodeMail(language, values);
  await ctx.mailer.send({ to: email, ...mail });
  return { challengeId };
}

/**
 * Checks a code against its challenge, spending one guess first (in its own statement, so a
 * wrong guess counts even though the caller's transaction is never opened).
 */
export async function checkEmailChallenge(
  ctx: AppContext,
  request: { purpose: Purpose; challengeId: string; code: string; userId: string | null },
  meta: RequestMeta,
): Promise<ChallengeRecord> {
  const now = ctx.now().toISOString();
  const challenge = await spendChallengeAttempt(
    ctx.db,
    { id: request.challengeId, purpose: request.purpose, userId: request.userId, maxAttempts: GUESSES_PER_CODE },
    now,
  );
  if (!challenge) {
    throw new AppError('SIGN_IN_FAILED', 'This code has expired or can no longer be used. Ask for a new code.');
  }
  // Every guess, right or wrong, is spent from the address's budgets before it is compared.
  await spendBudgets(
    ctx,
    [
      {
        key: budgetKey('guesses:address-requester', challenge.email, meta.ip),
        max: GUESSES_PER_ADDRESS_AND_REQUESTER,
        windowMinutes: WINDOW_MINUTES,
      },
      { key: budgetKey('guesses:address', challenge.email), max: GUESSES_PER_ADDRESS, windowMinutes: WINDOW_MINUTES },
    ],
    'Too many codes were tried for this address.',
  );
  if (!safeEqual(challenge.codeHash, codeHashFor(ctx, challenge.id, request.code))) {
    throw new AppError('SIGN_IN_FAILED', 'That code is not correct. Check the latest email and try again.');
  }
  return challenge;
}

/** Marks the challenge used inside the caller's transaction; a parallel use of the same code loses. */
export async function consumeEmailChallenge(db: AppContext['db'], challengeId: string, now: string): Promise<void> {
  if (!(await consumeChallenge(db, challengeId, now))) {
    throw new AppError('SIGN_IN_FAILED', 'This code has already been used. Ask for a new code.');
  }
}
