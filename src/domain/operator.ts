import { z } from 'zod';
import { rejectTypes } from './kyc';
import { userRoles } from './auth';
import { orderStates } from './order-state';
import { wholeNumber, wholeNumberParam } from './fields';
import { says } from './validation-messages';

/**
 * The operator console's wire contract (`/api/v1/operator/…`): what waits, the approvals of
 * four-eyes actions, and the answers of the actions the command line also offers.
 */

/** What the console's "Today" counts, in the order it shows them. */
export const queueKinds = [
  'IDENTITY_CHECKS',
  'INVESTOR_VERIFICATIONS',
  'WHITELIST_REQUESTS',
  'DECLARED_PAYMENTS',
  'UNMATCHED_STATEMENT_LINES',
  'GIFT_CLAIMS_TO_SHIP',
  'REPORTED_POSTS',
  'APPROVALS_WAITING',
] as const;
export type QueueKind = (typeof queueKinds)[number];

export const queueItemSchema = z.object({
  kind: z.enum(queueKinds),
  count: z.number().int().min(0),
  /** When the oldest waiting item arrived; null when nothing waits. */
  oldestAt: z.string().nullable(),
  /** Its age in whole seconds at the moment of the answer. */
  oldestAgeSeconds: z.number().int().min(0).nullable(),
  /** False for a queue Moa does not keep yet (always 0); every queue is kept today. */
  tracked: z.boolean(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const queueResponseSchema = z.object({
  /** ALL for an admin; ASSIGNED for a seller, who sees only its projects' queues. */
  scope: z.enum(['ALL', 'ASSIGNED']),
  /** The seller's projects; null for an admin. */
  productIds: z.array(z.number().int()).nullable(),
  items: z.array(queueItemSchema),
});
export type QueueResponse = z.infer<typeof queueResponseSchema>;

/** Actions that move money or ownership: proposed by one admin, applied when another approves. */
export const approvalKinds = [
  'CONFIRM_PAYMENT',
  'REJECT_PAYMENT',
  'REFUND',
  'DISTRIBUTE_REVENUE',
  'GRANT_ADMIN',
  'PAY_WITHDRAWAL',
] as const;
export type ApprovalKind = (typeof approvalKinds)[number];
export const approvalStates = ['PENDING', 'APPROVED', 'REJECTED', 'EXPIRED'] as const;
export type ApprovalState = (typeof approvalStates)[number];

export const approvalSchema = z.object({
  id: z.string(),
  kind: z.enum(approvalKinds),
  state: z.enum(approvalStates),
  summary: z.string(),
  productId: z.number().int().nullable(),
  proposedBy: z.string(),
  proposedAt: z.string(),
  expiresAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

export const approvalListQuerySchema = z.strictObject({ state: z.enum(approvalStates).optional() });
export const approvalListResponseSchema = z.object({ approvals: z.array(approvalSchema) });
export const approvalParamsSchema = z.strictObject({ id: z.uuid() });

export const REASON_MAX_LENGTH = 500;
const reason = z.string().trim().min(1).max(REASON_MAX_LENGTH);
export const reasonRequestSchema = z.strictObject({ reason });
/** A body that may be left out, or name a reason. */
export const optionalReasonRequestSchema = z.strictObject({ reason: reason.optional() }).nullish();

/** An order as the console sees it after an action. */
export const operatorOrderSchema = z.object({
  reference: z.string(),
  state: z.enum(orderStates),
  productId: z.number().int(),
  quantity: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
});
export type OperatorOrder = z.infer<typeof operatorOrderSchema>;

/** APPLIED: the action took effect now. PROPOSED: it waits for a second admin (see `approval`). */
export const outcomeStatuses = ['APPLIED', 'PROPOSED'] as const;

export const orderOutcomeSchema = z.object({
  status: z.enum(outcomeStatuses),
  approval: approvalSchema.nullable(),
  order: operatorOrderSchema,
});
export type OrderOutcome = z.infer<typeof orderOutcomeSchema>;

export const orderReferenceParamsSchema = z.strictObject({ reference: z.string().trim().min(5).max(40) });
export const optionalNoteRequestSchema = z.strictObject({ note: reason.optional() });

export const declaredPaymentSchema = operatorOrderSchema.extend({
  email: z.string().nullable(),
  productName: z.string(),
  payMethodType: z.string(),
  payerName: z.string().nullable(),
  txHash: z.string().nullable(),
  declaredAt: z.string().nullable(),
  /** Above the four-eyes amount: confirming it needs a second admin. */
  needsSecondOperator: z.boolean(),
});
export const declaredPaymentListSchema = z.object({ payments: z.array(declaredPaymentSchema) });

/**
 * A revenue distribution: the project, the amount in minor units, the record date and, when the
 * operator names one, the pay date (otherwise 14 days after the record date).
 */
export const distributionRequestSchema = z.strictObject({
  productId: wholeNumber('validation.projectId'),
  amount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  recordDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, says('validation.date')),
  payDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, says('validation.date'))
    .optional(),
  memo: z.string().trim().max(300).optional(),
});
export type DistributionRequest = z.infer<typeof distributionRequestSchema>;

export const distributionCommitRequestSchema = distributionRequestSchema.extend({
  /** The same project, record date and amount as an earlier distribution is refused unless this is true. */
  isNewDistribution: z.boolean().optional(),
});
export type DistributionCommitRequest = z.infer<typeof distributionCommitRequestSchema>;

export const distributionShareSchema = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  balance: z.number().int(),
  amount: z.number().int(),
});

export const distributionPreviewSchema = z.object({
  productId: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  recordAt: z.string(),
  paysAt: z.string(),
  holders: z.number().int(),
  /** Every holder's exact share; they add up to `amount`. */
  shares: z.array(distributionShareSchema),
  /** Distributions already made for the same project, record date and amount. */
  sameAsEarlier: z.array(z.number().int()),
  /** Proposals (approval ids) still waiting to make the same project, record date and amount. */
  pendingSameAs: z.array(z.string()),
});
export type DistributionPreview = z.infer<typeof distributionPreviewSchema>;

export const distributionOutcomeSchema = z.object({
  status: z.enum(outcomeStatuses),
  approval: approvalSchema.nullable(),
  distribution: z
    .object({
      distributionId: z.number().int(),
      productId: z.number().int(),
      amount: z.number().int(),
      holders: z.number().int(),
      paysAt: z.string(),
      /** True when this key had already committed it: nothing new was written. */
      isReplay: z.boolean(),
    })
    .nullable(),
});
export type DistributionOutcome = z.infer<typeof distributionOutcomeSchema>;

export const userParamsSchema = z.strictObject({ userId: z.uuid() });
export const whitelistParamsSchema = z.strictObject({
  productId: wholeNumberParam('validation.projectId'),
  userId: z.uuid(),
});

export const reviewDecisionRequestSchema = z.discriminatedUnion('answer', [
  z.strictObject({ answer: z.literal('GREEN'), message: reason.optional() }),
  z.strictObject({ answer: z.literal('RED'), rejectType: z.enum(rejectTypes), message: reason }),
  z.strictObject({ answer: z.literal('HOLD'), message: reason }),
]);
export type ReviewDecisionRequest = z.infer<typeof reviewDecisionRequestSchema>;

export const reviewOutcomeSchema = z.object({
  userId: z.string(),
  status: z.string(),
  answer: z.string().nullable(),
  rejectType: z.enum(rejectTypes).nullable(),
});

export const whitelistRequestListSchema = z.object({
  requests: z.array(
    z.object({
      productId: z.number().int(),
      productName: z.string(),
      userId: z.string(),
      email: z.string().nullable(),
      requestedAt: z.string(),
    }),
  ),
});

export const roleRequestSchema = z.strictObject({ role: z.enum(userRoles) });
export const roleOutcomeSchema = z.object({
  status: z.enum(outcomeStatuses),
  approval: approvalSchema.nullable(),
  role: z.enum(userRoles),
});

/** What an approval applied: the order, the distribution or the role it changed. */
export const approvalOutcomeSchema = z.object({
  approval: approvalSchema,
  order: operatorOrderSchema.nullable(),
  distribution: distributionOutcomeSchema.shape.distribution,
  role: z.enum(userRoles).nullable(),
  /** The withdrawal a PAY_WITHDRAWAL approval paid (its id), else null. */
  withdrawalId: z.string().nullable(),
});

export const doneSchema = z.object({ done: z.literal(true) });
