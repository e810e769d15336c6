import { z } from 'zod';
import { typedText, wholeNumber, wholeNumberParam } from './fields';
import {
  ANSWER_MAX_LENGTH,
  GOVERNANCE_BODY_MAX_LENGTH,
  GOVERNANCE_TITLE_MAX_LENGTH,
  MAX_OPTIONS,
  MIN_OPTIONS,
  OPTION_MAX_LENGTH,
  REPORT_REASON_MAX_LENGTH,
} from './limits';
import { says, type ValidationKey } from './validation-messages';
import type { UserRole } from './auth';
import { communitySectionTypes, communityViewTypes } from './products';

/**
 * Governance of one project: notices, community threads and answers, proposals (opened by a
 * holder) and agendas (opened by the operator or the seller). Token counts are whole numbers;
 * times are ISO-8601 UTC strings.
 *
 * Calls (signed in, second factor passed; every read and write checks the section's viewType):
 *
 *   GET    /api/v1/governance/{productId}/notices                       → noticeList (pinned first, newest first)
 *   GET    /api/v1/governance/{productId}/notices/{noticeId}            → notice
 *   POST   /api/v1/governance/{productId}/notices/{noticeId}/read       → notice (marked read for the caller)
 *   GET    /api/v1/governance/{productId}/threads?source=&sectionId=&before= → threadList (newest first, paged)
 *   POST   /api/v1/governance/{productId}/threads                       body threadRequest → 201 thread
 *   GET    /api/v1/governance/{productId}/threads/{threadId}            → threadDetail
 *   PUT    /api/v1/governance/{productId}/threads/{threadId}            body threadRequest (own) → thread
 *   DELETE /api/v1/governance/{productId}/threads/{threadId}            (own) → 204
 *   POST   /api/v1/governance/{productId}/threads/{threadId}/answers    body answerRequest → 201 answer
 *   PUT    /api/v1/governance/{productId}/answers/{answerId}            body answerRequest (own) → answer
 *   DELETE /api/v1/governance/{productId}/answers/{answerId}            (own) → 204
 *   POST   /api/v1/governance/{productId}/posts/{postId}/report         body reportRequest → 204
 *   GET    /api/v1/governance/{productId}/proposals                     → ballotItemList
 *   POST   /api/v1/governance/{productId}/proposals                     body proposalRequest → 201 ballotItem
 *   GET    /api/v1/governance/{productId}/proposals/{id}                → ballotItem
 *   POST   /api/v1/governance/{productId}/proposals/{id}/vote           body voteRequest → 201 ballotItem
 *   GET    /api/v1/governance/{productId}/agendas                       → ballotItemList
 *   GET    /api/v1/governance/{productId}/agendas/{id}                  → ballotItem
 *   POST   /api/v1/governance/{productId}/agendas/{id}/vote             body voteRequest → 201 ballotItem
 */

export const viewTypes = communityViewTypes;
export type ViewType = (typeof viewTypes)[number];
export const authorSources = ['INVESTOR', 'ADMIN', 'SELLER'] as const;
export type AuthorSource = (typeof authorSources)[number];
/** The list filter: ALL shows every source. */
export const answerSources = ['ALL', ...authorSources] as const;
export const votingKinds = ['PROPOSAL', 'AGENDA'] as const;
export type VotingKind = (typeof votingKinds)[number];
export const votingStatuses = ['OPEN', 'CLOSED', 'CANCELLED'] as const;
export type VotingStatus = (typeof votingStatuses)[number];
export const votingOutcomes = ['PASSED', 'REJECTED', 'NO_QUORUM'] as const;
export type VotingOutcome = (typeof votingOutcomes)[number];
/** Sections whose threads are community posts (the others carry notices, proposals and agendas). */
export const threadSectionTypes = ['DISCUSSION', 'REVIEW', 'COMMUNITY'] as const;
export type ThreadSectionType = (typeof threadSectionTypes)[number];

export { MAX_OPTIONS, MIN_OPTIONS };
export const THREAD_PAGE_SIZE = 20;

// ---------------------------------------------------------------------------------------------
// Rules (pure, shared by the server that enforces them and the screens that explain them)

/** What the server knows about the caller when it decides what they may see. */
export interface GovernanceViewer {
  /** The role in this project: a SELLER account that does not sell it counts as USER. */
  role: UserRole;
  /** The identity review is approved. */
  kycApproved: boolean;
  /** Tokens of this project held now (the ledger balance). */
  balance: number;
}

/** Operators and sellers run the project's governance, so every section is open to them. */
export function isStaff(role: UserRole): boolean {
  return role === 'ADMIN' || role === 'SELLER';
}

/**
 * PRE_KYC: any signed-in user; POST_KYC: identity approved; INVESTOR: holds tokens of the
 * project now. ADMIN accounts, and SELLER accounts in the projects they sell, see every section.
 */
export function maySeeSection(viewType: ViewType, viewer: GovernanceViewer): boolean {
  if (isStaff(viewer.role)) return true;
  switch (viewType) {
    case 'PRE_KYC':
      return true;
    case 'POST_KYC':
      return viewer.kycApproved;
    case 'INVESTOR':
      return viewer.balance > 0;
  }
}

