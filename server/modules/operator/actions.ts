import { randomUUID } from 'node:crypto';
import type { UserRole } from '../../../src/domain/auth';
import { nextOrderState } from '../../../src/domain/order-state';
import type {
  Approval,
  DistributionCommitRequest,
  DistributionOutcome,
  DistributionPreview,
  DistributionRequest,
  OperatorOrder,
  OrderOutcome,
  ReviewDecisionRequest,
} from '../../../src/domain/operator';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import {
  assertNotRepeated,
  commitDistribution,
  distributionOfKey,
  isDistributionRace,
  planDistribution,
  previewDistribution,
  type CommittedDistribution,
  type DistributionPlan,
} from '../account/service';
import { recordInvestorDecision } from '../kyc/investor-verification';
import { recordReviewDecision, type OperatorDecision } from '../kyc/service';
import {
  findOrderByReference,
  findOrderViewById,
  listOrdersForOperator,
  operatorAction,
  type OperatorOrderAction,
} from '../orders/service';
import { allowProductForUser, declineProductForUser, listPendingWhitelistRequests } from '../products/service';
import {
  banUser,
  changeUserRole,
  countAdmins,
  findEmailsForOperator,
  findUserByIdForOperator,
  unbanUser,
} from '../users/service';
import { approveApproval, fourEyesOn, proposeApproval, type ApprovalEffect, type ApprovalPayload } from './approvals';
import { findApprovalByKey, findPendingApprovalsOf } from './repository';
import { assertAdmin, assertMayActOn, scopeOf, type Operator } from './service';

/**
 * One function per operator action, called by the console's routes and by the command line
 * alike, so both obey the same roles, a seller's projects and four eyes on money.
 */

type OrderView = NonNullable<Awaited<ReturnType<typeof findOrderByReference>>>;

function toOperatorOrder(view: OrderView): OperatorOrder {
  return {
    reference: view.reference,
    state: view.state,
    productId: Number(view.product_id),
    quantity: Number(view.quantity),
    amount: Number(view.amount),
    currency: view.currency,
  };
}

async function loadOrder(ctx: AppContext, operator: Operator, reference: string): Promise<OrderView> {
  const view = await findOrderByReference(ctx.db, reference);
  if (!view) throw new AppError('NOT_FOUND', `There is no order ${reference}.`);
  await assertMayActOn(ctx, operator, Number(view.product_id));
  return view;
}

async function applyNow(
  ctx: AppContext,
  operator: Operator,
  view: OrderView,
  action: OperatorOrderAction,
  note: string | null,
): Promise<OrderOutcome> {
  await operatorAction(ctx, view.reference, action, operator.label, note, operator.meta);
  const after = (await findOrderByReference(ctx.db, view.reference))!;
  return { status: 'APPLIED', approval: null, order: toOperatorOrder(after) };
}

const ORDER_WORDS: Record<'CONFIRM_PAYMENT' | 'REJECT_PAYMENT' | 'REFUND', string> = {
  CONFIRM_PAYMENT: 'Confirm the payment of',
  REJECT_PAYMENT: 'Reject the declared payment of',
  REFUND: 'Refund',
};

async function proposeOrderAction(
  ctx: AppContext,
  operator: Operator,
  view: OrderView,
  kind: 'CONFIRM_PAYMENT' | 'REJECT_PAYMENT' | 'REFUND',
  note: string | null,
): Promise<OrderOutcome> {
  // An order that cannot take the action now is refused at once, not after a second admin looks.
  if (!nextOrderState(view.state, kind, 'OPERATOR')) {
    throw new AppError('ORDER_STATE_CONFLICT', `Order ${view.reference} is ${view.state.toLowerCase()}.`);
  }
  const approval = await proposeApproval(ctx, operator, {
    payload: { kind, orderId: view.id, reference: view.reference, note },
    summary: `${ORDER_WORDS[kind]} order ${view.reference}: ${view.quantity} tokens of project ${view.product_id}, ${view.amount} ${view.currency} minor units${note ? ` (${note})` : ''}`,
    productId: Number(view.product_id),
    subjectUserId: view.user_id,
    idempotencyKey: `${view.id}:${view.state}`,
  });
  return { status: 'PROPOSED', approval, order: toOperatorOrder(view) };
}

