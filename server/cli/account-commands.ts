import { formatPlainAmount } from '../../src/domain/money';
import { TRACKING_MAX_LENGTH } from '../../src/domain/operator-people';
import type { AppContext } from '../context';
import { distributionCommitRequestSchema } from '../../src/domain/operator';
import { AppError } from '../errors';
import { listGiftClaims } from '../modules/account/gifts';
import { commitRevenueDistribution, newIdempotencyKey, previewRevenueDistribution } from '../modules/operator/actions';
import { shipGift } from '../modules/operator/people';
import type { Command } from './commands';
import { operatorOf, proposedLine } from './operator';

function parseWhole(value: string | undefined, label: string, min: number): number {
  const number = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(number) || number < min) {
    throw new AppError('VALIDATION_FAILED', `"${value ?? ''}" is not a valid ${label}.`);
  }
  return number;
}

const money = (ctx: AppContext, minor: number) => formatPlainAmount(minor, ctx.config.CURRENCY);

/** Operator commands of the account area: revenue distributions and gift claims. */
export const accountCommands: Record<string, Command> = {
  'revenue:distribute': {
    args: '<productId> <amount> <recordDate> [memo…] [--new] [--key <key>] [--pay-date <YYYY-MM-DD>] [--as <email>]',
    summary:
      'Share an amount (minor units, e.g. cents) among holders at the record date (YYYY-MM-DD); four eyes. --new allows the same project, date and amount again; --key makes a retry commit once; --pay-date sets the day it is paid (14 days after the record date by default)',
    run: async (ctx: AppContext, args) => {
      const { operator, rest } = await operatorOf(ctx, args);
      const flags = new Set(rest.filter((arg) => arg === '--new'));
      const keyAt = rest.indexOf('--key');
      const key = keyAt >= 0 ? (rest[keyAt + 1] ?? '') : newIdempotencyKey();
      if (keyAt >= 0 && !/^[A-Za-z0-9._:-]{8,100}$/.test(key)) {
        throw new AppError('VALIDATION_FAILED', 'The --key must be 8–100 letters, digits or ._:-');
      }
      const payDateAt = rest.indexOf('--pay-date');
      const payDate = payDateAt >= 0 ? (rest[payDateAt + 1] ?? '') : undefined;
      const isOption = (index: number) =>
        (keyAt >= 0 && (index === keyAt || index === keyAt + 1)) ||
        (payDateAt >= 0 && (index === payDateAt || index === payDateAt + 1));
      const words = rest.filter((arg, index) => arg !== '--new' && !isOption(index));
      const [productId, amount, recordDate, ...memo] = words;
      const request = {
        productId: parseWhole(productId, 'project id', 1),
        amount: parseWhole(amount, 'amount in minor units', 1),
        recordDate: recordDate ?? '',
        memo: memo.join(' ').trim() || undefined,
        isNewDistribution: flags.has('--new'),
        ...(payDate === undefined ? {} : { payDate }),
      };
      // The console's own check of the request, so the command line takes nothing it would refuse.
      const checked = distributionCommitRequestSchema.safeParse(request);
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        throw new AppError('VALIDATION_FAILED', `${issue.path.join('.') || 'request'}: ${issue.message}`);
      }
      const preview = await previewRevenueDistribution(ctx, operator, request);
      const outcome = await commitRevenueDistribution(ctx, operator, request, key);
      const shares = preview.shares.map(
        (share) => `  ${share.userId}  ${share.balance} tokens  ${money(ctx, share.amount)}`,
      );
      if (outcome.approval) return [proposedLine(outcome.approval), 'Shares if approved now:', ...shares].join('\n');
      const result = outcome.distribution!;
      return [
        `Distribution ${result.distributionId}: ${money(ctx, result.amount)} to ${result.holders} holders, paid on ${result.paysAt.slice(0, 10)}.${result.isReplay ? ' (already committed with this key)' : ''}`,
        ...shares,
      ].join('\n');
    },
  },
  'gift:list': {
    args: '[REQUESTED|SHIPPED|REVEALED]',
    summary: 'List gift claims (by default those waiting to be shipped)',
    run: async (ctx: AppContext, [state]) => {
      const wanted = state ?? 'REQUESTED';
      if (!['REQUESTED', 'SHIPPED', 'REVEALED'].includes(wanted)) {
        throw new AppError('VALIDATION_FAILED', 'The state must be REQUESTED, SHIPPED or REVEALED.');
      }
      const rows = await listGiftClaims(ctx, wanted as 'REQUESTED' | 'SHIPPED' | 'REVEALED');
      if (!rows.length) return `No gift claims are ${wanted.toLowerCase()}.`;
      return rows
        .map((row) =>
          [
            row.id,
            row.claimed_at,
            `project ${row.product_id}`,
            row.title,
            row.email ?? '',
            row.recipient_name ? `to ${row.recipient_name}, ${row.delivery_address}, ${row.phone}` : '',
            row.tracking ? `tracking ${row.tracking}` : '',
          ]
            .filter(Boolean)
            .join('  '),
        )
        .join('\n');
    },
  },
  'gift:ship': {
    args: '<claimId> [tracking…] [--as <email>]',
    summary: 'Mark a physical gift as shipped, with an optional tracking note',
    run: async (ctx: AppContext, args) => {
      const { operator, rest } = await operatorOf(ctx, args);
      const [id, ...tracking] = rest;
      if (!id) throw new AppError('VALIDATION_FAILED', 'Give the claim id (see gift:list).');
      const note = tracking.join(' ').trim();
      if (note.length > TRACKING_MAX_LENGTH) {
        throw new AppError('VALIDATION_FAILED', `The tracking note is longer than ${TRACKING_MAX_LENGTH} characters.`);
      }
      await shipGift(ctx, operator, id, note || null);
      return `Gift claim ${id} is marked shipped.`;
    },
  },
};
