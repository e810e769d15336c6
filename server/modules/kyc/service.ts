import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ReviewAnswer, ReviewStatus } from '../../../src/domain/access';
import {
  identityStatusOf,
  isIdentityApproved,
  isTwoSided,
  type GenerateTokenResponse,
  type IdentitySubmission,
  type InvestorStatusResponse,
  type InvestorSubmission,
  type KycStatusResponse,
  type RejectType,
} from '../../../src/domain/kyc';
import type { KycPayload } from '../../../src/domain/session';
import type { AppContext, RequestMeta } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import {
  findInvestor,
  findOwnFiles,
  findReview,
  findReviewForUpdate,
  findWaitingInvestorVerifications,
  findWaitingReviews,
  insertReview,
  markFileUsed,
  releaseFiles,
  setUserIdentity,
  updateInvestor,
  updateReview,
  upsertInvestor,
  recordWebhookEvent,
  type ReviewRow,
  type FileRow,
} from './repository';
import { createSumsubClient, isWebhookDigestValid, sumsubWebhookSchema, type SumsubClient } from './sumsub';

type Db = Kysely<Database>;

export const SUMSUB_SDK_URL = 'https://static.sumsub.com/idensic/static/sns-websdk-builder.js';

function factsOf(row: ReviewRow | undefined) {
  return row ? { reviewStatus: row.review_status, reviewAnswer: row.review_answer } : null;
}

/** kycPayload of GET /users/me, read from the review itself. */
export async function kycPayloadFor(db: Db, userId: string): Promise<KycPayload> {
  const row = await findReview(db, userId);
  return {
    reviewStatus: row?.review_status ?? 'init',
    reviewAnswer: row?.review_answer ?? null,
    rejectType: row?.reject_type ?? null,
    reviewMessage: row?.message ?? null,
  };
}

/**
 * The server's side of the KYC group's guard: every KYC-group endpoint calls this. It answers
 * KYC_REQUIRED, never FORBIDDEN, which would sign the user out.
 */
export async function assertKycApproved(db: Db, userId: string): Promise<ReviewRow> {
  const row = await findReview(db, userId);
  if (!row || !isIdentityApproved(factsOf(row))) {
    throw new AppError('KYC_REQUIRED', 'Complete your identity verification to see and invest in projects.');
  }
  return row;
}

export async function getKycStatus(ctx: AppContext, userId: string): Promise<KycStatusResponse> {
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
  providerEventAt?: string;
}

/**
 * Every change of a review goes through here, inside the caller's transaction: the review row,
 * the identity status on the profile derived from it, and the audit event, all or nothing.
 */
async function changeReview(
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
  const actor = change.by === 'provider' ? 'system' : change.by;
  await appendAuditEvent(trx, { actor, userId, type: 'KYC_REVIEW_UPDATED', detail, meta }, now);
}

function assertFilesFit(files: FileRow[], ids: string[]) {
  if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION_FAILED', 'Each file may be used once.');
  // Another user's file is "not found", exactly like a file that never existed.
  if (files.length !== ids.length) throw new AppError('NOT_FOUND', 'A file was not found. Upload it again.');
}

/** Whether a new submission is welcome now, and if not, why in plain words. */
function assertMaySubmit(
  row:
    | ReviewRow
    | { review_status: ReviewStatus; review_answer: ReviewAnswer | null; reject_type: RejectType | null }
    | undefined,
) {
  if (!row || row.review_status === 'init' || row.review_status === 'onHold') return;
  if (row.review_status !== 'completed') {
    throw new AppError('CONFLICT', 'Your documents are already waiting for review.');
  }
  if (row.review_answer === 'GREEN') throw new AppError('CONFLICT', 'This check is already approved.');
  if (row.reject_type !== 'RETRY') {
    throw new AppError('CONFLICT', 'This check was declined for good. Contact support if you think it is wrong.');
  }
}

