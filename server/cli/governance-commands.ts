import type { AppContext } from '../context';
import { AppError } from '../errors';
import { closeDueVotings } from '../modules/governance/closing';
import { listSellers, setProductSeller } from '../modules/products/sellers';
import {
  cancelProposalAs,
  closeAgendaAs,
  hidePostAs,
  openAgendaAs,
  pinNoticeAs,
  postNoticeAs,
  restorePostAs,
} from '../modules/operator/governance-actions';
import { findUserByEmailAddress } from '../modules/users/service';
import type { Command } from './commands';
import { operatorOf } from './operator';

function parseId(value: string | undefined, what: string): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) throw new AppError('VALIDATION_FAILED', `"${value ?? ''}" is not ${what}.`);
  return id;
}

function parsePercent(value: string | undefined, what: string, min: number): number {
  const percent = Number(value);
  if (!Number.isInteger(percent) || percent < min || percent > 100) {
    throw new AppError('VALIDATION_FAILED', `The ${what} must be a whole percentage from ${min} to 100.`);
  }
  return percent;
}

/** An ISO time, or +<n>m / +<n>h / +<n>d from now. */
function parseEnd(ctx: AppContext, value: string | undefined): string {
  const relative = /^\+(\d+)([mhd])$/.exec(value ?? '');
  if (relative) {
    const minutes = Number(relative[1]) * { m: 1, h: 60, d: 1440 }[relative[2] as 'm' | 'h' | 'd'];
    return new Date(ctx.now().getTime() + minutes * 60_000).toISOString();
  }
  const time = Date.parse(value ?? '');
  if (Number.isNaN(time)) throw new AppError('VALIDATION_FAILED', 'Give the end as an ISO time or +30m, +12h, +7d.');
  return new Date(time).toISOString();
}

/** Takes the --flags (with a value for those named in `valued`) out of the arguments. */
function takeFlags(args: string[], valued: string[] = []) {
  const flags = new Map<string, string>();
  const rest: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (!arg.startsWith('--')) rest.push(arg);
    else if (valued.includes(arg)) flags.set(arg, args[(index += 1)] ?? '');
    else flags.set(arg, 'true');
  }
  return { flags, rest };
}

/** The account named by --seller <email>, if any (the service checks it sells the project). */
async function sellerOf(ctx: AppContext, flags: Map<string, string>): Promise<string | null> {
  if (!flags.has('--seller')) return null;
  const email = flags.get('--seller') ?? '';
  if (!email || email === 'true') throw new AppError('VALIDATION_FAILED', 'Give the seller’s email after --seller.');
  const user = await findUserByEmailAddress(ctx, email);
  if (!user) throw new AppError('NOT_FOUND', `No user with the email ${email}.`);
  return user.id;
}

