import type { Kysely } from 'kysely';
import type { AccessTokenResponse, TokenRole } from '../../../src/domain/auth';
import { acceptableName } from '../../../src/domain/names';
import { minutesFrom, type AppContext, type RequestMeta } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import { findUserByEmail, findUserIdByIdentity, insertIdentity, insertUser } from '../users/records-repository';
import { checkEmailChallenge, consumeEmailChallenge, sendEmailChallenge } from './email-challenges';
import { GOOGLE_ISSUER, type GoogleVerifier } from './google';
import { insertSession, type SessionWithUser } from './repository';
import { signAccessToken } from './tokens';

/**
 * Session changes other modules make inside their own transaction (a ban, a sign-out, a second
 * factor passed): they reach sessions through this service, never the repository.
 */
export { findActiveSession, markSecondFactorPassed, revokeSession, revokeUserSessions } from './repository';
export type { ReviewSummary, SessionWithUser } from './repository';

/**
 * The signed-in person a service acts for, as the request's one session statement read them:
 * the session, the account, its identity review, and the role the token carries (UNVERIFIED
 * before the second factor). Every service function that acts for a signed-in person takes it
 * (or CallerId); routes pass `authOf(request)`. docs/decisions/1830-one-caller-type.md
 */
export interface Caller extends SessionWithUser {
  role: TokenRole;
}

/**
 * The narrower form of Caller for a service that needs nothing of the caller but whose account
 * it acts on: a route passes its Caller all the same; a test or an operator tool names the id.
 */
export interface CallerId {
  user: Pick<SessionWithUser['user'], 'id'>;
}

/** The issuer of identities proven by an emailed code; their subject is the address. */
export const EMAIL_ISSUER = 'email';
/** A token from before the second factor is short-lived: enough to set up or enter a code. */
const UNVERIFIED_TOKEN_MINUTES = 30;

export async function issueAccessToken(
  ctx: AppContext,
  session: { userId: string; sessionId: string; expiresAt: string },
  role: TokenRole,
): Promise<AccessTokenResponse> {
  const now = ctx.now();
  const sessionEnd = new Date(session.expiresAt);
  const end =
    role === 'UNVERIFIED'
      ? Math.min(sessionEnd.getTime(), minutesFrom(now, UNVERIFIED_TOKEN_MINUTES).getTime())
      : sessionEnd.getTime();
  // Whole seconds, as in the token's exp, so the cookie and the token end together.
  const expiresAt = new Date(Math.floor(end / 1000) * 1000);
  const accessToken = await signAccessToken(ctx.tokenKey, { ...session, role }, now, expiresAt);
  return { accessToken, expiresAt: expiresAt.toISOString() };
}

export function requestSignInCode(ctx: AppContext, email: string, meta: RequestMeta) {
  return sendEmailChallenge(ctx, { purpose: 'SIGN_IN', email, userId: null, meta });
}

async function openSession(
  ctx: AppContext,
  trx: Kysely<Database>,
  userId: string,
  method: 'EMAIL' | 'GOOGLE',
  meta: RequestMeta,
) {
  const now = ctx.now();
  const expiresAt = minutesFrom(now, ctx.config.SESSION_TTL_MINUTES).toISOString();
  const sessionId = await insertSession(
    trx,
    { userId, method, ip: meta.ip, userAgent: meta.userAgent, expiresAt },
    now.toISOString(),
  );
  await appendAuditEvent(trx, { actor: 'user', userId, type: 'SIGN_IN', detail: { method }, meta }, now.toISOString());
  return { userId, sessionId, expiresAt };
}

/**
 * Whoever proves control of an address with a code signs in as the account with that address:
 * the one whose email identity it is, or the one (from Google) that already carries it, or a
 * new account. Every step and the session are written in one transaction.
 */
export async function signInWithEmailCode(
  ctx: AppContext,
  request: { challengeId: string; code: string },
  meta: RequestMeta,
): Promise<AccessTokenResponse> {
  const challenge = await checkEmailChallenge(ctx, { purpose: 'SIGN_IN', userId: null, ...request }, meta);
  const session = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    await consumeEmailChallenge(trx, challenge.id, now);
    let userId = await findUserIdByIdentity(trx, EMAIL_ISSUER, challenge.email);
    if (!userId) {
      userId =
        (await findUserByEmail(trx, challenge.email))?.id ??
        (await insertUser(trx, { email: challenge.email, name: null }, now));
      await insertIdentity(
        trx,
        { userId, issuer: EMAIL_ISSUER, subject: challenge.email, email: challenge.email },
        now,
      );
    }
    return openSession(ctx, trx, userId, 'EMAIL', meta);
  });
  return issueAccessToken(ctx, session, 'UNVERIFIED');
}

/**
 * Google accounts are keyed by issuer + subject. A first Google sign-in joins an existing
 * account with the same address only because Google vouches for that address
 * (email_verified); a token without that promise is refused, so no account is taken over.
 */
export async function signInWithGoogle(
  ctx: AppContext,
  verify: GoogleVerifier | null,
  credential: string,
  meta: RequestMeta,
): Promise<AccessTokenResponse> {
  if (!verify) throw new AppError('NOT_FOUND', 'Google sign-in is not configured on this server.');
  const identity = await verify(credential, ctx.now());
  if (!identity) throw new AppError('SIGN_IN_FAILED', 'Google sign-in could not be verified. Please try again.');
  if (!identity.email || !identity.isEmailVerified) {
    throw new AppError(
      'SIGN_IN_FAILED',
      'Google has not verified the email address of this account. Sign in with an email code instead.',
    );
  }
  const email = identity.email;
  const session = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    let userId = await findUserIdByIdentity(trx, GOOGLE_ISSUER, identity.subject);
    if (!userId) {
      const existing = await findUserByEmail(trx, email);
      // Google's display name follows the same rule as a name typed into the profile.
      userId = existing?.id ?? (await insertUser(trx, { email, name: acceptableName(identity.name) }, now));
      await insertIdentity(trx, { userId, issuer: GOOGLE_ISSUER, subject: identity.subject, email }, now);
      if (existing)
        await appendAuditEvent(trx, { actor: 'user', userId, type: 'GOOGLE_LINKED', detail: { email }, meta }, now);
    }
    return openSession(ctx, trx, userId, 'GOOGLE', meta);
  });
  return issueAccessToken(ctx, session, 'UNVERIFIED');
}