export async function submitIdentity(
  ctx: AppContext,
  userId: string,
  body: IdentitySubmission,
  meta: RequestMeta,
): Promise<KycStatusResponse> {
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
  return getKycStatus(ctx, userId);
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
): Promise<KycStatusResponse> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    const current = await findReviewForUpdate(trx, userId);
    if (!current || current.review_status === 'init') {
      throw new AppError('CONFLICT', 'This user has not submitted an identity check yet.');
    }
    const change: ReviewChange =
      decision.answer === 'HOLD'
        ? { reviewStatus: 'onHold', reviewAnswer: null, rejectType: null, message: decision.message, by: 'operator' }
        : {
            reviewStatus: 'completed',
            reviewAnswer: decision.answer,
            rejectType: decision.answer === 'RED' ? decision.rejectType : null,
            message: decision.message,
            by: 'operator',
          };
    await changeReview(trx, ctx, userId, current, change, meta, now);
  });
  return getKycStatus(ctx, userId);
}

export async function listWaitingReviews(ctx: AppContext) {
  const [identities, investors] = await Promise.all([
    findWaitingReviews(ctx.db),
    findWaitingInvestorVerifications(ctx.db),
  ]);
  return { identities, investors };
}

const sumsubClients = new WeakMap<AppContext['config'], SumsubClient>();

function sumsubClientFor(ctx: AppContext): SumsubClient {
  let client = sumsubClients.get(ctx.config);
  if (!client) {
    client = createSumsubClient({
      baseUrl: ctx.config.SUMSUB_BASE_URL,
      appToken: ctx.config.SUMSUB_APP_TOKEN ?? '',
      secretKey: ctx.config.SUMSUB_SECRET_KEY ?? '',
      now: ctx.now,
    });
    sumsubClients.set(ctx.config, client);
  }
  return client;
}

/** The WebSDK token is always for the caller: the applicant id is the session's user id. */
export async function generateIdentityToken(ctx: AppContext, userId: string): Promise<GenerateTokenResponse> {
  if (ctx.config.KYC_PROVIDER === 'local') return { provider: 'local', token: null, sdkUrl: null };
  const row = await findReview(ctx.db, userId);
  assertMaySubmit(row);
  const token = await sumsubClientFor(ctx).generateAccessToken(
    userId,
    ctx.config.SUMSUB_LEVEL_NAME,
    ctx.config.SUMSUB_TOKEN_TTL_SECONDS,
  );
  return { provider: 'sumsub', token, sdkUrl: SUMSUB_SDK_URL };
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored';

/**
 * One Sumsub webhook delivery. The digest is checked over the raw bytes before anything is
 * parsed; a delivery seen before changes nothing, and an event older than the last one applied
 * to the review is recorded but not applied, so a late "pending" never undoes a decision.
 */
export async function applySumsubWebhook(
  ctx: AppContext,
  rawBody: Buffer,
  headers: { digest?: string; algorithm?: string },
  meta: RequestMeta,
): Promise<WebhookOutcome> {
  const secret = ctx.config.SUMSUB_WEBHOOK_SECRET;
  if (!secret || !isWebhookDigestValid(secret, rawBody, headers.digest, headers.algorithm)) {
    throw new AppError('SIGNATURE_INVALID', 'The webhook signature does not match its body.');
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new AppError('MALFORMED_JSON', 'The request body is not valid JSON.');
  }
  const parsed = sumsubWebhookSchema.safeParse(json);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'The webhook payload is not one Moa understands.');
  const event = parsed.data;
  const userId = event.externalUserId ?? null;

  return ctx.db.transaction().execute(async (trx): Promise<WebhookOutcome> => {
    const now = ctx.now().toISOString();
    const user = userId
      ? await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()
      : undefined;
    const isNew = await recordWebhookEvent(
      trx,
      { digest: headers.digest!.toLowerCase(), type: event.type, userId: user?.id ?? null, eventAt: event.createdAtMs },
      now,
    );
    if (!isNew) return 'duplicate';
    if (!user || !event.reviewStatus) return 'ignored';
    const current = await findReviewForUpdate(trx, user.id);
    if (current?.provider_event_at && current.provider_event_at >= event.createdAtMs) return 'stale';
    const answer = event.reviewStatus === 'completed' ? (event.reviewResult?.reviewAnswer ?? null) : null;
    // A completed review without an answer says nothing we can act on.
    if (event.reviewStatus === 'completed' && !answer) return 'ignored';
    await changeReview(
      trx,
      ctx,
      user.id,
      current,
      {
        reviewStatus: event.reviewStatus,
        reviewAnswer: answer,
        // Sumsub always sends the reject type with RED; if it ever does not, the safe reading is FINAL.
        rejectType: answer === 'RED' ? (event.reviewResult?.reviewRejectType ?? 'FINAL') : null,
        message: event.reviewResult?.moderationComment?.trim() || null,
        by: 'provider',
        providerEventAt: event.createdAtMs,
      },
      meta,
      now,
      current ? {} : { provider: 'sumsub', submitted_at: now },
    );
    return 'applied';
  });
}

