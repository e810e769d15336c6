/**
 * The route guards of spec section 2 as one pure decision. Both guarded layouts (the
 * signed-in group and the KYC group) call it; the server enforces the same rules itself.
 */
import type { Me } from './session';

export const reviewStatuses = ['init', 'pending', 'prechecked', 'queued', 'completed', 'onHold'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const reviewAnswers = ['GREEN', 'RED'] as const;
export type ReviewAnswer = (typeof reviewAnswers)[number];

export type AccessGroup = 'signed-in' | 'kyc';

export interface AccessFacts {
  /** A session exists (token present and the profile could be read). */
  hasSession: boolean;
  isOtpEnabled: boolean;
  /** OTP is set up but this session has not passed it yet (token role UNVERIFIED). */
  isSecondFactorPending?: boolean;
  reviewStatus: ReviewStatus | null;
  reviewAnswer: ReviewAnswer | null;
}

export type AccessDecision =
  | { kind: 'stay' }
  | {
      kind: 'redirect';
      to:
        | '/auth/signin'
        | '/auth/otp/setup'
        | '/auth/otp/verify'
        | '/auth/verify/identity'
        | '/auth/verify/identity/success';
      /** Where the user wanted to go, so sign-in can bring them back. */
      redirect: string;
    };

export function decideAccess(group: AccessGroup, facts: AccessFacts, wanted: string): AccessDecision {
  const go = (to: Extract<AccessDecision, { kind: 'redirect' }>['to']): AccessDecision => ({
    kind: 'redirect',
    to,
    redirect: wanted,
  });
  if (!facts.hasSession) return go('/auth/signin');
  if (!facts.isOtpEnabled) return go('/auth/otp/setup');
  if (facts.isSecondFactorPending) return go('/auth/otp/verify');
  if (group === 'signed-in') return { kind: 'stay' };
  // A user who never started a review has status init, and so does one with no record yet.
  const status = facts.reviewStatus ?? 'init';
  if (status === 'init') return go('/auth/verify/identity');
  if (status !== 'completed' || facts.reviewAnswer === 'RED') return go('/auth/verify/identity/success');
  return { kind: 'stay' };
}

/**
 * The operator console's roles (issue 23): an admin sees everything, a seller its assigned
 * projects. Anyone else is refused (ROLE_REQUIRED) and stays signed in.
 */
export function operatorRoleOf(me: Me | null | undefined): 'ADMIN' | 'SELLER' | null {
  const role = me?.userPayload.role;
  return role === 'ADMIN' || role === 'SELLER' ? role : null;
}

/** Only same-site paths are followed after sign-in, never another origin. */
export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  return value;
}

/** The guards' facts from the signed-in profile (null: no session). */
export function accessFactsFrom(me: Me | null): AccessFacts {
  if (!me) return { hasSession: false, isOtpEnabled: false, reviewStatus: null, reviewAnswer: null };
  return {
    hasSession: true,
    isOtpEnabled: me.userPayload.isOtpEnabled,
    isSecondFactorPending: me.userPayload.isOtpEnabled && me.userPayload.role === 'UNVERIFIED',
    reviewStatus: me.kycPayload.reviewStatus,
    reviewAnswer: me.kycPayload.reviewAnswer,
  };
}

/**
 * What a request does with a project: `see` it (its page, governance, documents, gifts,
 * subscription), `invest` in it (order, contract, signature) or `ask` to be let in (the
 * allowed-list request, which must stay reachable to those not on the list).
 */
export const projectUses = ['see', 'invest', 'ask'] as const;
export type ProjectUse = (typeof projectUses)[number];

/** What decides whether a caller reaches a project; null when there is no such project. */
export interface ProjectAccessFacts {
  /** Shown (hide_status SHOW); a hidden project is not there for anyone but its staff. */
  isShown: boolean;
  /** Open to its allowed list only. */
  isRestricted: boolean;
  /** The caller is on the project's allowed list (ALLOW). */
  isAllowed: boolean;
  /** The caller holds tokens of the project now. */
  isHolder: boolean;
  /** An ADMIN account, or a SELLER account assigned to this project. */
  isStaff: boolean;
}

export type ProjectAccessDecision = 'allow' | 'NOT_FOUND' | 'WHITELIST_REQUIRED';

/**
 * The one project-access rule every project-scoped request obeys. A hidden project is
 * indistinguishable from a missing one (NOT_FOUND), except to its staff, who still see it but
 * never invest. A restricted project is open to its allowed list (WHITELIST_REQUIRED for anyone
 * else); its holders keep seeing what they hold (governance, documents, gifts), but investing
 * more needs the allowed list. Asking to be let in needs only a shown project.
 */
export function decideProjectAccess(facts: ProjectAccessFacts | null, use: ProjectUse): ProjectAccessDecision {
  if (!facts) return 'NOT_FOUND';
  const staffSees = facts.isStaff && use !== 'invest';
  if (!facts.isShown && !staffSees) return 'NOT_FOUND';
  if (use === 'ask' || !facts.isRestricted || facts.isAllowed || staffSees) return 'allow';
  if (use === 'see' && facts.isHolder) return 'allow';
  return 'WHITELIST_REQUIRED';
}
