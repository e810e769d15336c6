import { randomUUID } from 'node:crypto';
import type { InvestorStatusResponse, InvestorSubmission } from '../../../src/domain/kyc';
import type { AppContext, RequestMeta } from '../../context';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import type { CallerId } from '../auth/service';
import { findInvestor, findOwnFiles, markFileUsed, releaseFiles, updateInvestor, upsertInvestor } from './repository';
import { assertFilesFit, assertMaySubmit, type OperatorDecision } from './service';
import { recordLiveEvents } from '../live/service';

// The accredited-investor check Reg D projects require: the user's submission and the operator's answer.

export function getInvestorStatus(ctx: AppContext, caller: CallerId): Promise<InvestorStatusResponse> {
  return investorStatusOf(ctx, caller.user.id);
}

async function investorStatusOf(ctx: AppContext, userId: string): Promise<InvestorStatusResponse> {
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

/** Its route admits only an approved identity (`requireAuth({ level: 'kyc' })`). */
export async function submitInvestorVerification(
  ctx: AppContext,
  caller: CallerId,
  body: InvestorSubmission,
  meta: RequestMeta,
): Promise<InvestorStatusResponse> {
  const userId = caller.user.id;
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
  return investorStatusOf(ctx, userId);
}

export async function recordInvestorDecision(
  ctx: AppContext,
  userId: string,
  decision: Exclude<OperatorDecision, { answer: 'HOLD' }>,
  meta: RequestMeta,
  /** Who decided, for the audit log (`operator:<email>`). */
  operatorLabel?: string,
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
    if (operatorLabel) detail.operator = operatorLabel;
    await appendAuditEvent(
      trx,
      { actor: 'operator', userId, type: 'INVESTOR_VERIFICATION_REVIEWED', detail, meta },
      now,
    );
    await recordLiveEvents(trx, now, [{ userId, type: 'review' }]);
  });
  return investorStatusOf(ctx, userId);
}
