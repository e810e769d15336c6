import { z } from 'zod';
import { typedText, wholeNumber, wholeNumberParam } from './fields';
import { authorSources, proposalRequestSchema, votingKinds, votingOutcomes, votingStatuses } from './governance';
import { GOVERNANCE_BODY_MAX_LENGTH, GOVERNANCE_TITLE_MAX_LENGTH, REPORT_REASON_MAX_LENGTH } from './limits';

/**
 * The console's governance screen (`/api/v1/operator/governance/…`): notices, agendas, proposals
 * and the moderation of reported posts. The same schemas check what the command line is given
 * (server/modules/governance/service.ts parses its input with them), so a title or an option is
 * held to one rule wherever it is typed.
 *
 *   GET  /api/v1/operator/project-choices                        → projectChoices (the operator's projects)
 *   GET  /api/v1/operator/governance/notices?productId=          → operatorNoticeList
 *   POST /api/v1/operator/governance/notices                     body noticeRequest → created
 *   PUT  /api/v1/operator/governance/notices/{id}/pin            body noticePinRequest → changed
 *   GET  /api/v1/operator/governance/votings?productId=          → operatorVotingList (open first)
 *   POST /api/v1/operator/governance/agendas                     body agendaRequest → created
 *   POST /api/v1/operator/governance/agendas/{id}/close          → done
 *   POST /api/v1/operator/governance/proposals/{id}/cancel       body moderationReason → done
 *   GET  /api/v1/operator/governance/reports                     → reportedPostList
 *   POST /api/v1/operator/governance/posts/{id}/hide             body moderationReason → changed
 *   POST /api/v1/operator/governance/posts/{id}/restore          body restoreRequest → changed
 */

/** A notice's own fields, as the operator types them (the text is sanitized HTML on the server). */
export const noticeFieldsSchema = z.strictObject({
  title: typedText('validation.governance.title', GOVERNANCE_TITLE_MAX_LENGTH),
  body: typedText('validation.governance.body', GOVERNANCE_BODY_MAX_LENGTH),
  isPinned: z.boolean().default(false),
  /** The agenda this notice carries out, if any. */
  agendaId: wholeNumber('validation.itemId').nullable().default(null),
});
export type NoticeFields = z.infer<typeof noticeFieldsSchema>;

export const noticeRequestSchema = noticeFieldsSchema.extend({ productId: wholeNumber('validation.projectId') });
export type NoticeRequest = z.input<typeof noticeRequestSchema>;

export const noticePinRequestSchema = z.strictObject({ isPinned: z.boolean() });

/** An agenda's fields: the same rules as a holder's proposal (options, quorum, threshold, end). */
export const agendaFieldsSchema = proposalRequestSchema;
export type AgendaFields = z.infer<typeof agendaFieldsSchema>;
/** The project first, so a refusal of it is reported before the fields' (messages are cut to the first few). */
export const agendaRequestSchema = z.strictObject({
  productId: wholeNumber('validation.projectId'),
  ...agendaFieldsSchema.shape,
});
export type AgendaRequest = z.infer<typeof agendaRequestSchema>;

/** Why a post is hidden or a proposal cancelled: shown to its author. */
export const moderationReasonSchema = z.strictObject({
  reason: typedText('validation.governance.reason', REPORT_REASON_MAX_LENGTH),
});
export const restoreRequestSchema = z.strictObject({
  reason: typedText('validation.governance.reason', REPORT_REASON_MAX_LENGTH).optional(),
});

export const operatorGovernanceParamsSchema = z.strictObject({ id: wholeNumberParam('validation.itemId') });
export const noticeQuerySchema = z.strictObject({ productId: wholeNumberParam('validation.projectId') });
export const votingQuerySchema = z.strictObject({ productId: wholeNumberParam('validation.projectId').optional() });

export const createdSchema = z.object({ id: z.number().int() });
/** Whether the action changed anything: false when the post or notice already was so. */
export const changedSchema = z.object({ changed: z.boolean() });

export const projectChoicesSchema = z.object({
  /** The platform currency every amount is in (minor units). */
  currency: z.string(),
  projects: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ProjectChoices = z.infer<typeof projectChoicesSchema>;

export const operatorNoticeSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  title: z.string(),
  isPinned: z.boolean(),
  source: z.enum(authorSources),
  agendaId: z.number().int().nullable(),
  createdAt: z.string(),
});
export const operatorNoticeListSchema = z.object({ notices: z.array(operatorNoticeSchema) });
export type OperatorNotice = z.infer<typeof operatorNoticeSchema>;

export const operatorVotingSchema = z.object({
  id: z.number().int(),
  kind: z.enum(votingKinds),
  productId: z.number().int(),
  productName: z.string(),
  title: z.string(),
  status: z.enum(votingStatuses),
  authorName: z.string(),
  authorSource: z.enum(authorSources),
  endsAt: z.string(),
  quorumPercent: z.number().int(),
  thresholdPercent: z.number().int(),
  resultsVisibleBeforeClose: z.boolean(),
  outcome: z.enum(votingOutcomes).nullable(),
  closedAt: z.string().nullable(),
});
export const operatorVotingListSchema = z.object({ votings: z.array(operatorVotingSchema) });
export type OperatorVoting = z.infer<typeof operatorVotingSchema>;

export const reportedPostSchema = z.object({
  postId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  /** Null for an answer (it has no title). */
  title: z.string().nullable(),
  /** Sanitized HTML, as the author wrote it. */
  body: z.string(),
  authorName: z.string().nullable(),
  authorEmail: z.string().nullable(),
  reportCount: z.number().int(),
  /** The reporters' reasons, newest first (at most a few). */
  reasons: z.array(z.string()),
  firstReportedAt: z.string().nullable(),
  isHidden: z.boolean(),
  /** Why it was hidden, as its author is told. */
  hiddenReason: z.string().nullable(),
});
export const reportedPostListSchema = z.object({ posts: z.array(reportedPostSchema) });
export type ReportedPost = z.infer<typeof reportedPostSchema>;
