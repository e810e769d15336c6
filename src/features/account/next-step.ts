import type { KycPayload } from '../../domain/session';

/**
 * What an investor should do next, from their identity review: verify identity, wait for
 * the review, fix what the reviewer asked, contact support, or (approved) invest.
 * The overview shows it with the action that does it.
 */
export type NextStep =
  | { kind: 'verify-identity'; to: '/auth/verify/identity' }
  | { kind: 'fix-identity'; to: '/auth/verify/identity' }
  | { kind: 'identity-in-review'; to: '/auth/verify/identity/success' }
  | { kind: 'contact-support'; to: '/contact-us/' }
  | { kind: 'invest'; to: '/projects' };

export function nextStepFor(kyc: KycPayload): NextStep {
  if (kyc.reviewAnswer === 'RED') {
    return kyc.rejectType === 'FINAL'
      ? { kind: 'contact-support', to: '/contact-us/' }
      : { kind: 'fix-identity', to: '/auth/verify/identity' };
  }
  if (kyc.reviewStatus === 'init') return { kind: 'verify-identity', to: '/auth/verify/identity' };
  if (kyc.reviewStatus === 'completed' && kyc.reviewAnswer === 'GREEN') return { kind: 'invest', to: '/projects' };
  return { kind: 'identity-in-review', to: '/auth/verify/identity/success' };
}

/** The three milestones of a first visit, for the progress list on the overview. */
export function milestonesFor(kyc: KycPayload): Array<{ key: 'secure' | 'verify' | 'invest'; isDone: boolean }> {
  const isApproved = kyc.reviewStatus === 'completed' && kyc.reviewAnswer === 'GREEN';
  return [
    // The overview is only reachable with two-step sign-in set up.
    { key: 'secure', isDone: true },
    { key: 'verify', isDone: isApproved },
    { key: 'invest', isDone: false },
  ];
}
