import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Approval, ApprovalKind, ApprovalState } from '../../../src/domain/operator';
import type { AppContext, RequestMeta } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import { commitDistribution, type CommittedDistribution, type DistributionPlan } from '../account/service';
import { applyWithdrawalPaid } from '../cash/service';
import { applyOperatorAction } from '../orders/service';
import { changeUserRoleIn } from '../users/service';
import { assertAdmin, type Operator } from './service';
import {
  findApproval,
  findApprovalByKey,
  findApprovals,
  findDueApprovals,
  insertApproval,
  markApproved,
  markExpired,
  markRejected,
  recordApprovalResult,
  type ApprovalRow,
} from './repository';

type Db = Kysely<Database>;

/**
 * Four eyes on money (docs/decisions/1707): an action that moves money or ownership is proposed
 * by one admin and applied, in the transaction that marks it approved, when a different admin
 * approves. Every change of an approval is a conditional update from PENDING: two approvers at
 * once give one effect, and an expired proposal can no longer be approved.
 */

/** What an approved action runs: enough to apply it exactly as proposed. */
export type ApprovalPayload =
  | { kind: 'CONFIRM_PAYMENT' | 'REJECT_PAYMENT' | 'REFUND'; orderId: string; reference: string; note: string | null }
  | { kind: 'DISTRIBUTE_REVENUE'; plan: DistributionPlan; idempotencyKey: string; isNewDistribution: boolean }
  | { kind: 'GRANT_ADMIN'; userId: string }
  | { kind: 'PAY_WITHDRAWAL'; withdrawalId: string; bankReference: string };

/** What an applied action answered. */
export type ApprovalEffect =
  | { kind: 'ORDER'; orderId: string }
  | { kind: 'DISTRIBUTION'; distribution: CommittedDistribution }
  | { kind: 'ROLE'; userId: string }
  | { kind: 'WITHDRAWAL'; withdrawalId: string };

const SYSTEM_META: RequestMeta = { ip: 'system', userAgent: 'Moa approval expiry' };

/** Whether four eyes apply in this deployment (FOUR_EYES, on unless a one-person deployment turns it off). */
export function fourEyesOn(ctx: AppContext): boolean {
  return ctx.config.FOUR_EYES;
}

export function toApproval(row: ApprovalRow): Approval {
  return {
    id: row.id,
    kind: row.kind as ApprovalKind,
    state: row.state,
    summary: row.summary,
    productId: row.product_id === null ? null : Number(row.product_id),
    proposedBy: row.proposed_by,
    proposedAt: row.proposed_at,
    expiresAt: row.expires_at,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    reason: row.reason,
  };
}

async function audit(
  db: Db,
  operator: Operator | null,
  type: string,
  row: Pick<ApprovalRow, 'id' | 'kind' | 'summary' | 'subject_user_id'>,
  at: string,
  extra: Record<string, string> = {},
): Promise<void> {
  const detail: Record<string, string> = {
    approvalId: row.id,
    kind: row.kind,
    summary: row.summary,
    by: operator?.label ?? 'system',
    ...extra,
  };
  if (row.subject_user_id) detail.subjectUserId = row.subject_user_id;
  await appendAuditEvent(
    db,
    {
      // The acting operator's own activity shows what they proposed or decided.
      userId: operator?.userId ?? null,
      actor: operator ? 'operator' : 'system',
      type,
      detail,
      meta: operator?.meta ?? SYSTEM_META,
    },
    at,
  );
}

/**
 * Proposes an action for a second admin. With an idempotency key, proposing the same thing
 * again (a double click, a retry) answers the first proposal instead of making another.
 */