/** Whether confirming this amount needs a second admin. */
export function confirmationNeedsFourEyes(ctx: AppContext, amount: number): boolean {
  return fourEyesOn(ctx) && amount > ctx.config.FOUR_EYES_PAYMENT_THRESHOLD;
}

/**
 * Confirms a payment: the tokens are credited. Above FOUR_EYES_PAYMENT_THRESHOLD an admin
 * proposes it and a second admin approves; below it a seller may confirm in its own projects.
 */
export async function confirmPayment(
  ctx: AppContext,
  operator: Operator,
  reference: string,
  note: string | null = null,
): Promise<OrderOutcome> {
  const view = await loadOrder(ctx, operator, reference);
  if (confirmationNeedsFourEyes(ctx, Number(view.amount))) {
    return proposeOrderAction(ctx, operator, view, 'CONFIRM_PAYMENT', note);
  }
  return applyNow(ctx, operator, view, 'CONFIRM_PAYMENT', note);
}

/** Rejects a declared payment that cannot be matched (four eyes); the tokens return to sale. */
export async function rejectPayment(
  ctx: AppContext,
  operator: Operator,
  reference: string,
  reason: string,
): Promise<OrderOutcome> {
  const view = await loadOrder(ctx, operator, reference);
  assertAdmin(operator, 'reject a payment');
  if (fourEyesOn(ctx)) return proposeOrderAction(ctx, operator, view, 'REJECT_PAYMENT', reason);
  return applyNow(ctx, operator, view, 'REJECT_PAYMENT', reason);
}

/** Refunds a confirmed order (four eyes): the tokens leave the holding and return to sale. */
export async function refundOrder(
  ctx: AppContext,
  operator: Operator,
  reference: string,
  reason: string,
): Promise<OrderOutcome> {
  const view = await loadOrder(ctx, operator, reference);
  assertAdmin(operator, 'refund an order');
  if (fourEyesOn(ctx)) return proposeOrderAction(ctx, operator, view, 'REFUND', reason);
  return applyNow(ctx, operator, view, 'REFUND', reason);
}

/** Cancels an order that is not paid yet; no money has moved, so one operator decides. */
export async function cancelOrder(
  ctx: AppContext,
  operator: Operator,
  reference: string,
  reason: string,
): Promise<OrderOutcome> {
  const view = await loadOrder(ctx, operator, reference);
  assertAdmin(operator, 'cancel an order');
  return applyNow(ctx, operator, view, 'CANCEL', reason);
}

/** Payments investors declared, oldest first, in the operator's projects. */
export async function listDeclaredPayments(ctx: AppContext, operator: Operator) {
  const rows = await listOrdersForOperator(ctx, 'PAYMENT_DECLARED', 500, await scopeOf(ctx, operator));
  return rows.reverse().map((row) => ({
    reference: row.reference,
    state: row.state,
    productId: Number(row.product_id),
    quantity: Number(row.quantity),
    amount: Number(row.amount),
    currency: row.currency,
    email: row.email,
    productName: row.product_name,
    payMethodType: row.pay_method_type,
    payerName: row.payer_name,
    txHash: row.tx_hash,
    declaredAt: row.payment_declared_at,
    needsSecondOperator: confirmationNeedsFourEyes(ctx, Number(row.amount)),
  }));
}

// ---------------------------------------------------------------------------------------------
// Revenue distributions

function planOf(ctx: AppContext, request: DistributionRequest): DistributionPlan {
  if (request.payDate !== undefined && Number.isNaN(Date.parse(`${request.payDate}T00:00:00Z`))) {
    throw new AppError('VALIDATION_FAILED', 'The pay date is a date like 2026-01-31.');
  }
  return planDistribution({
    productId: request.productId,
    amount: request.amount,
    recordDate: request.recordDate,
    memo: request.memo?.trim() || null,
    currency: ctx.config.CURRENCY,
    now: ctx.now(),
    // Paid from the start of the pay date (UTC), as the default 14 days after is.
    ...(request.payDate ? { paysAt: `${request.payDate}T00:00:00.000Z` } : {}),
  });
}

/**
 * Proposals still waiting that would make the same project, record date and amount as this
 * plan (under another key): a second form for the same payout while the first waits for its
 * approver is as much a repeat as one already committed.
 */
