import type { Kysely } from 'kysely';
import type { AuditActor } from '../../../src/domain/auth';
import {
  ABSTAIN,
  resultsVisible,
  sourceOfRole,
  tallyVotes,
  type AuthorSource,
  type BallotItem,
  type BallotItemList,
  type ProposalRequest,
  type VoteRequest,
  type VotingKind,
} from '../../../src/domain/governance';
import { agendaFieldsSchema } from '../../../src/domain/operator-governance';
import type { AppContext, RequestMeta } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../plugins/error-handler';
import { appendAuditEvent } from '../audit/repository';
import type { Caller } from '../auth/service';
import { lockLedgerForSnapshot } from '../holdings/service';
import { budgetKey, spendBudgets } from '../limits/service';
import type { UserRecord } from '../users/records-repository';
import { accessOf, assertMayAct, requireSection, requireSellerOf, sectionAccess } from './access';
import { onProposalCreated } from './events';
import { checkedInput, cleanBody, OPERATOR_NAME, SELLER_NAME, type ActingOperator } from './input';
import {
  claimOpenVoting,
  countOpenProposals,
  findGovernanceProduct,
  findSections,
  findVoting,
  findVotingItem,
  insertBallot,
  insertVoting,
  listVotingItems,
  lockProposalAuthor,
  readLedgerMark,
  type VotingItemRow,
} from './repository';

type Db = Kysely<Database>;

/**
 * Proposals (opened by holders) and agendas (opened by the operator or the project's seller): their
 * lists, opening at the ledger's mark, and ballots. Closing and cancelling are in closing.ts.
 */

/** The project a voting item belongs to (the console checks a seller's reach by it). */
export async function projectOfVoting(ctx: AppContext, id: number, kind: VotingKind): Promise<number> {
  const row = await findVoting(ctx.db, id);
  if (!row || row.kind !== kind) {
    throw new AppError('NOT_FOUND', kind === 'PROPOSAL' ? `No proposal ${id}.` : `No agenda ${id}.`);
  }
  return Number(row.product_id);
}

const SECTION_OF: Record<VotingKind, 'PROPOSAL' | 'AGENDA'> = { PROPOSAL: 'PROPOSAL', AGENDA: 'AGENDA' };

function toBallotItem(row: VotingItemRow): BallotItem {
  const labels = JSON.parse(row.options) as string[];
  const visible = resultsVisible({
    status: row.status,
    resultsVisibleBeforeClose: row.results_visible_before_close === 1,
  });
  const tally = visible
    ? tallyVotes({
        optionCount: labels.length,
        ballots: row.sums,
        totalPower: Number(row.total_power),
        quorumPercent: row.quorum_percent,
        thresholdPercent: row.threshold_percent,
      })
    : null;
  const closed = row.status === 'CLOSED' && row.outcome !== null;
  return {
    id: Number(row.id),
    kind: row.kind,
    productId: Number(row.product_id),
    title: row.title,
    body: row.body,
    author: { name: row.author_name, source: row.author_source, badge: null },
    options: labels.map((label, index) => ({ choice: index + 1, label, weight: tally?.optionWeights[index] ?? null })),
    status: row.status,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    snapshotAt: row.snapshot_at,
    quorumPercent: row.quorum_percent,
    thresholdPercent: row.threshold_percent,
    resultsVisibleBeforeClose: row.results_visible_before_close === 1,
    totalPower: Number(row.total_power),
    results: tally
      ? {
          abstainWeight: tally.abstainWeight,
          participatingWeight: tally.participatingWeight,
          quorumReached: tally.quorumReached,
          // Once closed, the recorded outcome is the answer; before, the standing of the count.
          winningOption: closed
            ? row.winning_option === null
              ? null
              : Number(row.winning_option)
            : tally.winningOption,
          outcome: closed ? row.outcome! : tally.outcome,
        }
      : null,
    closedAt: row.closed_at,
    myPower: Number(row.my_power ?? 0),
    myBallot:
      row.my_choice !== null && row.my_choice !== undefined
        ? { choice: Number(row.my_choice), weight: Number(row.my_weight), castAt: row.my_cast_at! }
        : null,
  };
}