export async function proposeApproval(
  ctx: AppContext,
  operator: Operator,
  input: {
    payload: ApprovalPayload;
    summary: string;
    productId: number | null;
    subjectUserId: string | null;
    idempotencyKey?: string;
  },
): Promise<Approval> {
  assertAdmin(operator, 'propose an action that moves money or ownership');
  const now = ctx.now();
  const at = now.toISOString();
  const key = input.idempotencyKey ? `${input.payload.kind}:${input.idempotencyKey}` : null;
  if (key) {
    const earlier = await findApprovalByKey(ctx.db, key);
    if (earlier) return toApproval(earlier);
  }
  const row: ApprovalRow = {
    id: randomUUID(),
    kind: input.payload.kind,
    product_id: input.productId,
    subject_user_id: input.subjectUserId,
    payload: JSON.stringify(input.payload),
    summary: input.summary.slice(0, 500),
    state: 'PENDING',
    proposed_by_user_id: operator.userId,
    proposed_by: operator.label.slice(0, 200),
    proposed_at: at,
    expires_at: new Date(now.getTime() + ctx.config.APPROVAL_TTL_HOURS * 3_600_000).toISOString(),
    decided_by_user_id: null,
    decided_by: null,
    decided_at: null,
    reason: null,
    result: null,
    idempotency_key: key,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertApproval(trx, row);
      await audit(trx, operator, 'APPROVAL_PROPOSED', row, at);
    });
  } catch (error) {
    // The same key proposed at the same moment: the other request's proposal is the one.
    const earlier = key ? await findApprovalByKey(ctx.db, key) : undefined;
    if (earlier) return toApproval(earlier);
    throw error;
  }
  return toApproval(row);
}