/** How a post's author is shown: the account's role when it is staff, otherwise an investor. */
export function sourceOfRole(role: UserRole): AuthorSource {
  return role === 'ADMIN' ? 'ADMIN' : role === 'SELLER' ? 'SELLER' : 'INVESTOR';
}

/** A vote's choice as stored: 0 is an abstention, 1..n the options in order. */
export const ABSTAIN = 0;

export interface TallyInput {
  optionCount: number;
  ballots: readonly { choice: number; weight: number }[];
  /** Every holder's tokens at the snapshot: the base of the quorum. */
  totalPower: number;
  /** Share (0–100 %) of totalPower that must take part, abstentions included. */
  quorumPercent: number;
  /** Share (1–100 %) of the non-abstaining weight the leading option needs to pass. */
  thresholdPercent: number;
}

export interface Tally {
  /** Weight per option, index 0 is option 1. */
  optionWeights: number[];
  abstainWeight: number;
  participatingWeight: number;
  quorumReached: boolean;
  /** 1-based option that passed, or null. */
  winningOption: number | null;
  outcome: VotingOutcome;
}

/**
 * The tally, in exact integer arithmetic (BigInt, no division): quorum when
 * participating × 100 ≥ quorum% × totalPower (abstentions take part); the leading option passes
 * when it is alone in the lead and leading × 100 ≥ threshold% × (participating − abstentions).
 * Without quorum the outcome is NO_QUORUM; a tie for the lead or nothing but abstentions rejects.
 */
export function tallyVotes(input: TallyInput): Tally {
  const weights = Array.from({ length: input.optionCount }, () => 0n);
  let abstain = 0n;
  for (const ballot of input.ballots) {
    const weight = BigInt(ballot.weight);
    if (ballot.choice === ABSTAIN) abstain += weight;
    else if (ballot.choice >= 1 && ballot.choice <= input.optionCount) weights[ballot.choice - 1]! += weight;
    else throw new RangeError(`Choice ${ballot.choice} is not an option.`);
  }
  const decisive = weights.reduce((sum, weight) => sum + weight, 0n);
  const participating = decisive + abstain;
  const total = BigInt(input.totalPower);
  const quorumReached = total > 0n && participating * 100n >= BigInt(input.quorumPercent) * total;
  let leader = -1;
  let leaderWeight = -1n;
  let tied = false;
  weights.forEach((weight, index) => {
    if (weight > leaderWeight) {
      leader = index;
      leaderWeight = weight;
      tied = false;
    } else if (weight === leaderWeight) tied = true;
  });
  const passes =
    quorumReached &&
    decisive > 0n &&
    !tied &&
    leaderWeight > 0n &&
    leaderWeight * 100n >= BigInt(input.thresholdPercent) * decisive;
  return {
    optionWeights: weights.map(Number),
    abstainWeight: Number(abstain),
    participatingWeight: Number(participating),
    quorumReached,
    winningOption: passes ? leader + 1 : null,
    outcome: !quorumReached ? 'NO_QUORUM' : passes ? 'PASSED' : 'REJECTED',
  };
}

/** Results are shown after the close, or during the vote when the item allows it. */
export function resultsVisible(item: { status: VotingStatus; resultsVisibleBeforeClose: boolean }): boolean {
  return item.status !== 'OPEN' || item.resultsVisibleBeforeClose;
}

// ---------------------------------------------------------------------------------------------
// Wire schemas

export const governanceParamsSchema = z.object({ productId: wholeNumberParam('validation.projectId') });
export const governanceItemParamsSchema = z.object({
  productId: wholeNumberParam('validation.projectId'),
  id: wholeNumberParam('validation.itemId'),
});

export const sectionAccessSchema = z.object({
  type: z.enum(communitySectionTypes),
  viewType: z.enum(viewTypes),
  sectionId: z.number().int(),
  unlocked: z.boolean(),
});
export type SectionAccess = z.infer<typeof sectionAccessSchema>;

export const authorSchema = z.object({
  /** Null when the account has no display name. */
  name: z.string().nullable(),
  source: z.enum(authorSources),
  /** The highest community badge of an investor (null when hidden or none). */
  badge: z.string().nullable(),
});

export const noticeSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  title: z.string(),
  /** Sanitized HTML. */
  body: z.string(),
  isPinned: z.boolean(),
  isRead: z.boolean(),
  source: z.enum(authorSources),
  /** The agenda this notice carries out, if any. */
  agendaId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;
export const noticeListSchema = z.object({ section: sectionAccessSchema, notices: z.array(noticeSchema) });
export type NoticeList = z.infer<typeof noticeListSchema>;

export const threadQuerySchema = z.strictObject({
  source: z.enum(answerSources).default('ALL'),
  sectionId: wholeNumberParam('validation.sectionId').optional(),
  /** Paging: threads older than this id. */
  before: wholeNumberParam('validation.before').optional(),
});
export type ThreadQuery = z.infer<typeof threadQuerySchema>;