function displayOf(row: ReviewRow): string {
  if (row.investor_type === 'COMPANY' && row.entity_name) return `${row.entity_name} (Entity)`;
  return `${row.legal_name ?? 'Verified identity'} (Individual)`;
}

/** The verified identities the user may invest under; one today, the user's own. */
export async function listPurchaseIdentities(ctx: AppContext, userId: string) {
  const row = await assertKycApproved(ctx.db, userId);
  return { list: [{ id: row.id, display: displayOf(row), isDefault: true }] };
}

export async function setDefaultIdentity(ctx: AppContext, userId: string, id: string) {
  const row = await assertKycApproved(ctx.db, userId);
  if (row.id !== id) throw new AppError('NOT_FOUND', 'That identity is not one of yours.');
  await updateReview(ctx.db, row.id, { is_default: 1, updated_at: ctx.now().toISOString() });
  return listPurchaseIdentities(ctx, userId);
}

export async function getInvestorStatus(ctx: AppContext, userId: string): Promise<InvestorStatusResponse> {
  const row = await findInvestor(ctx.db, userId);
  return {
    status: !row ? 'NONE' : row.review_status === 'pending' ? 'PENDING' : (row.review_answer ?? 'PENDING'),
    basis: row?.basis ?? null,
    rejectType: row?.reject_type ?? null,
    message: row?.message ?? null,
    submittedAt: row?.submitted_at ?? null,
    reviewedAt: row?.reviewed_at ?? null,
  };
}

export async function submitInvestorVerification(
  ctx: AppContext,
  userId: string,
  body: InvestorSubmission,
  meta: RequestMeta,
): Promise<InvestorStatusResponse> {
  await assertKycApproved(ctx.db, userId);
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    const current = await findInvestor(trx, userId);
    assertMaySubmit(current);
    const files = await findOwnFiles(trx, userId, body.evidenceFileIds);
    assertFilesFit(files, body.evidenceFileIds);
    await releaseFiles(trx, userId, ['EVIDENCE']);
    for (const id of body.evidenceFileIds) await markFileUsed(trx, id, 'EVIDENCE');
    await upsertInvestor(trx, {
      id: current?.id ?? randomUUID(),
      user_id: userId,
      basis: body.basis,
      details: body.details,
      is_self_certified: 1,
      review_status: 'pending',
      review_answer: null,
      reject_type: null,
      message: null,
      submitted_at: now,
      reviewed_at: null,
      updated_at: now,
    });
    await appendAuditEvent(
      trx,
      { actor: 'user', userId, type: 'INVESTOR_VERIFICATION_SUBMITTED', detail: { basis: body.basis }, meta },
      now,
    );
  });
  return getInvestorStatus(ctx, userId);
}

export async function recordInvestorDecision(
  ctx: AppContext,
  userId: string,
  decision: Exclude<OperatorDecision, { answer: 'HOLD' }>,
  meta: RequestMeta,
): Promise<InvestorStatusResponse> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    const current = await findInvestor(trx, userId);
    if (!current) throw new AppError('CONFLICT', 'This user has not asked for investor verification.');
    const rejectType = decision.answer === 'RED' ? decision.rejectType : null;
    await updateInvestor(trx, userId, {
      review_status: 'completed',
      review_answer: decision.answer,
      reject_type: rejectType,
      message: decision.message,
      reviewed_at: now,
      updated_at: now,
    });
    const detail: Record<string, string> = { answer: decision.answer, by: 'operator' };
    if (rejectType) detail.rejectType = rejectType;
    if (decision.message) detail.message = decision.message;
    await appendAuditEvent(
      trx,
      { actor: 'operator', userId, type: 'INVESTOR_VERIFICATION_REVIEWED', detail, meta },
      now,
    );
  });
  return getInvestorStatus(ctx, userId);
}
