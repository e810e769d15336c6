import type { AppContext } from '../context';
import { AppError } from '../errors';
import { findPendingWhitelistRequests } from '../modules/products/repository';
import { allowProductForUser } from '../modules/products/service';
import { findUserByEmail } from '../modules/users/repository';
import { banUser, unbanUser } from '../modules/users/service';

/** How an operator's command appears in the user's account activity. */
const OPERATOR_META = { ip: 'operator', userAgent: 'Moa operator command' };

export interface Command {
  args: string;
  summary: string;
  run: (ctx: AppContext, args: string[]) => Promise<string>;
}

function parseProductId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) throw new AppError('VALIDATION_FAILED', `"${value ?? ''}" is not a project id.`);
  return id;
}

async function userIdByEmail(ctx: AppContext, email: string | undefined): Promise<string> {
  if (!email) throw new AppError('VALIDATION_FAILED', 'Give the user’s email address.');
  const user = await findUserByEmail(ctx.db, email.trim().toLowerCase());
  if (!user) throw new AppError('NOT_FOUND', `No user with the email ${email}.`);
  return user.id;
}

export const commands: Record<string, Command> = {
  'user:ban': {
    args: '<email> <reason…>',
    summary: 'Ban a user: they can sign in and read, every action is refused',
    run: async (ctx, [email, ...reason]) => {
      const text = reason.join(' ').trim();
      if (!text) throw new AppError('VALIDATION_FAILED', 'Give the reason the user will see.');
      await banUser(ctx, await userIdByEmail(ctx, email), text, OPERATOR_META);
      return `Banned ${email}: ${text}. Their sessions were ended.`;
    },
  },
  'user:unban': {
    args: '<email>',
    summary: 'Lift a ban',
    run: async (ctx, [email]) => {
      await unbanUser(ctx, await userIdByEmail(ctx, email), OPERATOR_META);
      return `Lifted the ban on ${email}.`;
    },
  },
  'whitelist:list': {
    args: '',
    summary: 'List access requests for restricted projects that wait for an answer',
    run: async (ctx) => {
      const rows = await findPendingWhitelistRequests(ctx.db);
      if (!rows.length) return 'No access requests are waiting.';
      return rows
        .map(
          (row) => `${row.requested_at}  project ${row.product_id} (${row.product_name})  ${row.email ?? row.user_id}`,
        )
        .join('\n');
    },
  },
  'whitelist:allow': {
    args: '<email> <productId>',
    summary: 'Allow a user to see and invest in a restricted project',
    run: async (ctx, [email, productId]) => {
      const id = parseProductId(productId);
      const userId = await userIdByEmail(ctx, email);
      const ids = await allowProductForUser(ctx, id, userId, 'operator (command line)');
      return `Allowed ${email} on project ${id}. Allowed projects now: ${ids.allowedProductIds.join(', ') || 'none'}.`;
    },
  },
};