async function loadPending(ctx: AppContext, id: string): Promise<ApprovalRow> {
  const row = await findApproval(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', `There is no approval ${id}.`);
  if (row.state !== 'PENDING') {
    throw new AppError('APPROVAL_CLOSED', `Approval ${id} is already ${row.state.toLowerCase()}.`);
  }
  if (row.expires_at <= ctx.now().toISOString()) {
    await expireOne(ctx, row);
    throw new AppError('APPROVAL_EXPIRED', `Approval ${id} expired at ${row.expires_at}; propose it again.`);
  }
  return row;
}

/** Why a conditional update from PENDING took nothing: read again to say what happened first. */
async function closedReason(ctx: AppContext, id: string): Promise<AppError> {
  const row = await findApproval(ctx.db, id);
  if (row?.state === 'PENDING') {
    await expireOne(ctx, row);
    return new AppError('APPROVAL_EXPIRED', `Approval ${id} expired; propose it again.`);
  }
  return new AppError('APPROVAL_CLOSED', `Approval ${id} is already ${row?.state.toLowerCase() ?? 'gone'}.`);
}

async function applyEffect(
  ctx: AppContext,
  trx: Db,
  row: ApprovalRow,
  approver: Operator,
  at: string,
): Promise<ApprovalEffect> {
  const payload = JSON.parse(row.payload) as ApprovalPayload;
  switch (payload.kind) {
    case 'CONFIRM_PAYMENT':
    case 'REJECT_PAYMENT':
    case 'REFUND': {
      const action = payload.kind === 'REFUND' ? 'REFUND' : payload.kind;
      await applyOperatorAction(ctx, trx, payload.orderId, action, approver.label, payload.note, approver.meta, at);
      return { kind: 'ORDER', orderId: payload.orderId };
    }
    case 'DISTRIBUTE_REVENUE': {
      const distribution = await commitDistribution(trx, payload.plan, {
        idempotencyKey: payload.idempotencyKey,
        isNewDistribution: payload.isNewDistribution,
        createdBy: `${row.proposed_by}, approved by ${approver.label}`.slice(0, 200),
        approvalId: row.id,
        meta: approver.meta,
        now: at,
      });
      return { kind: 'DISTRIBUTION', distribution };
    }
    case 'GRANT_ADMIN':
      await changeUserRoleIn(trx, payload.userId, 'ADMIN', approver.meta, at, { approvalId: row.id });
      return { kind: 'ROLE', userId: payload.userId };
    case 'PAY_WITHDRAWAL':
      await applyWithdrawalPaid(
        ctx,
        trx,
        payload.withdrawalId,
        payload.bankReference,
        `${row.proposed_by}, approved by ${approver.label}`.slice(0, 200),
        approver.meta,
        at,
      );
      return { kind: 'WITHDRAWAL', withdrawalId: payload.withdrawalId };
  }
}

/**
 * A second admin approves: in one transaction the approval leaves PENDING (only if still
 * pending, unexpired and not the approver's own proposal) and the action is applied, so it
 * applies exactly once; if the action fails, the approval stays pending.
 */
export async function approveApproval(
  ctx: AppContext,
  approver: Operator,
  id: string,
): Promise<{ approval: Approval; effect: ApprovalEffect }> {
  assertAdmin(approver, 'approve');
  if (!approver.userId) {
    throw new AppError('ROLE_REQUIRED', 'An approval names the admin who gives it (--as <email> on the command line).');
  }
  const row = await loadPending(ctx, id);
  if (row.proposed_by_user_id === approver.userId) {
    throw new AppError('APPROVAL_SELF', 'You proposed this action; another admin must approve it.');
  }
  const at = ctx.now().toISOString();
  const by = { userId: approver.userId, label: approver.label.slice(0, 200) };
  const effect = await ctx.db.transaction().execute(async (trx) => {
    if (!(await markApproved(trx, id, by, at))) return null;
    const applied = await applyEffect(ctx, trx, row, approver, at);
    await recordApprovalResult(trx, id, JSON.stringify(applied));
    await audit(trx, approver, 'APPROVAL_APPROVED', row, at, { proposedBy: row.proposed_by });
    return applied;
  });
  if (!effect) throw await closedReason(ctx, id);
  return { approval: toApproval((await findApproval(ctx.db, id))!), effect };
}

/** An admin turns a proposal down (its proposer may withdraw it the same way); nothing is applied. */
export async function rejectApproval(
  ctx: AppContext,
  operator: Operator,
  id: string,
  reason: string,
): Promise<Approval> {
  assertAdmin(operator, 'reject a proposal');
  const text = reason.trim();
  if (!text) throw new AppError('VALIDATION_FAILED', 'Give the reason for rejecting the proposal.');
  const row = await loadPending(ctx, id);
  const at = ctx.now().toISOString();
  const rejected = await ctx.db.transaction().execute(async (trx) => {
    if (!(await markRejected(trx, id, { userId: operator.userId, label: operator.label.slice(0, 200) }, text, at))) {
      return false;
    }
    await audit(trx, operator, 'APPROVAL_REJECTED', row, at, { reason: text });
    return true;
  });
  if (!rejected) throw await closedReason(ctx, id);
  return toApproval((await findApproval(ctx.db, id))!);
}

async function expireOne(ctx: AppContext, row: Pick<ApprovalRow, 'id' | 'kind' | 'summary' | 'subject_user_id'>) {
  const at = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await markExpired(trx, row.id, at))) return false;
    await audit(trx, null, 'APPROVAL_EXPIRED', row, at);
    return true;
  });
}

/**
 * Marks every proposal past its time EXPIRED, audited. Any number of processes may sweep at
 * once: each expiry is a conditional update, so it is recorded once. Answers how many this run expired.
 */
export async function expireDueApprovals(ctx: AppContext, batch = 200): Promise<number> {
  let expired = 0;
  for (const due of await findDueApprovals(ctx.db, ctx.now().toISOString(), batch)) {
    const row = await findApproval(ctx.db, due.id);
    if (row && (await expireOne(ctx, row))) expired += 1;
  }
  return expired;
}

/** Proposals, newest first (admins only). Those past their time are shown expired. */
export async function listApprovals(
  ctx: AppContext,
  operator: Operator,
  state: ApprovalState | null,
  limit = 200,
): Promise<Approval[]> {
  assertAdmin(operator, 'see proposals');
  await expireDueApprovals(ctx);
  return (await findApprovals(ctx.db, state, limit)).map(toApproval);
}
