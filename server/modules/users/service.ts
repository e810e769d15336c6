import { findWhitelistIds } from '../products/service';
import { deleteUserSubscriptions } from '../notifications/service';
import { kycPayloadOf } from '../kyc/service';
import type { Activity, UserPayload, UserRole } from '../../../src/domain/auth';
import type { Me } from '../../../src/domain/session';
import type { Kysely } from 'kysely';
import type { AppContext, RequestMeta } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { emailChangedMail } from '../../i18n/mails';
import type { Language } from '../../../src/domain/language';
import { appendAuditEvent, listAuditEvents } from '../audit/repository';
import { approximateOrigin, describeDevice } from '../audit/describe';
import { activityText } from '../../i18n/activity';
import { checkEmailChallenge, consumeEmailChallenge, sendEmailChallenge } from '../auth/email-challenges';
import { EMAIL_ISSUER, revokeSession, revokeUserSessions, type Caller } from '../auth/service';
import { findUserByEmail, findUserById, insertIdentity, type UserRecord } from './records-repository';
import {
  countUsersWithRole,
  deleteIdentity,
  findEmailsOfUsers,
  setUserBan,
  setUserRole,
  updateUserSelf,
} from './repository';
import { recordLiveEvents } from '../live/service';

export function toUserPayload(user: UserRecord, role: UserPayload['role']): UserPayload {
  return {
    id: user.id,
    investorType: user.investorType,
    legalName: user.legalName,
    countryOfResidence: user.countryOfResidence,
    email: user.email,
    name: user.name,
    // kycStatus is derived from the review in the same transaction as every review change.
    isKycVerified: user.kycStatus === 'GREEN',
    kycStatus: user.kycStatus,
    isBanned: user.isBanned,
    banReason: user.banReason,
    // Restricted products and whitelists arrive with the products capability.
    allowedProductIds: [],
    whitelistRequestProductIds: [],
    isHideBadge: user.isHideBadge,
    isOtpEnabled: user.isOtpEnabled,
    role,
    language: user.language,
  };
}

async function meOf(ctx: AppContext, caller: Caller, user: UserRecord): Promise<Me> {
  const whitelist = await findWhitelistIds(ctx.db, user.id);
  return {
    // After the second factor the account's current role, so a grant shows without a new sign-in.
    userPayload: { ...toUserPayload(user, caller.role === 'UNVERIFIED' ? 'UNVERIFIED' : user.role), ...whitelist },
    // No change made through this module touches the review: the one read with the session holds.
    kycPayload: kycPayloadOf(caller.review),
  };
}

/** After a change to the account: read it again, since the request's copy is from before the change. */
async function currentMe(ctx: AppContext, caller: Caller): Promise<Me> {
  const user = await findUserById(ctx.db, caller.user.id);
  if (!user) throw new AppError('UNAUTHORIZED', 'Your account no longer exists.');
  return meOf(ctx, caller, user);
}

/**
 * The account as the request's authentication read it a moment ago (same request, same
 * row): reading it again would cost a statement and could not tell anything newer.
 */
export function getMe(ctx: AppContext, caller: Caller): Promise<Me> {
  return meOf(ctx, caller, caller.user);
}

export async function updateName(ctx: AppContext, caller: Caller, name: string, meta: RequestMeta): Promise<Me> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    await updateUserSelf(trx, caller.user.id, { name }, now);
    await appendAuditEvent(trx, { actor: 'user', userId: caller.user.id, type: 'NAME_CHANGED', meta }, now);
  });
  return currentMe(ctx, caller);
}

export async function setBadgeHidden(ctx: AppContext, caller: Caller, isHideBadge: boolean, meta: RequestMeta) {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    await updateUserSelf(trx, caller.user.id, { is_hide_badge: isHideBadge ? 1 : 0 }, now);
    await appendAuditEvent(
      trx,
      {
        actor: 'user',
        userId: caller.user.id,
        type: 'BADGE_VISIBILITY_CHANGED',
        detail: { isHideBadge: String(isHideBadge) },
        meta,
      },
      now,
    );
  });
  return currentMe(ctx, caller);
}

/**
 * The investor's language for mails and messages. Not an audited account change: it alters
 * nothing about access, money or identity, only the wording Moa uses.
 */
export async function setLanguage(
  ctx: AppContext,
  caller: Caller,
  language: Language,
): Promise<{ language: Language }> {
  await updateUserSelf(ctx.db, caller.user.id, { language }, ctx.now().toISOString());
  return { language };
}

/** The new address takes effect only once a code sent to it comes back. */
export async function requestEmailChange(ctx: AppContext, caller: Caller, email: string, meta: RequestMeta) {
  if (caller.user.email === email) throw new AppError('CONFLICT', 'That is already your email address.');
  return sendEmailChallenge(ctx, { purpose: 'EMAIL_CHANGE', email, userId: caller.user.id, meta });
}

export async function confirmEmailChange(
  ctx: AppContext,
  caller: Caller,
  request: { challengeId: string; code: string },
  meta: RequestMeta,
): Promise<Me> {
  const userId = caller.user.id;
  const challenge = await checkEmailChallenge(ctx, { purpose: 'EMAIL_CHANGE', userId, ...request }, meta);
  const previous = caller.user.email;
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    await consumeEmailChallenge(trx, challenge.id, now);
    const owner = await findUserByEmail(trx, challenge.email);
    // Said only now, to someone who proved they own the address.
    if (owner && owner.id !== userId) throw new AppError('CONFLICT', 'Another account already uses this address.');
    await updateUserSelf(trx, userId, { email: challenge.email }, now);
    if (previous) await deleteIdentity(trx, userId, EMAIL_ISSUER, previous);
    await deleteIdentity(trx, userId, EMAIL_ISSUER, challenge.email);
    await insertIdentity(trx, { userId, issuer: EMAIL_ISSUER, subject: challenge.email, email: challenge.email }, now);
    await appendAuditEvent(
      trx,
      { actor: 'user', userId, type: 'EMAIL_CHANGED', detail: { from: previous ?? '', to: challenge.email }, meta },
      now,
    );
  });
  if (previous) {
    const language = caller.user.language ?? meta.language ?? 'en';
    await ctx.mailer.send({ to: previous, ...emailChangedMail(language, { newEmail: challenge.email }) });
  }
  return currentMe(ctx, caller);
}