/** One item as the user sees it, in one statement. */
async function ballotItemOf(db: Db, id: number, user: UserRecord): Promise<BallotItem> {
  const row = await findVotingItem(db, id, user.id);
  if (!row) throw new AppError('NOT_FOUND', 'No such item.');
  return toBallotItem(row);
}

export async function getVotings(
  ctx: AppContext,
  caller: Caller,
  productId: number,
  kind: VotingKind,
): Promise<BallotItemList> {
  const { user } = caller;
  const access = await accessOf(ctx.db, caller, productId);
  const section = access.sections.find((candidate) => candidate.type === SECTION_OF[kind]);
  if (!section) throw new AppError('NOT_FOUND', 'This project has no such section.');
  const info = sectionAccess(section, access.viewer);
  // The items with the reader's power, ballot and the sums, in one statement however many.
  const rows = info.unlocked ? await listVotingItems(ctx.db, productId, kind, user.id) : [];
  return {
    section: info,
    items: rows.map(toBallotItem),
    proposalMinTokens: ctx.config.GOVERNANCE_PROPOSAL_MIN_TOKENS,
    balance: access.viewer.balance,
  };
}

async function visibleVoting(ctx: AppContext, caller: Caller, productId: number, kind: VotingKind, id: number) {
  const access = await accessOf(ctx.db, caller, productId);
  requireSection(access, SECTION_OF[kind]);
  const row = await findVotingItem(ctx.db, id, caller.user.id);
  if (!row || row.kind !== kind || Number(row.product_id) !== productId) {
    throw new AppError('NOT_FOUND', kind === 'PROPOSAL' ? 'No such proposal.' : 'No such agenda.');
  }
  return { access, row };
}

export async function getVoting(ctx: AppContext, caller: Caller, productId: number, kind: VotingKind, id: number) {
  const { row } = await visibleVoting(ctx, caller, productId, kind, id);
  return toBallotItem(row);
}

function checkWindow(ctx: AppContext, endsAt: string, now: Date) {
  const minutes = (Date.parse(endsAt) - now.getTime()) / 60_000;
  const min = ctx.config.GOVERNANCE_VOTE_MIN_MINUTES;
  const maxDays = ctx.config.GOVERNANCE_VOTE_MAX_DAYS;
  if (!(minutes >= min) || minutes > maxDays * 24 * 60) {
    throw new AppError('VALIDATION_FAILED', `The vote must end between ${min} minutes and ${maxDays} days from now.`);
  }
}

interface NewVoting {
  kind: VotingKind;
  productId: number;
  productName: string;
  title: string;
  body: string;
  options: string[];
  endsAt: string;
  quorumPercent: number;
  thresholdPercent: number;
  resultsVisibleBeforeClose: boolean;
  author: { userId: string | null; name: string; source: AuthorSource };
}

/**
 * The caps on open proposals (docs/decisions/1704-voting-power-rows-and-proposal-caps.md): an
 * account's across every project, and a project's from every account. Read in the transaction
 * that opens the proposal, after the locks that make it the only one counting them.
 */
async function assertProposalRoom(ctx: AppContext, db: Db, productId: number, authorUserId: string, at: string) {
  const perAccount = ctx.config.GOVERNANCE_OPEN_PROPOSALS_PER_ACCOUNT;
  if ((await countOpenProposals(db, { authorUserId }, at)) >= perAccount) {
    throw new AppError(
      'PROPOSAL_LIMIT_REACHED',
      `You already have ${perAccount} open proposals, the most one account may have open at once. Open another when one of them has closed.`,
    );
  }
  const perProject = ctx.config.GOVERNANCE_OPEN_PROPOSALS_PER_PROJECT;
  if ((await countOpenProposals(db, { productId }, at)) >= perProject) {
    throw new AppError(
      'PROPOSAL_LIMIT_REACHED',
      `This project already has ${perProject} open proposals, the most it may have open at once. Open yours when one of them has closed.`,
    );
  }
}

/**
 * Opens a proposal or agenda. Its snapshot is the moment of opening, ordered against the
 * project's ledger writes by the ledger's lock: the item records the ledger's mark (the id of
 * the project's last entry, every entry up to it committed, every later one above it) and the
 * quorum's base, the sum of the holders' balances there. A holder's power is the sum of their
 * entries up to the mark, read when needed (ballots, lists, the notifications' audience), so
 * it never changes after the opening, and no row per holder is written
 * (docs/decisions/1824-voting-power-as-of-the-ledger-mark.md).
 * A proposal first takes its author's lock and checks the caps on open proposals under it.
 */
