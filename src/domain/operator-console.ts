import { z } from 'zod';
import { wholeNumberParam } from './fields';
import { auditActors } from './auth';
import { reviewAnswers, reviewStatuses } from './access';
import { fileUses, investorBases, rejectTypes, uploadContentTypes } from './kyc';

/**
 * The operator console's reads beyond the actions (`/api/v1/operator/…`): the review queue with
 * each submission's documents, the audit log and people. Shared by the server and the console.
 */

export const reviewKinds = ['IDENTITY', 'INVESTOR'] as const;
export type ReviewKind = (typeof reviewKinds)[number];

/** One submission waiting for an answer, oldest first. */
export const waitingReviewSchema = z.object({
  kind: z.enum(reviewKinds),
  userId: z.string(),
  email: z.string().nullable(),
  /** The review's state (identity: pending, prechecked, queued, onHold; investor: pending). */
  status: z.string(),
  legalName: z.string().nullable(),
  countryOfResidence: z.string().nullable(),
  documentType: z.string().nullable(),
  basis: z.enum(investorBases).nullable(),
  submittedAt: z.string().nullable(),
});
export type WaitingReview = z.infer<typeof waitingReviewSchema>;
export const waitingReviewListSchema = z.object({ reviews: z.array(waitingReviewSchema) });

export const reviewFileSchema = z.object({
  id: z.string(),
  contentType: z.enum(uploadContentTypes),
  size: z.number().int(),
  usedAs: z.enum(fileUses),
  createdAt: z.string(),
});
export type ReviewFile = z.infer<typeof reviewFileSchema>;

/** An audit event as the console lists it; `actorLabel` names the operator who acted, when one did. */
export const auditEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  actor: z.enum(auditActors),
  actorLabel: z.string().nullable(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  detail: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** A person's submissions, the files they use, and what happened to them (newest first). */
export const reviewSubmissionSchema = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  identity: z
    .object({
      provider: z.string(),
      status: z.enum(reviewStatuses),
      answer: z.enum(reviewAnswers).nullable(),
      rejectType: z.enum(rejectTypes).nullable(),
      message: z.string().nullable(),
      legalName: z.string().nullable(),
      dateOfBirth: z.string().nullable(),
      countryOfResidence: z.string().nullable(),
      investorType: z.string(),
      entityName: z.string().nullable(),
      entityNumber: z.string().nullable(),
      documentType: z.string().nullable(),
      submittedAt: z.string().nullable(),
      reviewedAt: z.string().nullable(),
    })
    .nullable(),
  investor: z
    .object({
      status: z.string(),
      basis: z.enum(investorBases),
      details: z.string(),
      submittedAt: z.string(),
      reviewedAt: z.string().nullable(),
    })
    .nullable(),
  files: z.array(reviewFileSchema),
  history: z.array(auditEventSchema),
});
export type ReviewSubmission = z.infer<typeof reviewSubmissionSchema>;

export const reviewFileParamsSchema = z.strictObject({ userId: z.uuid(), fileId: z.uuid() });

export const AUDIT_PAGE_SIZE = 50;
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The audit log's filters; every one optional. `cursor` is the last event's `createdAt|id`. */
export const auditQuerySchema = z.strictObject({
  actor: z.string().trim().max(200).optional(),
  subject: z.string().trim().max(200).optional(),
  action: z.string().trim().max(100).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  cursor: z.string().max(200).optional(),
  limit: wholeNumberParam('validation.limit.audit', { max: 1000 }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditListSchema = z.object({
  events: z.array(auditEventSchema),
  nextCursor: z.string().nullable(),
});
export type AuditList = z.infer<typeof auditListSchema>;
