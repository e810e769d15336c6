import { z } from 'zod';
import { reviewAnswers, reviewStatuses } from './access';

export { accessFactsFrom } from './access';
import { userPayloadSchema } from './auth';
import { rejectTypes } from './kyc';

/** Identity status as the KYC capability reports it; 'init' and no answer until a review starts. */
export const kycPayloadSchema = z.object({
  reviewStatus: z.enum(reviewStatuses),
  reviewAnswer: z.enum(reviewAnswers).nullable(),
  /** With a RED answer: RETRY (fix and resubmit) or FINAL (contact support). */
  rejectType: z.enum(rejectTypes).nullable(),
  /** What the reviewer wrote to the user, shown on the identity check page. */
  reviewMessage: z.string().nullable(),
});
export type KycPayload = z.infer<typeof kycPayloadSchema>;

/** GET /api/v1/users/me: the investor profile and the identity status (spec section 7). */
export const meSchema = z.object({
  userPayload: userPayloadSchema,
  kycPayload: kycPayloadSchema,
});
export type Me = z.infer<typeof meSchema>;
