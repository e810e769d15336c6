import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ReviewAnswer, ReviewStatus } from '../../../src/domain/access';
import {
  identityStatusOf,
  isIdentityApproved,
  isTwoSided,
  submissionRefusalOf,
  type SubmissionRefusal,
  type IdentitySubmission,
  type KycStatusResponse,
  type RejectType,
  type ReviewFacts,
} from '../../../src/domain/kyc';
import type { KycPayload } from '../../../src/domain/session';
import type { AppContext, RequestMeta } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import type { Caller, CallerId } from '../auth/service';
import {
  findOwnFiles,
  findReview,
  findInvestor,
  findReviewForUpdate,
  findWaitingInvestorVerifications,
  findUsedFiles,
  findWaitingReviews,
  insertReview,
  markFileUsed,
  releaseFiles,
  setUserIdentity,
  updateReview,
  type ReviewRow,
  type FileRow,
} from './repository';
import { recordLiveEvents } from '../live/service';

/** An investor's identity review, for other modules' rules (who may post or vote). */
export { findReview } from './repository';

type Db = Kysely<Database>;

function factsOf(row: ReviewRow | undefined) {
  return row ? { reviewStatus: row.review_status, reviewAnswer: row.review_answer } : null;
}

/** The fields of a review the guards and users/me read, as the session statement carries them. */
export interface ReviewFactsWithMessage extends ReviewFacts {
  rejectType: RejectType | null;
  message: string | null;
}

/** kycPayload of GET /users/me, from the review read with the session. */
export function kycPayloadOf(review: ReviewFactsWithMessage | null): KycPayload {
  return {
    reviewStatus: review?.reviewStatus ?? 'init',
    reviewAnswer: review?.reviewAnswer ?? null,
    rejectType: review?.rejectType ?? null,
    reviewMessage: review?.message ?? null,
  };
}

const KYC_REQUIRED_MESSAGE = 'Complete your identity verification to see and invest in projects.';

/**
 * The KYC group's guard, run by `requireAuth({ level: 'kyc' })` on the route from the review the
 * request's session statement carried (same request, same moment): no statement of its own. It
 * answers KYC_REQUIRED, never FORBIDDEN, which would sign the user out.
 */
export function assertIdentityApproved(review: ReviewFacts | null): void {
  if (!isIdentityApproved(review)) throw new AppError('KYC_REQUIRED', KYC_REQUIRED_MESSAGE);
}

/** An approved identity: what an investor buys and signs under. */
export type VerifiedIdentity = NonNullable<Caller['review']>;

/**
 * The caller's approved identity, for a service behind `requireAuth({ level: 'kyc' })`: the route
 * refused everyone else before the service ran, so this is no gate but the service's precondition.
 * Reached without that level it is a wiring mistake, answered as one (500), never as a pass.
 */
export function verifiedIdentityOf(caller: Pick<Caller, 'review'>): VerifiedIdentity {
  const review = caller.review;
  if (!review || !isIdentityApproved(review)) {
    throw new Error("A service for approved identities ran on a route without requireAuth({ level: 'kyc' })");
  }
  return review;
}

export function getKycStatus(ctx: AppContext, caller: CallerId): Promise<KycStatusResponse> {
  return kycStatusOf(ctx, caller.user.id);
}

async function kycStatusOf(ctx: AppContext, userId: string): Promise<KycStatusResponse> {
  const row = await findReview(ctx.db, userId);
  return {
    provider: ctx.config.KYC_PROVIDER,
    identityStatus: identityStatusOf(factsOf(row)),
    reviewStatus: row?.review_status ?? 'init',
    reviewAnswer: row?.review_answer ?? null,
    rejectType: row?.reject_type ?? null,
    message: row?.message ?? null,
    submittedAt: row?.submitted_at ?? null,
    reviewedAt: row?.reviewed_at ?? null,
    submission: row
      ? {
          legalName: row.legal_name,
          dateOfBirth: row.date_of_birth,
          countryOfResidence: row.country_of_residence,
          investorType: row.investor_type,
          entityName: row.entity_name,
          entityNumber: row.entity_number,
          documentType: row.document_type as NonNullable<KycStatusResponse['submission']>['documentType'],
        }
      : null,
  };
}