async function pendingRepeatsOf(ctx: AppContext, plan: DistributionPlan, key: string | null): Promise<string[]> {
  const rows = await findPendingApprovalsOf(ctx.db, 'DISTRIBUTE_REVENUE', plan.productId, ctx.now().toISOString());
  return rows
    .filter((row) => row.idempotency_key !== (key === null ? null : `DISTRIBUTE_REVENUE:${key}`))
    .filter((row) => {
      const payload = JSON.parse(row.payload) as ApprovalPayload;
      return (
        payload.kind === 'DISTRIBUTE_REVENUE' &&
        payload.plan.recordDate === plan.recordDate &&
        payload.plan.amount === plan.amount
      );
    })
    .map((row) => row.id);
}

/** Every holder's exact share of a distribution, written nowhere; the shares add up to the amount. */
export async function previewRevenueDistribution(
  ctx: AppContext,
  operator: Operator,
  request: DistributionRequest,
): Promise<DistributionPreview> {
  assertAdmin(operator, 'distribute revenue');
  const plan = planOf(ctx, request);
  const { shares, sameAsEarlier } = await previewDistribution(ctx.db, plan);
  // The holders' addresses in a statement per 500 holders, not one per holder.
  const emails = await findEmailsForOperator(
    ctx,
    shares.map((share) => share.userId),
  );
  return {
    productId: plan.productId,
    amount: plan.amount,
    currency: plan.currency,
    recordAt: plan.recordAt,
    paysAt: plan.paysAt,
    holders: shares.length,
    shares: shares.map((share) => ({ ...share, email: emails.get(share.userId) ?? null })),
    sameAsEarlier,
    pendingSameAs: await pendingRepeatsOf(ctx, plan, null),
  };
}

/** Commits now, once per key, whoever else commits the same key at the same moment. */
async function commitNow(
  ctx: AppContext,
  operator: Operator,
  plan: DistributionPlan,
  key: string,
  isNewDistribution: boolean,
): Promise<CommittedDistribution> {
  const now = ctx.now().toISOString();
  try {
    return await ctx.db.transaction().execute((trx) =>
      commitDistribution(trx, plan, {
        idempotencyKey: key,
        isNewDistribution,
        createdBy: operator.label.slice(0, 200),
        meta: operator.meta,
        now,
      }),
    );
  } catch (error) {
    // A repeat found inside the transaction may be this key's own commit by another request,
    // landed between the transaction's read of the key and its read of the repeat guard.
    const repeated = error instanceof AppError && error.code === 'DISTRIBUTION_REPEATED';
    if (!isDistributionRace(error) && !repeated) throw error;
    // Another request committed first: the same key answers its distribution; otherwise the
    // same project, record date and amount is refused as a repeat.
    const replay = await committedOrRepeated(ctx, plan, key, isNewDistribution);
    if (replay) return replay;
    throw error;
  }
}

/**
 * The distribution this key already committed, or null when there is none and nothing repeats
 * it; DISTRIBUTION_REPEATED when another key committed the same project, date and amount. The
 * key is read again after a repeat is found: the repeat may be this key's own commit, landed
 * between the two reads.
 */
async function committedOrRepeated(
  ctx: AppContext,
  plan: DistributionPlan,
  key: string,
  isNewDistribution: boolean,
): Promise<CommittedDistribution | null> {
  const replay = await distributionOfKey(ctx.db, plan, key);
  if (replay) return replay;
  try {
    await assertNotRepeated(ctx.db, plan, isNewDistribution);
    return null;
  } catch (error) {
    const landed = await distributionOfKey(ctx.db, plan, key);
    if (landed) return landed;
    throw error;
  }
}

/**
 * Commits a revenue distribution: immutable once written, audited with the operator as actor,
 * once per idempotency key (a double click or a retry answers the first commit), and the same
 * project, record date and amount again only when marked as a new distribution. With four eyes
 * it is proposed and committed when a second admin approves.
 */