export async function signOut(ctx: AppContext, caller: Caller, meta: RequestMeta): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    await revokeSession(trx, caller.session.id, now);
    await appendAuditEvent(trx, { actor: 'user', userId: caller.user.id, type: 'SIGN_OUT', meta }, now);
    await recordLiveEvents(trx, now, [{ userId: caller.user.id, type: 'session' }]);
  });
}

export async function signOutEverywhere(ctx: AppContext, caller: Caller, meta: RequestMeta): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    await revokeUserSessions(trx, caller.user.id, now);
    // A lost phone stops showing the account's news too.
    await deleteUserSubscriptions(trx, caller.user.id);
    await appendAuditEvent(trx, { actor: 'user', userId: caller.user.id, type: 'SIGN_OUT_ALL', meta }, now);
    await recordLiveEvents(trx, now, [{ userId: caller.user.id, type: 'session' }]);
  });
}

export async function listActivity(
  ctx: AppContext,
  caller: Caller,
  limit: number,
  language: Language = 'en',
): Promise<Activity[]> {
  const rows = await listAuditEvents(ctx.db, caller.user.id, limit);
  const text = activityText(language);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    actor: row.actor,
    createdAt: row.created_at,
    // Only the user's own devices are worth naming; an operator's or the system's are Moa's.
    device:
      row.actor === 'user'
        ? describeDevice(row.user_agent, language)
        : row.actor === 'operator'
          ? text.operator
          : text.platform,
    origin: row.actor === 'user' ? approximateOrigin(row.ip, language) : text.platform,
    detail: row.detail ? (JSON.parse(row.detail) as Record<string, string>) : null,
  }));
}

/**
 * An operator's ban: every live session ends at once; the user may sign in again to read and
 * to see the reason, and every action is refused with BANNED.
 */
export async function banUser(ctx: AppContext, userId: string, reason: string, meta: RequestMeta): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    await setUserBan(trx, userId, { isBanned: true, reason }, now);
    await revokeUserSessions(trx, userId, now);
    await appendAuditEvent(trx, { actor: 'operator', userId, type: 'BANNED', detail: { reason }, meta }, now);
    await recordLiveEvents(trx, now, [{ userId, type: 'session' }]);
  });
}

export async function unbanUser(
  ctx: AppContext,
  userId: string,
  meta: RequestMeta,
  reason: string | null = null,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    await setUserBan(trx, userId, { isBanned: false, reason: null }, now);
    await appendAuditEvent(
      trx,
      { actor: 'operator', userId, type: 'UNBANNED', detail: reason ? { reason } : undefined, meta },
      now,
    );
    await recordLiveEvents(trx, now, [{ userId, type: 'account' }]);
  });
}

/**
 * An operator grants or takes back a role. Routes check the account's current role, so the
 * change counts on the user's next request without ending their sessions.
 */
export async function changeUserRole(ctx: AppContext, userId: string, role: UserRole, meta: RequestMeta) {
  await ctx.db.transaction().execute((trx) => changeUserRoleIn(trx, userId, role, meta, ctx.now().toISOString()));
}

/** The same change inside the caller's transaction (an approved grant of ADMIN applies it there). */
export async function changeUserRoleIn(
  trx: Kysely<Database>,
  userId: string,
  role: UserRole,
  meta: RequestMeta,
  now: string,
  detail: Record<string, string> = {},
): Promise<void> {
  const user = await findUserById(trx, userId);
  if (!user) throw new AppError('NOT_FOUND', 'No such user.');
  if (user.role === role) throw new AppError('CONFLICT', `The account already has the role ${role}.`);
  if (!(await setUserRole(trx, userId, { from: user.role, to: role }, now))) {
    throw new AppError('CONFLICT', 'The role was changed at the same moment; try again.');
  }
  await appendAuditEvent(
    trx,
    { actor: 'operator', userId, type: 'ROLE_CHANGED', detail: { from: user.role, to: role, ...detail }, meta },
    now,
  );
  await recordLiveEvents(trx, now, [{ userId, type: 'account' }]);
}

/** How many accounts hold ADMIN now. */
export function countAdmins(ctx: AppContext): Promise<number> {
  return countUsersWithRole(ctx.db, 'ADMIN');
}

/** An account by its id, for operator actions naming one. */
export async function findUserByIdForOperator(ctx: AppContext, userId: string): Promise<UserRecord | null> {
  return findUserById(ctx.db, userId);
}

/** The addresses of many accounts at once, for an operator's list (a missing account: none). */
export async function findEmailsForOperator(ctx: AppContext, userIds: readonly string[]) {
  return findEmailsOfUsers(ctx.db, userIds);
}

/**
 * For other modules, inside their own transaction: whether an account exists (a provider's
 * webhook may name one that does not).
 */
export async function userExists(db: Kysely<Database>, userId: string): Promise<boolean> {
  return (await findUserById(db, userId)) !== null;
}

/** An account by its email address, written as anyone types it (operator commands). */
export function findUserByEmailAddress(ctx: AppContext, email: string): Promise<UserRecord | null> {
  return findUserByEmail(ctx.db, email.trim().toLowerCase());
}