interface ReviewChange {
  reviewStatus: ReviewStatus;
  reviewAnswer: ReviewAnswer | null;
  rejectType: RejectType | null;
  message: string | null;
  /** Who made the change, for the activity list: the user, an operator or the provider. */
  by: 'user' | 'operator' | 'provider';
  /** The operator's label (`operator:<email>`) when an operator decided. */
  operatorLabel?: string;
  providerEventAt?: string;
}

/**
 * Every change of a review goes through here, inside the caller's transaction: the review row,
 * the identity status on the profile derived from it, and the audit event, all or nothing.
 */
export async function changeReview(
  trx: Db,
  ctx: AppContext,
  userId: string,
  current: ReviewRow | undefined,
  change: ReviewChange,
  meta: RequestMeta,
  now: string,
  submission?: Partial<ReviewRow>,
): Promise<void> {
  const isDecision = change.reviewStatus === 'completed' || change.reviewStatus === 'onHold';
  const values = {
    review_status: change.reviewStatus,
    review_answer: change.reviewAnswer,
    reject_type: change.reviewAnswer === 'RED' ? change.rejectType : null,
    message: change.message,
    reviewed_at: isDecision ? now : (current?.reviewed_at ?? null),
    updated_at: now,
    ...(change.providerEventAt ? { provider_event_at: change.providerEventAt } : {}),
    ...submission,
  };
  if (current) {
    await updateReview(trx, current.id, values);
  } else {
    await insertReview(trx, {
      id: randomUUID(),
      user_id: userId,
      provider: ctx.config.KYC_PROVIDER,
      created_at: now,
      submitted_at: null,
      ...values,
    });
  }
  await setUserIdentity(trx, userId, { kyc_status: identityStatusOf(change) }, now);
  const detail: Record<string, string> = { status: change.reviewStatus, by: change.by };
  if (change.reviewAnswer) detail.answer = change.reviewAnswer;
  if (change.reviewAnswer === 'RED' && change.rejectType) detail.rejectType = change.rejectType;
  if (change.message) detail.message = change.message;
  if (change.operatorLabel) detail.operator = change.operatorLabel;
  const actor = change.by === 'provider' ? 'system' : change.by;
  await appendAuditEvent(trx, { actor, userId, type: 'KYC_REVIEW_UPDATED', detail, meta }, now);
  await recordLiveEvents(trx, now, [{ userId, type: 'review' }]);
}

export function assertFilesFit(files: FileRow[], ids: string[]) {
  if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION_FAILED', 'Each file may be used once.');
  // Another user's file is "not found", exactly like a file that never existed.
  if (files.length !== ids.length) throw new AppError('NOT_FOUND', 'A file was not found. Upload it again.');
}

const refusalMessages: Record<SubmissionRefusal, string> = {
  WAITING: 'Your documents are already waiting for review.',
  APPROVED: 'This check is already approved.',
  DECLINED_FOR_GOOD: 'This check was declined for good. Contact support if you think it is wrong.',
};

/** Whether a new submission is welcome now (`submissionRefusalOf`), and if not, why in plain words. */
export function assertMaySubmit(
  row: { review_status: ReviewStatus; review_answer: ReviewAnswer | null; reject_type: RejectType | null } | undefined,
) {
  const refusal = submissionRefusalOf(
    row ? { reviewStatus: row.review_status, reviewAnswer: row.review_answer, rejectType: row.reject_type } : null,
  );
  if (refusal) throw new AppError('CONFLICT', refusalMessages[refusal]);
}