/** Operator commands of governance: notices, agendas, proposals and community moderation. */
export const governanceCommands: Record<string, Command> = {
  'notice:post': {
    args: '<productId> [--pin] [--seller <email>] [--agenda <agendaId>] <title> <text…> [--as <email>]',
    summary:
      'Post a notice to a project’s holders (as the operator, or for a seller of the project), pinned with --pin',
    run: async (ctx, args) => {
      const { operator, rest: named } = await operatorOf(ctx, args);
      const { flags, rest } = takeFlags(named, ['--agenda', '--seller']);
      const [productId, title, ...words] = rest;
      const id = await postNoticeAs(ctx, operator, {
        productId: parseId(productId, 'a project id'),
        title: title ?? '',
        body: words.join(' '),
        isPinned: flags.has('--pin'),
        sellerUserId: await sellerOf(ctx, flags),
        agendaId: flags.has('--agenda') ? parseId(flags.get('--agenda'), 'an agenda id') : null,
      });
      return `Posted notice ${id} to project ${productId}.`;
    },
  },
  'notice:pin': {
    args: '<noticeId> [--off] [--as <email>]',
    summary: 'Pin a notice to the top of its project’s list (--off unpins it)',
    run: async (ctx, args) => {
      const { operator, rest: named } = await operatorOf(ctx, args);
      const { flags, rest } = takeFlags(named);
      const id = parseId(rest[0], 'a notice id');
      const isPinned = !flags.has('--off');
      const changed = await pinNoticeAs(ctx, operator, id, isPinned);
      const state = isPinned ? 'pinned' : 'not pinned';
      return changed ? `Notice ${id} is now ${state}.` : `Notice ${id} was already ${state}.`;
    },
  },
  'agenda:open': {
    args: '<productId> <end: ISO or +12h> <quorum%> <threshold%> [--results-visible] [--seller <email>] <title> <text> <option> <option>… [--as <email>]',
    summary: 'Open an agenda for the project’s holders to vote on, weighted by their holdings now',
    run: async (ctx, args) => {
      const { operator, rest: named } = await operatorOf(ctx, args);
      const { flags, rest } = takeFlags(named, ['--seller']);
      const [productId, end, quorum, threshold, title, body, ...options] = rest;
      const id = await openAgendaAs(ctx, operator, {
        productId: parseId(productId, 'a project id'),
        title: title ?? '',
        body: body ?? '',
        options,
        endsAt: parseEnd(ctx, end),
        quorumPercent: parsePercent(quorum, 'quorum', 0),
        thresholdPercent: parsePercent(threshold, 'threshold', 1),
        resultsVisibleBeforeClose: flags.has('--results-visible'),
        sellerUserId: await sellerOf(ctx, flags),
      });
      return `Opened agenda ${id} in project ${productId}.`;
    },
  },
  'agenda:close': {
    args: '<agendaId> [--as <email>]',
    summary: 'Close an agenda now and record its outcome',
    run: async (ctx, args) => {
      const { operator, rest } = await operatorOf(ctx, args);
      const id = parseId(rest[0], 'an agenda id');
      await closeAgendaAs(ctx, operator, id);
      return `Closed agenda ${id}.`;
    },
  },
  'proposal:cancel': {
    args: '<proposalId> <reason…> [--as <email>]',
    summary: 'Cancel an open proposal (no outcome is recorded)',
    run: async (ctx, args) => {
      const { operator, rest } = await operatorOf(ctx, args);
      const [proposalId, ...reason] = rest;
      const id = parseId(proposalId, 'a proposal id');
      await cancelProposalAs(ctx, operator, id, reason.join(' '));
      return `Cancelled proposal ${id}.`;
    },
  },
  'community:hide': {
    args: '<postId> <reason…> [--as <email>]',
    summary: 'Hide a community thread or answer; its author sees the reason',
    run: async (ctx, args) => {
      const { operator, rest } = await operatorOf(ctx, args);
      const [postId, ...reason] = rest;
      const id = parseId(postId, 'a post id');
      const hidden = await hidePostAs(ctx, operator, id, reason.join(' '));
      return hidden ? `Hid post ${id}.` : `Post ${id} was already hidden.`;
    },
  },
  'community:restore': {
    args: '<postId> [note…] [--as <email>]',
    summary: 'Show a hidden community post again; its reports are settled and its author is told',
    run: async (ctx, args) => {
      const { operator, rest } = await operatorOf(ctx, args);
      const [postId, ...note] = rest;
      const id = parseId(postId, 'a post id');
      const restored = await restorePostAs(ctx, operator, id, note.join(' ').trim() || null);
      return restored ? `Restored post ${id}.` : `Post ${id} was not hidden.`;
    },
  },
  'seller:assign': {
    args: '<email> <productId> [--as <email>]',
    summary: 'Let a SELLER account act in a project it sells (notices, answers as the seller, agendas)',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [email, productId],
      } = await operatorOf(ctx, args);
      const id = parseId(productId, 'a project id');
      if (!email) throw new AppError('VALIDATION_FAILED', 'Give the seller’s email address.');
      const changed = await setProductSeller(
        ctx,
        { email, productId: id, assigned: true, operator: operator.label },
        operator.meta,
      );
      return changed ? `${email} now sells project ${id}.` : `${email} already sells project ${id}.`;
    },
  },
  'seller:unassign': {
    args: '<email> <productId> [--as <email>]',
    summary: 'Take a project away from a seller account',
    run: async (ctx, args) => {
      const {
        operator,
        rest: [email, productId],
      } = await operatorOf(ctx, args);
      const id = parseId(productId, 'a project id');
      if (!email) throw new AppError('VALIDATION_FAILED', 'Give the seller’s email address.');
      const changed = await setProductSeller(
        ctx,
        { email, productId: id, assigned: false, operator: operator.label },
        operator.meta,
      );
      return changed ? `${email} no longer sells project ${id}.` : `${email} did not sell project ${id}.`;
    },
  },
  'seller:list': {
    args: '<productId>',
    summary: 'The seller accounts of a project',
    run: async (ctx, [productId]) => {
      const rows = await listSellers(ctx, parseId(productId, 'a project id'));
      if (!rows.length) return `Project ${productId} has no sellers.`;
      return rows.map((row) => `${row.assigned_at}  ${row.email ?? '-'}  [${row.role}]`).join('\n');
    },
  },
  'governance:close-due': {
    args: '',
    summary: 'Close every proposal and agenda whose voting window has ended',
    run: async (ctx) => `Closed ${await closeDueVotings(ctx)} vote(s).`,
  },
};
