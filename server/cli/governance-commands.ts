import type { AppContext } from '../context';
import { AppError } from '../errors';
import {
  cancelProposal,
  closeDueVotings,
  closeVoting,
  hideCommunityPost,
  listSellers,
  openAgenda,
  postNotice,
  setProductSeller,
} from '../modules/governance/service';
import { findUserByEmailAddress } from '../modules/users/service';
import { MAX_OPTIONS, MIN_OPTIONS } from '../../src/domain/governance';
import type { Command } from './commands';

const OPERATOR_META = { ip: 'operator', userAgent: 'Moa operator command' };

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

/** Who acted, as recorded in the audit detail. */
function operatorName(): string {
  return `operator:${process.env.MOA_OPERATOR ?? process.env.USER ?? 'command line'}`;
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
    args: '<productId> [--pin] [--seller <email>] [--agenda <agendaId>] <title> <text…>',
    summary:
      'Post a notice to a project’s holders (as the operator, or for a seller of the project), pinned with --pin',
    run: async (ctx, args) => {
      const { flags, rest } = takeFlags(args, ['--agenda', '--seller']);
      const [productId, title, ...words] = rest;
      const id = await postNotice(
        ctx,
        {
          productId: parseId(productId, 'a project id'),
          title: title ?? '',
          body: words.join(' '),
          isPinned: flags.has('--pin'),
          sellerUserId: await sellerOf(ctx, flags),
          agendaId: flags.has('--agenda') ? parseId(flags.get('--agenda'), 'an agenda id') : null,
        },
        OPERATOR_META,
      );
      return `Posted notice ${id} to project ${productId}.`;
    },
  },
  'agenda:open': {
    args: '<productId> <end: ISO or +12h> <quorum%> <threshold%> [--results-visible] [--seller <email>] <title> <text> <option> <option>…',
    summary: 'Open an agenda for the project’s holders to vote on, weighted by their holdings now',
    run: async (ctx, args) => {
      const { flags, rest } = takeFlags(args, ['--seller']);
      const [productId, end, quorum, threshold, title, body, ...options] = rest;
      if (options.length < MIN_OPTIONS || options.length > MAX_OPTIONS) {
        throw new AppError('VALIDATION_FAILED', `Give ${MIN_OPTIONS} to ${MAX_OPTIONS} options (abstain is added).`);
      }
      if (!title?.trim() || !body?.trim()) throw new AppError('VALIDATION_FAILED', 'Give a title and a text.');
      const id = await openAgenda(
        ctx,
        {
          productId: parseId(productId, 'a project id'),
          title: title.trim(),
          body,
          options: options.map((option) => option.trim()),
          endsAt: parseEnd(ctx, end),
          quorumPercent: parsePercent(quorum, 'quorum', 0),
          thresholdPercent: parsePercent(threshold, 'threshold', 1),
          resultsVisibleBeforeClose: flags.has('--results-visible'),
          sellerUserId: await sellerOf(ctx, flags),
        },
        OPERATOR_META,
      );
      return `Opened agenda ${id} in project ${productId}.`;
    },
  },
  'agenda:close': {
    args: '<agendaId>',
    summary: 'Close an agenda now and record its outcome',
    run: async (ctx, [agendaId]) => {
      const id = parseId(agendaId, 'an agenda id');
      const closed = await closeVoting(ctx, id, {
        actor: 'operator',
        by: 'operator',
        meta: OPERATOR_META,
        onlyIfDue: false,
        kind: 'AGENDA',
      });
      if (!closed) throw new AppError('VOTING_CLOSED', `Agenda ${id} is not open.`);
      return `Closed agenda ${id}.`;
    },
  },
  'proposal:cancel': {
    args: '<proposalId> <reason…>',
    summary: 'Cancel an open proposal (no outcome is recorded)',
    run: async (ctx, [proposalId, ...reason]) => {
      const id = parseId(proposalId, 'a proposal id');
      await cancelProposal(ctx, id, reason.join(' '), OPERATOR_META);
      return `Cancelled proposal ${id}.`;
    },
  },
  'community:hide': {
    args: '<postId> <reason…>',
    summary: 'Hide a community thread or answer',
    run: async (ctx, [postId, ...reason]) => {
      const id = parseId(postId, 'a post id');
      const hidden = await hideCommunityPost(ctx, id, reason.join(' '), OPERATOR_META);
      return hidden ? `Hid post ${id}.` : `Post ${id} was already hidden.`;
    },
  },
  'seller:assign': {
    args: '<email> <productId>',
    summary: 'Let a SELLER account act in a project it sells (notices, answers as the seller, agendas)',
    run: async (ctx, [email, productId]) => {
      const id = parseId(productId, 'a project id');
      if (!email) throw new AppError('VALIDATION_FAILED', 'Give the seller’s email address.');
      const changed = await setProductSeller(
        ctx,
        { email, productId: id, assigned: true, operator: operatorName() },
        OPERATOR_META,
      );
      return changed ? `${email} now sells project ${id}.` : `${email} already sells project ${id}.`;
    },
  },
  'seller:unassign': {
    args: '<email> <productId>',
    summary: 'Take a project away from a seller account',
    run: async (ctx, [email, productId]) => {
      const id = parseId(productId, 'a project id');
      if (!email) throw new AppError('VALIDATION_FAILED', 'Give the seller’s email address.');
      const changed = await setProductSeller(
        ctx,
        { email, productId: id, assigned: false, operator: operatorName() },
        OPERATOR_META,
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