export async function submitIdentity(
  ctx: AppContext,
  caller: CallerId,
  body: IdentitySubmission,
  meta: RequestMeta,
): Promise<KycStatusResponse> {
  const userId = caller.user.id;
  if (ctx.config.KYC_PROVIDER !== 'local') {
    throw new AppError('CONFLICT', 'Identity checks run through the verification provider; use its form.');
  }
  const wanted = [
    body.frontFileId,
    ...(isTwoSided(body.documentType) && body.backFileId ? [body.backFileId] : []),
    body.selfieFileId,
  ];
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    const current = await findReviewForUpdate(trx, userId);
    assertMaySubmit(current);
    const files = await findOwnFiles(trx, userId, wanted);
    assertFilesFit(files, wanted);
    const selfie = files.find((file) => file.id === body.selfieFileId)!;
    if (selfie.content_type === 'application/pdf') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The selfie must be a photo (JPEG, PNG or WebP).');
    }
    await releaseFiles(trx, userId, ['FRONT', 'BACK', 'SELFIE']);
    await markFileUsed(trx, body.frontFileId, 'FRONT');
    if (isTwoSided(body.documentType) && body.backFileId) await markFileUsed(trx, body.backFileId, 'BACK');
    await markFileUsed(trx, body.selfieFileId, 'SELFIE');
    const isEntity = body.investorType === 'COMPANY';
    await changeReview(
      trx,
      ctx,
      userId,
      current,
      { reviewStatus: 'pending', reviewAnswer: null, rejectType: null, message: null, by: 'user' },
      meta,
      now,
      {
        provider: 'local',
        legal_name: body.legalName,
        date_of_birth: body.dateOfBirth,
        country_of_residence: body.countryOfResidence,
        investor_type: body.investorType,
        entity_name: isEntity ? (body.entityName ?? null) : null,
        entity_number: isEntity ? (body.entityNumber ?? null) : null,
        document_type: body.documentType,
        submitted_at: now,
      },
    );
    await setUserIdentity(
      trx,
      userId,
      { legal_name: body.legalName, country_of_residence: body.countryOfResidence, investor_type: body.investorType },
      now,
    );
  });
  return kycStatusOf(ctx, userId);
}

export type OperatorDecision =
  | { answer: 'GREEN'; message: string | null }
  | { answer: 'RED'; rejectType: RejectType; message: string }
  | { answer: 'HOLD'; message: string };

/** An operator's answer to a submitted identity review (from the command line for now). */
export async function recordReviewDecision(
  ctx: AppContext,
  userId: string,
  decision: OperatorDecision,
  meta: RequestMeta,
  /** Who decided, for the audit log (`operator:<email>`); the command line's name without --as. */
  operatorLabel?: string,
): Promise<KycStatusResponse> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    const current = await findReviewForUpdate(trx, userId);
    if (!current || current.review_status === 'init') {
      throw new AppError('CONFLICT', 'This user has not submitted an identity check yet.');
    }
    const change: ReviewChange =
      decision.answer === 'HOLD'
        ? {
            reviewStatus: 'onHold',
            reviewAnswer: null,
            rejectType: null,
            message: decision.message,
            by: 'operator',
            operatorLabel,
          }
        : {
            reviewStatus: 'completed',
            reviewAnswer: decision.answer,
            rejectType: decision.answer === 'RED' ? decision.rejectType : null,
            message: decision.message,
            by: 'operator',
            operatorLabel,
          };
    await changeReview(trx, ctx, userId, current, change, meta, now);
  });
  return kycStatusOf(ctx, userId);
}

export async function listWaitingReviews(ctx: AppContext) {
  const [identities, investors] = await Promise.all([
    findWaitingReviews(ctx.db),
    findWaitingInvestorVerifications(ctx.db),
  ]);
  return { identities, investors };
}

/** A person's identity review and investor verification as they stand, for the operator console. */
export async function readSubmissions(ctx: AppContext, userId: string) {
  const [identity, investor, files] = await Promise.all([
    findReview(ctx.db, userId),
    findInvestor(ctx.db, userId),
    findUsedFiles(ctx.db, userId),
  ]);
  return { identity: identity ?? null, investor: investor ?? null, files };
}

/** The files a user's submissions use, for the operator reading them. */
export function listUsedFiles(ctx: AppContext, userId: string) {
  return findUsedFiles(ctx.db, userId);
}