export const threadRequestSchema = z.strictObject({
  sectionId: wholeNumber('validation.sectionId'),
  title: typedText('validation.governance.title', GOVERNANCE_TITLE_MAX_LENGTH),
  body: typedText('validation.governance.body', GOVERNANCE_BODY_MAX_LENGTH),
});
export type ThreadRequest = z.infer<typeof threadRequestSchema>;
export const threadUpdateSchema = threadRequestSchema.omit({ sectionId: true });
export type ThreadUpdate = z.infer<typeof threadUpdateSchema>;
export const answerRequestSchema = z.strictObject({
  body: typedText('validation.governance.answer', ANSWER_MAX_LENGTH),
});
export type AnswerRequest = z.infer<typeof answerRequestSchema>;
export const reportRequestSchema = z.strictObject({
  reason: typedText('validation.governance.reason', REPORT_REASON_MAX_LENGTH),
});
export type ReportRequest = z.infer<typeof reportRequestSchema>;

export const answerSchema = z.object({
  id: z.number().int(),
  threadId: z.number().int(),
  body: z.string(),
  author: authorSchema,
  isOwn: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Answer = z.infer<typeof answerSchema>;
export const threadSchema = z.object({
  id: z.number().int(),
  sectionId: z.number().int(),
  sectionType: z.enum(communitySectionTypes),
  title: z.string(),
  body: z.string(),
  author: authorSchema,
  isOwn: z.boolean(),
  answerCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Thread = z.infer<typeof threadSchema>;
export const threadListSchema = z.object({
  sections: z.array(sectionAccessSchema),
  threads: z.array(threadSchema),
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: z.number().int().nullable(),
});
export type ThreadList = z.infer<typeof threadListSchema>;
export const threadDetailSchema = z.object({ thread: threadSchema, answers: z.array(answerSchema) });
export type ThreadDetail = z.infer<typeof threadDetailSchema>;

export const voteChoiceSchema = z.union([
  z.literal('ABSTAIN'),
  z
    .number(says('validation.governance.choice'))
    .int(says('validation.governance.choice'))
    .min(1, says('validation.governance.choice'))
    .max(MAX_OPTIONS, says('validation.governance.choice')),
]);
export const voteRequestSchema = z.strictObject({ choice: voteChoiceSchema });
export type VoteRequest = z.infer<typeof voteRequestSchema>;

export const percentSchema = (message: ValidationKey, min: number) =>
  z.number(says(message)).int(says(message)).min(min, says(message)).max(100, says(message));

export const proposalRequestSchema = z.strictObject({
  title: typedText('validation.governance.title', GOVERNANCE_TITLE_MAX_LENGTH),
  body: typedText('validation.governance.body', GOVERNANCE_BODY_MAX_LENGTH),
  options: z
    .array(typedText('validation.governance.option', OPTION_MAX_LENGTH), says('validation.governance.options'))
    .min(MIN_OPTIONS, says('validation.governance.options'))
    .max(MAX_OPTIONS, says('validation.governance.options'))
    .refine(
      (options) => new Set(options.map((option) => option.toLowerCase())).size === options.length,
      says('validation.governance.optionsDistinct'),
    ),
  endsAt: z.iso.datetime(says('validation.governance.endsAt')),
  quorumPercent: percentSchema('validation.governance.quorum', 0),
  thresholdPercent: percentSchema('validation.governance.threshold', 1),
  resultsVisibleBeforeClose: z.boolean(),
});
export type ProposalRequest = z.infer<typeof proposalRequestSchema>;

export const ballotItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(votingKinds),
  productId: z.number().int(),
  title: z.string(),
  body: z.string(),
  author: authorSchema,
  options: z.array(z.object({ choice: z.number().int(), label: z.string(), weight: z.number().int().nullable() })),
  status: z.enum(votingStatuses),
  startsAt: z.string(),
  endsAt: z.string(),
  /** Voting power is each holder's ledger balance at this moment (the item's creation). */
  snapshotAt: z.string(),
  quorumPercent: z.number().int(),
  thresholdPercent: z.number().int(),
  resultsVisibleBeforeClose: z.boolean(),
  /** Every holder's tokens at the snapshot. */
  totalPower: z.number().int(),
  /** Null while the results are hidden. */
  results: z
    .object({
      abstainWeight: z.number().int(),
      participatingWeight: z.number().int(),
      quorumReached: z.boolean(),
      winningOption: z.number().int().nullable(),
      outcome: z.enum(votingOutcomes),
    })
    .nullable(),
  closedAt: z.string().nullable(),
  myPower: z.number().int(),
  myBallot: z.object({ choice: z.number().int(), weight: z.number().int(), castAt: z.string() }).nullable(),
});
export type BallotItem = z.infer<typeof ballotItemSchema>;
export const ballotItemListSchema = z.object({
  section: sectionAccessSchema,
  items: z.array(ballotItemSchema),
  /** Tokens a holder needs now to open a proposal. */
  proposalMinTokens: z.number().int(),
  /** The caller's balance now. */
  balance: z.number().int(),
});
export type BallotItemList = z.infer<typeof ballotItemListSchema>;