async function openVoting(
  ctx: AppContext,
  input: NewVoting,
  actor: AuditActor,
  meta: RequestMeta,
  byLabel?: string,
): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const author = input.kind === 'PROPOSAL' ? input.author.userId : null;
    // Always the author's lock before the project's ledger lock, so two openings never wait on each other in a circle.
    if (author) await lockProposalAuthor(trx, author);
    await lockLedgerForSnapshot(trx, input.productId);
    // The moment the ledger is seen: every entry committed before it, none after.
    const at = ctx.now().toISOString();
    if (author) await assertProposalRoom(ctx, trx, input.productId, author, at);
    // Where the ledger stands now, and every holder's balance there summed: the quorum's base.
    const { mark, totalPower } = await readLedgerMark(trx, input.productId);
    const id = await insertVoting(trx, {
      product_id: input.productId,
      kind: input.kind,
      title: input.title,
      body: input.body,
      options: JSON.stringify(input.options),
      author_user_id: input.author.userId,
      author_name: input.author.name,
      author_source: input.author.source,
      status: 'OPEN',
      starts_at: at,
      ends_at: new Date(input.endsAt).toISOString(),
      snapshot_at: at,
      ledger_mark: mark,
      total_power: totalPower,
      quorum_percent: input.quorumPercent,
      threshold_percent: input.thresholdPercent,
      results_visible_before_close: input.resultsVisibleBeforeClose ? 1 : 0,
      outcome: null,
      winning_option: null,
      closed_at: null,
      closed_by: null,
      created_at: at,
    });
    await appendAuditEvent(
      trx,
      {
        userId: input.author.userId,
        actor,
        type: input.kind === 'PROPOSAL' ? 'PROPOSAL_CREATED' : 'AGENDA_OPENED',
        detail: { productId: String(input.productId), id: String(id), ...(byLabel ? { by: byLabel } : {}) },
        meta,
      },
      at,
    );
    if (input.kind === 'PROPOSAL') {
      await onProposalCreated(ctx, trx, {
        proposalId: id,
        productId: input.productId,
        productName: input.productName,
        title: input.title,
        endsAt: new Date(input.endsAt).toISOString(),
        createdAt: at,
      });
    }
    return id;
  });
}

/** How many proposals one account may open in a day, spent before the proposal is written. */
async function spendDailyProposal(ctx: AppContext, userId: string) {
  const max = ctx.config.GOVERNANCE_PROPOSALS_PER_DAY;
  try {
    await spendBudgets(
      ctx,
      [{ key: budgetKey('proposals:account', userId), max, windowMinutes: 24 * 60 }],
      `You have opened ${max} proposals in the last 24 hours, the most allowed.`,
    );
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') throw error;
    throw new AppError('PROPOSAL_DAILY_LIMIT', error.message, error.headers);
  }
}

export async function createProposal(
  ctx: AppContext,
  caller: Caller,
  productId: number,
  request: ProposalRequest,
  meta: RequestMeta,
): Promise<BallotItem> {
  const { user } = caller;
  const access = await accessOf(ctx.db, caller, productId);
  assertMayAct(access, user);
  requireSection(access, 'PROPOSAL');
  const min = ctx.config.GOVERNANCE_PROPOSAL_MIN_TOKENS;
  if (access.viewer.balance < min) {
    throw new AppError(
      'PROPOSAL_THRESHOLD_NOT_MET',
      `Opening a proposal takes at least ${min} tokens of this project.`,
    );
  }
  checkWindow(ctx, request.endsAt, ctx.now());
  const body = await cleanBody(request.body);
  // A courtesy read, so a refusal for the open caps spends none of the day's allowance; the
  // transaction that opens the proposal decides under its locks.
  await assertProposalRoom(ctx, ctx.db, productId, user.id, ctx.now().toISOString());
  await spendDailyProposal(ctx, user.id);
  const id = await openVoting(
    ctx,
    {
      kind: 'PROPOSAL',
      productId,
      productName: access.product.name,
      title: request.title,
      body,
      options: request.options,
      endsAt: request.endsAt,
      quorumPercent: request.quorumPercent,
      thresholdPercent: request.thresholdPercent,
      resultsVisibleBeforeClose: request.resultsVisibleBeforeClose,
      author: { userId: user.id, name: user.name ?? '', source: sourceOfRole(user.role) },
    },
    'user',
    meta,
  );
  return ballotItemOf(ctx.db, id, user);
}

