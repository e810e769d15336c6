import type {
  DepositConfirmRequest,
  DepositConfirmResponse,
  OperatorWithdrawal,
  OperatorWithdrawalResult,
  WithdrawalState,
} from '../../../src/domain/cash';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import {
  confirmDeposit,
  findWithdrawalForOperator,
  findWithdrawalRow,
  listWithdrawalsForOperator,
  markWithdrawalAwaitingApproval,
  markWithdrawalPaid,
  returnWithdrawal,
} from '../cash/service';
import { fourEyesOn, proposeApproval } from './approvals';
import { assertAdmin, type Operator } from './service';

/**
 * The operator's side of the cash balance (src/domain/cash.ts), called by the console's routes
 * and the command line alike: deposits credited by their bank reference, withdrawals paid
 * (above FOUR_EYES_PAYMENT_THRESHOLD with a second admin's approval) or returned.
 */

export async function creditDeposit(
  ctx: AppContext,
  operator: Operator,
  body: DepositConfirmRequest,
): Promise<DepositConfirmResponse> {
  assertAdmin(operator, 'credit a deposit');
  return confirmDeposit(ctx, body, operator.label, operator.meta);
}

export async function listWithdrawals(
  ctx: AppContext,
  operator: Operator,
  state: WithdrawalState | null,
): Promise<OperatorWithdrawal[]> {
  assertAdmin(operator, 'see withdrawals');
  return listWithdrawalsForOperator(ctx, state);
}

/** Whether paying this amount out needs a second admin. */
export function withdrawalNeedsFourEyes(ctx: AppContext, amount: number): boolean {
  return fourEyesOn(ctx) && amount > ctx.config.FOUR_EYES_PAYMENT_THRESHOLD;
}

/**
 * Marks a withdrawal paid with the bank's reference. Above the four-eyes amount it is proposed
 * instead: the investor can no longer cancel it, and it is paid when another admin approves.
 */
export async function payWithdrawal(
  ctx: AppContext,
  operator: Operator,
  id: string,
  bankReference: string,
): Promise<OperatorWithdrawalResult> {
  assertAdmin(operator, 'pay a withdrawal');
  const row = await findWithdrawalRow(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', `There is no withdrawal ${id}.`);
  if (row.state !== 'PENDING') {
    throw new AppError('WITHDRAWAL_STATE_CONFLICT', `Withdrawal ${id} is ${row.state.toLowerCase()} already.`);
  }
  const reference = bankReference.trim();
  if (withdrawalNeedsFourEyes(ctx, Number(row.amount))) {
    const approval = await proposeApproval(ctx, operator, {
      payload: { kind: 'PAY_WITHDRAWAL', withdrawalId: id, bankReference: reference },
      summary: `Pay withdrawal ${id}: ${row.amount} ${row.currency} minor units to ${row.destination_label} (bank reference ${reference})`,
      productId: null,
      subjectUserId: row.user_id,
      idempotencyKey: `${id}:${reference}`,
    });
    await ctx.db.transaction().execute((trx) => markWithdrawalAwaitingApproval(trx, id, approval.id));
    return { status: 'PROPOSED', approval, withdrawal: await findWithdrawalForOperator(ctx, id) };
  }
  const withdrawal = await markWithdrawalPaid(ctx, id, reference, operator.label, operator.meta);
  return { status: 'APPLIED', approval: null, withdrawal };
}

/** Returns a withdrawal that cannot be paid: the held amount goes back to the available balance. */
export async function sendBackWithdrawal(
  ctx: AppContext,
  operator: Operator,
  id: string,
  reason: string,
): Promise<OperatorWithdrawalResult> {
  assertAdmin(operator, 'return a withdrawal');
  const text = reason.trim();
  if (!text) throw new AppError('VALIDATION_FAILED', 'Give the reason for returning the withdrawal.');
  const withdrawal = await returnWithdrawal(ctx, id, text, operator.label, operator.meta);
  return { status: 'APPLIED', approval: null, withdrawal };
}
