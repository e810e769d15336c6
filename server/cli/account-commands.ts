import type { AppContext } from '../context';
import { AppError } from '../errors';
import { distributeRevenue, listGiftClaims, shipGiftClaim } from '../modules/account/service';
import type { Command } from './commands';

const OPERATOR_META = { ip: 'operator', userAgent: 'Moa operator command' };

function parseWhole(value: string | undefined, label: string, min: number): number {
  const number = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(number) || number < min) {
    throw new AppError('VALIDATION_FAILED', `"${value ?? ''}" is not a valid ${label}.`);
  }
  return number;
}

const money = (ctx: AppContext, minor: number) => `${(minor / 100).toFixed(2)} ${ctx.config.CURRENCY}`;

/** Operator commands of the account area: revenue distributions and gift claims. */
export const accountCommands: Record<string, Command> = {
  'revenue:distribute': {
    args: '<productId> <amount> <recordDate> [memo…]',
    summary: 'Share an amount (minor units, e.g. cents) among holders at the record date (YYYY-MM-DD)',
    run: async (ctx: AppContext, [productId, amount, recordDate, ...memo]) => {
      const result = await distributeRevenue(ctx.db, {
        productId: parseWhole(productId, 'project id', 1),
        amount: parseWhole(amount, 'amount in minor units', 1),
        recordDate: recordDate ?? '',
        memo: memo.join(' ').trim() || null,
        currency: ctx.config.CURRENCY,
        createdBy: 'operator (command line)',
        now: ctx.now(),
      });
      return [
        `Distribution ${result.distributionId}: ${money(ctx, result.amount)} to ${result.holders} holders, paid on ${result.paysAt.slice(0, 10)}.`,
        ...result.shares.map((share) => `  ${share.userId}  ${share.balance} tokens  ${money(ctx, share.amount)}`),
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
    args: '<claimId> [tracking…]',
    summary: 'Mark a physical gift as shipped',
    run: async (ctx: AppContext, [id, ...tracking]) => {
      if (!id) throw new AppError('VALIDATION_FAILED', 'Give the claim id (see gift:list).');
      await shipGiftClaim(ctx, id, tracking.join(' ').trim() || null, OPERATOR_META);
      return `Gift claim ${id} is marked shipped.`;
    },
  },
};