/**
 * An operator or seller opens an agenda (console or agenda:open). Its title, text, options,
 * quorum, threshold and end are checked by the schema a holder's proposal is checked by.
 */
export async function openAgenda(
  ctx: AppContext,
  input: Omit<NewVoting, 'kind' | 'productName' | 'author'> & { sellerUserId: string | null },
  by: ActingOperator,
): Promise<number> {
  const fields = checkedInput(agendaFieldsSchema, {
    title: input.title,
    body: input.body,
    options: input.options,
    endsAt: input.endsAt,
    quorumPercent: input.quorumPercent,
    thresholdPercent: input.thresholdPercent,
    resultsVisibleBeforeClose: input.resultsVisibleBeforeClose,
  });
  const product = await findGovernanceProduct(ctx.db, input.productId);
  if (!product) throw new AppError('NOT_FOUND', `No project ${input.productId}.`);
  const sections = await findSections(ctx.db, input.productId);
  if (!sections.some((section) => section.type === 'AGENDA')) {
    throw new AppError('NOT_FOUND', `Project ${input.productId} has no agenda section.`);
  }
  const seller = input.sellerUserId ? await requireSellerOf(ctx.db, input.sellerUserId, input.productId) : null;
  checkWindow(ctx, fields.endsAt, ctx.now());
  return openVoting(
    ctx,
    {
      ...fields,
      productId: input.productId,
      kind: 'AGENDA',
      productName: product.name,
      body: await cleanBody(fields.body),
      author: seller
        ? { userId: seller.id, name: seller.name ?? SELLER_NAME, source: 'SELLER' }
        : { userId: null, name: OPERATOR_NAME, source: 'ADMIN' },
    },
    'operator',
    by.meta,
    by.label,
  );
}

/**
 * One ballot per voter and item, final once cast (docs/decisions/0800-governance.md). The
 * unique constraint decides between concurrent tries; the claim on the item's row keeps a
 * ballot from slipping in after the close.
 */
export async function castVote(
  ctx: AppContext,
  caller: Caller,
  productId: number,
  kind: VotingKind,
  id: number,
  request: VoteRequest,
  meta: RequestMeta,
): Promise<BallotItem> {
  const { user } = caller;
  const { access, row } = await visibleVoting(ctx, caller, productId, kind, id);
  assertMayAct(access, user);
  const at = ctx.now().toISOString();
  if (row.status !== 'OPEN' || row.ends_at <= at) throw new AppError('VOTING_CLOSED', 'Voting on this item has ended.');
  const optionCount = (JSON.parse(row.options) as string[]).length;
  const choice = request.choice === 'ABSTAIN' ? ABSTAIN : request.choice;
  if (choice > optionCount)
    throw new AppError('VALIDATION_FAILED', `Choose one of the ${optionCount} options or abstain.`);
  // The voter's power: their entries up to the item's ledger mark (read with it above).
  const weight = Number(row.my_power ?? 0);
  if (weight <= 0) {
    throw new AppError('NO_VOTING_POWER', 'You held no tokens of this project when the vote was opened.');
  }
  if (row.my_choice !== null && row.my_choice !== undefined)
    throw new AppError('ALREADY_VOTED', 'You have already voted on this item.');
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await claimOpenVoting(trx, id, at))) throw new AppError('VOTING_CLOSED', 'Voting on this item has ended.');
      await insertBallot(trx, { votingId: id, userId: user.id, choice, weight, at });
      await appendAuditEvent(
        trx,
        {
          userId: user.id,
          actor: 'user',
          type: 'VOTE_CAST',
          detail: {
            productId: String(productId),
            kind,
            id: String(id),
            choice: String(choice),
            weight: String(weight),
          },
          meta,
        },
        at,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ALREADY_VOTED', 'You have already voted on this item.');
    throw error;
  }
  return ballotItemOf(ctx.db, id, user);
}
