import type { QueueItem, QueueKind, QueueResponse } from '../../../src/domain/operator';
import type { AppContext, RequestMeta } from '../../context';
import { AppError } from '../../errors';
import type { Caller } from '../auth/service';
import { productsSoldBy } from '../products/service';
import { findUserByEmailAddress } from '../users/service';
import { countPendingApprovals, countProjectQueues, countWaitingReviews, type WaitingCount } from './repository';
import { countUnmatchedLines } from './statements-repository';

/**
 * Who acts in the operator console or on the command line. Every operator action takes one, so
 * the same rules (roles, a seller's projects, four eyes) hold wherever the action comes from.
 */
export interface Operator {
  /** The operator's account; null for the command line run without --as. */
  userId: string | null;
  email: string | null;
  /** The account's current role; the command line without --as acts with an admin's reach. */
  role: 'ADMIN' | 'SELLER';
  /** How records name the operator: `operator:<email>`, or the command line's name. */
  label: string;
  meta: RequestMeta;
}

/** The signed-in operator of a console request (requireAuth has checked the role). */
export function operatorOfRequest(caller: Caller, meta: RequestMeta): Operator {
  const role = caller.user.role;
  if (role === 'USER') throw new AppError('ROLE_REQUIRED', 'Only a seller or an admin may do this.');
  return {
    userId: caller.user.id,
    email: caller.user.email,
    role,
    label: `operator:${caller.user.email ?? caller.user.id}`,
    meta,
  };
}

/** The command line without --as: recorded as the command line, as before accounts could be named. */
export function commandLineOperator(name: string, meta: RequestMeta): Operator {
  return { userId: null, email: null, role: 'ADMIN', label: `operator:${name}`, meta };
}

/** The command line acting as a named admin account (`--as <email>`). */
export async function operatorByEmail(ctx: AppContext, email: string, meta: RequestMeta): Promise<Operator> {
  const user = await findUserByEmailAddress(ctx, email);
  if (!user) throw new AppError('NOT_FOUND', `No user with the email ${email}.`);
  if (user.role !== 'ADMIN') throw new AppError('ROLE_REQUIRED', `${email} is not an admin.`);
  if (user.isBanned) throw new AppError('BANNED', `${email} is banned.`);
  return { userId: user.id, email: user.email, role: 'ADMIN', label: `operator:${user.email ?? email}`, meta };
}

export function isAdmin(operator: Operator): boolean {
  return operator.role === 'ADMIN';
}

export function assertAdmin(operator: Operator, what = 'do this'): void {
  if (!isAdmin(operator)) throw new AppError('ROLE_REQUIRED', `Only an admin may ${what}.`);
}

/** The projects the operator may see and act in: null for every project (an admin). */
export async function scopeOf(ctx: AppContext, operator: Operator): Promise<number[] | null> {
  if (isAdmin(operator)) return null;
  return productsSoldBy(ctx, operator.userId!);
}

/** A seller acts only in the projects assigned to it; refused with ROLE_REQUIRED elsewhere. */
export async function assertMayActOn(ctx: AppContext, operator: Operator, productId: number): Promise<void> {
  const scope = await scopeOf(ctx, operator);
  if (scope && !scope.includes(productId)) {
    throw new AppError(
      'ROLE_REQUIRED',
      `A seller acts only in the projects assigned to it; project ${productId} is not.`,
    );
  }
}

function itemOf(kind: QueueKind, waiting: WaitingCount, now: Date): QueueItem {
  return {
    kind,
    count: waiting.count,
    oldestAt: waiting.count ? waiting.oldest : null,
    oldestAgeSeconds:
      waiting.count && waiting.oldest
        ? Math.max(0, Math.floor((now.getTime() - Date.parse(waiting.oldest)) / 1000))
        : null,
    tracked: true,
  };
}

/**
 * What waits for an operator today, with the age of the oldest of each kind. A seller sees the
 * queues of its own projects only (access requests, declared payments, gifts, reports).
 */
export async function getQueue(ctx: AppContext, operator: Operator): Promise<QueueResponse> {
  const now = ctx.now();
  const scope = await scopeOf(ctx, operator);
  const projects = await countProjectQueues(ctx.db, scope);
  if (scope) {
    return {
      scope: 'ASSIGNED',
      productIds: scope,
      items: [
        itemOf('WHITELIST_REQUESTS', projects.whitelist, now),
        itemOf('DECLARED_PAYMENTS', projects.payments, now),
        itemOf('GIFT_CLAIMS_TO_SHIP', projects.gifts, now),
        itemOf('REPORTED_POSTS', projects.reports, now),
      ],
    };
  }
  const reviews = await countWaitingReviews(ctx.db);
  const approvals = await countPendingApprovals(ctx.db, now.toISOString());
  const statementLines = await countUnmatchedLines(ctx.db);
  return {
    scope: 'ALL',
    productIds: null,
    items: [
      itemOf('IDENTITY_CHECKS', reviews.identities, now),
      itemOf('INVESTOR_VERIFICATIONS', reviews.investors, now),
      itemOf('WHITELIST_REQUESTS', projects.whitelist, now),
      itemOf('DECLARED_PAYMENTS', projects.payments, now),
      itemOf('UNMATCHED_STATEMENT_LINES', statementLines, now),
      itemOf('GIFT_CLAIMS_TO_SHIP', projects.gifts, now),
      itemOf('REPORTED_POSTS', projects.reports, now),
      itemOf('APPROVALS_WAITING', approvals, now),
    ],
  };
}
