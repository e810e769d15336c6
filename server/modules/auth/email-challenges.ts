import { randomUUID } from 'node:crypto';
import { EMAIL_CODE_LENGTH, EMAIL_CODE_TTL_MINUTES } from '../../../src/domain/auth';
import { minutesFrom, type AppContext, type RequestMeta } from '../../context';
import { hashCode, randomDigits, safeEqual } from '../../crypto';
import { AppError } from '../../errors';
import {
  consumeChallenge,
  insertChallenge,
  listChallengeTimes,
  spendChallengeAttempt,
  type ChallengeRecord,
} from './repository';

const WINDOW_MINUTES = 15;
/** Codes sent to one address in the window. */
const MAX_CODES_PER_ADDRESS = 5;
/** Wrong guesses one code allows; with the per-address cap, at most 25 guesses an address per window. */
const MAX_ATTEMPTS_PER_CODE = 5;

type Purpose = 'SIGN_IN' | 'EMAIL_CHANGE';

function codeHashFor(ctx: AppContext, challengeId: string, code: string): string {
  // The challenge id is part of the hash: a code only ever matches the attempt that asked for it.
  return hashCode(ctx.keys.codeHash, 'email-code', challengeId, code);
}

function throwIfOverLimit(times: string[], max: number, now: Date): void {
  if (times.length < max) return;
  const oldest = new Date(times[times.length - max]!);
  const seconds = Math.max(1, Math.ceil((minutesFrom(oldest, WINDOW_MINUTES).getTime() - now.getTime()) / 1000));
  throw new AppError('RATE_LIMITED', `Too many codes were requested. Try again in ${Math.ceil(seconds / 60)} min.`, {
    'retry-after': String(seconds),
  });
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
  const now = ctx.now();
  const since = minutesFrom(now, -WINDOW_MINUTES).toISOString();
  throwIfOverLimit(await listChallengeTimes(ctx.db, { email: request.email }, since), MAX_CODES_PER_ADDRESS, now);
  throwIfOverLimit(
    await listChallengeTimes(ctx.db, { ip: request.meta.ip }, since),
    ctx.config.SIGN_IN_CODES_PER_IP,
    now,
  );

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
  await ctx.mailer.send(
    request.purpose === 'SIGN_IN'
      ? {
          to: request.email,
          subject: 'Your Moa sign-in code',
          text: `Your Moa sign-in code is ${code}.\n\nIt works once, for ${EMAIL_CODE_TTL_MINUTES} minutes, in the browser where you asked for it.\nIf you did not try to sign in, you can ignore this email.`,
        }
      : {
          to: request.email,
          subject: 'Confirm your new Moa email address',
          text: `Your confirmation code is ${code}.\n\nEnter it in your Moa account settings within ${EMAIL_CODE_TTL_MINUTES} minutes to make this your sign-in address.\nIf you did not ask for this, you can ignore this email.`,
        },
  );
  return { challengeId };
}

/**
 * Checks a code against its challenge, spending one guess first (in its own statement, so a
 * wrong guess counts even though the caller's transaction is never opened).
 */
export async function checkEmailChallenge(
  ctx: AppContext,
  request: { purpose: Purpose; challengeId: string; code: string; userId: string | null },
): Promise<ChallengeRecord> {
  const now = ctx.now().toISOString();
  const challenge = await spendChallengeAttempt(
    ctx.db,
    { id: request.challengeId, purpose: request.purpose, userId: request.userId, maxAttempts: MAX_ATTEMPTS_PER_CODE },
    now,
  );
  if (!challenge) {
    throw new AppError('SIGN_IN_FAILED', 'This code has expired or can no longer be used. Ask for a new code.');
  }
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