export async function commitRevenueDistribution(
  ctx: AppContext,
  operator: Operator,
  request: DistributionCommitRequest,
  idempotencyKey: string,
): Promise<DistributionOutcome> {
  assertAdmin(operator, 'distribute revenue');
  const plan = planOf(ctx, request);
  const isNewDistribution = request.isNewDistribution === true;
  const replay = await committedOrRepeated(ctx, plan, idempotencyKey, isNewDistribution);
  if (replay) return { status: 'APPLIED', approval: null, distribution: replay };
  if (!fourEyesOn(ctx)) {
    const distribution = await commitNow(ctx, operator, plan, idempotencyKey, isNewDistribution);
    return { status: 'APPLIED', approval: null, distribution };
  }
  // A key names one distribution: proposing other figures under a key already proposed is refused.
  const proposed = await findApprovalByKey(ctx.db, `DISTRIBUTE_REVENUE:${idempotencyKey}`);
  if (proposed) {
    const earlier = (JSON.parse(proposed.payload) as ApprovalPayload & { kind: 'DISTRIBUTE_REVENUE' }).plan;
    const same =
      earlier.productId === plan.productId &&
      earlier.amount === plan.amount &&
      earlier.recordDate === plan.recordDate &&
      earlier.paysAt === plan.paysAt;
    if (!same) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This idempotency key already proposed a different distribution.');
    }
  }
  if (!isNewDistribution) {
    const pending = await pendingRepeatsOf(ctx, plan, idempotencyKey);
    if (pending.length) {
      throw new AppError(
        'DISTRIBUTION_REPEATED',
        `Approval ${pending.join(', ')} already proposes this amount for this record date; mark this one as a new distribution to propose another.`,
      );
    }
  }
  // The shares are computed now so an impossible distribution is refused before anyone approves.
  const preview = await previewDistribution(ctx.db, plan);
  const approval = await proposeApproval(ctx, operator, {
    payload: { kind: 'DISTRIBUTE_REVENUE', plan, idempotencyKey, isNewDistribution },
    summary: `Distribute ${plan.amount} ${plan.currency} minor units among ${preview.shares.length} holders of project ${plan.productId}, record date ${plan.recordDate}, paid ${plan.paysAt.slice(0, 10)}${plan.memo ? ` (${plan.memo})` : ''}${isNewDistribution ? ', marked as a new distribution' : ''}`,
    productId: plan.productId,
    subjectUserId: null,
    idempotencyKey,
  });
  return { status: 'PROPOSED', approval, distribution: null };
}

/** A fresh idempotency key, for a caller that names none (the command line). */
export function newIdempotencyKey(): string {
  return `distribution-${randomUUID()}`;
}

// ---------------------------------------------------------------------------------------------
// Reviews, access requests, bans and roles

function decisionOf(request: ReviewDecisionRequest): OperatorDecision {
  if (request.answer === 'GREEN') return { answer: 'GREEN', message: request.message ?? null };
  if (request.answer === 'HOLD') return { answer: 'HOLD', message: request.message };
  return { answer: 'RED', rejectType: request.rejectType, message: request.message };
}

async function existingUser(ctx: AppContext, userId: string) {
  const user = await findUserByIdForOperator(ctx, userId);
  if (!user) throw new AppError('NOT_FOUND', 'No such user.');
  return user;
}

/** Answers an identity check (admins). */
export async function reviewIdentity(
  ctx: AppContext,
  operator: Operator,
  userId: string,
  request: ReviewDecisionRequest,
) {
  assertAdmin(operator, 'answer an identity check');
  await existingUser(ctx, userId);
  const status = await recordReviewDecision(ctx, userId, decisionOf(request), operator.meta, operator.label);
  return { userId, status: status.reviewStatus, answer: status.reviewAnswer, rejectType: status.rejectType };
}

/** Answers an investor verification (admins); it has no HOLD. */
export async function reviewInvestor(
  ctx: AppContext,
  operator: Operator,
  userId: string,
  request: ReviewDecisionRequest,
) {
  assertAdmin(operator, 'answer an investor verification');
  const decision = decisionOf(request);
  if (decision.answer === 'HOLD') throw new AppError('VALIDATION_FAILED', 'The answer must be GREEN or RED.');
  await existingUser(ctx, userId);
  const status = await recordInvestorDecision(ctx, userId, decision, operator.meta, operator.label);
  return { userId, status: status.status, answer: status.status, rejectType: status.rejectType };
}

