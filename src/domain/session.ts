import { z } from 'zod';
import { reviewAnswers, reviewStatuses, type AccessFacts } from './access';

/**
 * The part of GET /api/v1/users/me that the guards read. The sign-in capability owns the
 * full profile; this schema names only what access decisions need, and lets the rest pass.
 */
export const meAccessSchema = z.object({
  userPayload: z.looseObject({
    isOtpEnabled: z.boolean(),
    role: z.string(),
  }),
  kycPayload: z
    .looseObject({
      reviewStatus: z.enum(reviewStatuses).nullable(),
      reviewAnswer: z.enum(reviewAnswers).nullable(),
    })
    .nullable(),
});
export type MeAccess = z.infer<typeof meAccessSchema>;

export function accessFactsFrom(me: MeAccess | null): AccessFacts {
  if (!me) return { hasSession: false, isOtpEnabled: false, reviewStatus: null, reviewAnswer: null };
  return {
    hasSession: true,
    isOtpEnabled: me.userPayload.isOtpEnabled,
    reviewStatus: me.kycPayload?.reviewStatus ?? null,
    reviewAnswer: me.kycPayload?.reviewAnswer ?? null,
  };
}
