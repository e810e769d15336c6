import { withdrawalStates, type OperatorWithdrawalResult, type WithdrawalState } from '../../src/domain/cash';
import { AppError } from '../errors';
import { setRevenueWithholding, sweepRevenueIntoBalances } from '../modules/cash/service';
import { creditDeposit, listWithdrawals, payWithdrawal, sendBackWithdrawal } from '../modules/operator/cash-actions';
import type { Command } from './commands';
import { operatorOf, proposedLine } from './operator';

function amountOf(value: string | undefined): number {
  const amount = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(amount) || amount < 1) {
    throw new AppError(
      'VALIDATION_FAILED',
      `"${value ?? ''}" is not an amount in minor units (a whole number above 0).`,
    );
  }
  return amount;
}

function resultLine(result: OperatorWithdrawalResult): string {
  if (result.approval) return proposedLine(result.approval);
  const { withdrawal } = result;
  return `Withdrawal ${withdrawal.id}: ${withdrawal.state} (${withdrawal.amount} ${withdrawal.currency} minor units to ${withdrawal.destination.label}).`;
}

/** The cash balance from the command line: deposits credited, withdrawals paid or returned. */
export const cashCommands: Record<string, Command> = {
  'deposit:confirm': {
    args: '<depositReference> <amount> [bankReference] [--as <email>]',
    summary: 'Credit a transfer to the investor with this deposit reference (each bank reference once)',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [depositReference, amount, bankReference],
      } = await operatorOf(ctx, args);
      if (!depositReference) throw new AppError('VALIDATION_FAILED', 'Give the deposit reference (MOA…).');
      const result = await creditDeposit(ctx, operator, {
        depositReference,
        amount: amountOf(amount),
        ...(bankReference ? { bankReference } : {}),
      });
      return result.credited
        ? `Credited ${result.amount} ${result.currency} minor units (bank reference ${result.bankReference}, entry ${result.entryId}).`
        : `Bank reference ${result.bankReference} was already credited (entry ${result.entryId}); nothing changed.`;
    },
  },
  'withdrawal:list': {
    args: '[PENDING|PAID|RETURNED|CANCELLED] [--as <email>]',
    summary: 'List withdrawals, oldest first, with where to pay them (by default those pending)',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [state],
      } = await operatorOf(ctx, args);
      const wanted = state ?? 'PENDING';
      if (!(withdrawalStates as readonly string[]).includes(wanted)) {
        throw new AppError('VALIDATION_FAILED', `The state must be one of ${withdrawalStates.join(', ')}.`);
      }
      const rows = await listWithdrawals(ctx, operator, wanted as WithdrawalState);
      if (!rows.length) return `No ${wanted.toLowerCase()} withdrawals.`;
      return rows
        .map((row) =>
          [
            row.id,
            row.state,
            row.createdAt,
            row.email ?? row.userId,
            `${row.amount} ${row.currency}`,
            `${row.destination.type} ${row.payTo}`,
            row.awaitingApproval ? 'awaiting approval' : '',
          ]
            .filter(Boolean)
            .join('  '),
        )
        .join('\n');
    },
  },
  'withdrawal:paid': {
    args: '<id> <bankReference> [--as <email>]',
    summary: 'Mark a withdrawal paid with the bank’s reference (above the four-eyes amount: proposed)',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [id, bankReference],
      } = await operatorOf(ctx, args);
      if (!id || !bankReference)
        throw new AppError('VALIDATION_FAILED', 'Give the withdrawal id and the bank reference.');
      return resultLine(await payWithdrawal(ctx, operator, id, bankReference));
    },
  },
  'withdrawal:return': {
    args: '<id> <reason…> [--as <email>]',
    summary: 'Return a withdrawal that cannot be paid: the amount goes back to the balance',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [id, ...words],
      } = await operatorOf(ctx, args);
      const reason = words.join(' ').trim();
      if (!id || !reason) throw new AppError('VALIDATION_FAILED', 'Give the withdrawal id and the reason.');
      return resultLine(await sendBackWithdrawal(ctx, operator, id, reason));
    },
  },
  'revenue:sweep': {
    args: '',
    summary:
      'Pay every revenue share whose pay date has come into its holder’s balance now, each once (the API processes do it every REVENUE_SWEEP_SECONDS)',
    run: async (ctx) => {
      let paid = 0;
      for (let batch = await sweepRevenueIntoBalances(ctx); batch > 0; batch = await sweepRevenueIntoBalances(ctx)) {
        paid += batch;
      }
      return paid ? `Paid ${paid} revenue share${paid === 1 ? '' : 's'} into balances.` : 'No revenue share is due.';
    },
  },
  'revenue:withholding': {
    args: '<productId> <basisPoints> [--as <email>]',
    summary:
      'Set what a project withholds of each revenue share paid into balances from now on, in basis points (1500 = 15 %; 0 = none, the default)',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [productId, bps],
      } = await operatorOf(ctx, args);
      const id = Number(productId);
      if (!productId || !/^\d+$/.test(productId) || !Number.isSafeInteger(id) || id < 1) {
        throw new AppError('VALIDATION_FAILED', 'Give the project id.');
      }
      if (!bps || !/^\d+$/.test(bps)) {
        throw new AppError('VALIDATION_FAILED', 'Give the withholding in basis points (a whole number).');
      }
      const result = await setRevenueWithholding(ctx, id, Number(bps), operator.label, operator.meta);
      return `Project ${result.productId} withholds ${result.bps} basis points of each revenue share paid in from now on (was ${result.previous}).`;
    },
  },
};