/** Access requests to restricted projects, oldest first, in the operator's projects. */
export async function listWhitelistRequests(ctx: AppContext, operator: Operator) {
  const rows = await listPendingWhitelistRequests(ctx, await scopeOf(ctx, operator));
  return rows.map((row) => ({
    productId: Number(row.product_id),
    productName: row.product_name,
    userId: row.user_id,
    email: row.email,
    requestedAt: row.requested_at,
  }));
}

/** Lets a user see and invest in a restricted project (a seller in its own projects). */
export async function allowWhitelist(ctx: AppContext, operator: Operator, productId: number, userId: string) {
  await assertMayActOn(ctx, operator, productId);
  await existingUser(ctx, userId);
  return allowProductForUser(ctx, productId, userId, operator.label, operator.meta);
}

/**
 * Declines a waiting access request (a seller in its own projects); the user may ask again. The
 * reason, when given, is kept in the audit entry.
 */
export async function declineWhitelist(
  ctx: AppContext,
  operator: Operator,
  productId: number,
  userId: string,
  reason: string | null = null,
) {
  await assertMayActOn(ctx, operator, productId);
  return declineProductForUser(ctx, productId, userId, operator.label, operator.meta, reason);
}

/** Bans an account (admins): its sessions end, every action is refused. */
export async function banAccount(ctx: AppContext, operator: Operator, userId: string, reason: string) {
  assertAdmin(operator, 'ban an account');
  await existingUser(ctx, userId);
  if (userId === operator.userId) throw new AppError('CONFLICT', 'You cannot ban your own account.');
  await banUser(ctx, userId, reason, operator.meta);
}

/** Lifts a ban (admins); the reason, when given, is kept in the audit entry. */
export async function unbanAccount(ctx: AppContext, operator: Operator, userId: string, reason: string | null = null) {
  assertAdmin(operator, 'lift a ban');
  await existingUser(ctx, userId);
  await unbanUser(ctx, userId, operator.meta, reason);
}

/**
 * Grants or takes back a role (admins). Granting ADMIN is four eyes once two admins exist (the
 * first two are granted at once: before that nobody could approve).
 */
export async function changeRole(
  ctx: AppContext,
  operator: Operator,
  userId: string,
  role: UserRole,
): Promise<{ status: 'APPLIED' | 'PROPOSED'; approval: Approval | null; role: UserRole }> {
  assertAdmin(operator, 'change roles');
  const user = await existingUser(ctx, userId);
  if (role === 'ADMIN' && fourEyesOn(ctx) && (await countAdmins(ctx)) >= 2) {
    if (user.role === 'ADMIN') throw new AppError('CONFLICT', 'The account already has the role ADMIN.');
    const approval = await proposeApproval(ctx, operator, {
      payload: { kind: 'GRANT_ADMIN', userId },
      summary: `Grant ADMIN to ${user.email ?? userId}`,
      productId: null,
      subjectUserId: userId,
      idempotencyKey: `${userId}:${user.role}`,
    });
    return { status: 'PROPOSED', approval, role: user.role };
  }
  await changeUserRole(ctx, userId, role, operator.meta);
  return { status: 'APPLIED', approval: null, role };
}

/** Approves a proposal and answers what it did, in the console's words. */
export async function approve(ctx: AppContext, operator: Operator, id: string) {
  const { approval, effect } = await approveApproval(ctx, operator, id);
  return { approval, effect: await describeEffect(ctx, effect) };
}

async function describeEffect(ctx: AppContext, effect: ApprovalEffect) {
  if (effect.kind === 'ORDER') {
    const order = await findOrderByReferenceOfId(ctx, effect.orderId);
    return { order, distribution: null, role: null, withdrawalId: null };
  }
  if (effect.kind === 'DISTRIBUTION') {
    return { order: null, distribution: effect.distribution, role: null, withdrawalId: null };
  }
  if (effect.kind === 'WITHDRAWAL') {
    return { order: null, distribution: null, role: null, withdrawalId: effect.withdrawalId };
  }
  return { order: null, distribution: null, role: 'ADMIN' as const, withdrawalId: null };
}

async function findOrderByReferenceOfId(ctx: AppContext, orderId: string): Promise<OperatorOrder | null> {
  const view = await findOrderViewById(ctx.db, orderId);
  return view ? toOperatorOrder(view) : null;
}
