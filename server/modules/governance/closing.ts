import type { AuditActor } from '../../../src/domain/auth';
import { tallyVotes, type VotingKind } from '../../../src/domain/governance';
import { moderationReasonSchema } from '../../../src/domain/operator-governance';
import type { AppContext, RequestMeta } from '../../context';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import { onAgendaClosed, onVoteFinished } from './events';
import { checkedInput, OPERATOR_NAME, type ActingOperator } from './input';
import {
  findDueVotingIds,
  findGovernanceProduct,
  findVoting,
  finishVoting,
  setVotingOutcome,
  sumBallots,
} from './repository';

/**
 * How a proposal or agenda ends: closed when due by the sweep every process runs (the routes
 * register it), closed by an operator, or a proposal cancelled by an operator.
 */

const SYSTEM_META: RequestMeta = { ip: 'system', userAgent: 'Moa governance close' };

/**
 * Closes one item and records its outcome. The conditional update decides who closes it, so
 * the tally and its events happen exactly once however many processes try.
 */
export async function closeVoting(
  ctx: AppContext,
  id: number,
  options: { actor: AuditActor; by: string; meta: RequestMeta; onlyIfDue: boolean; kind?: VotingKind },
): Promise<boolean> {
  const at = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findVoting(trx, id);
    if (!before || (options.kind && before.kind !== options.kind)) throw new AppError('NOT_FOUND', `No item ${id}.`);
    const won = await finishVoting(trx, id, {
      status: 'CLOSED',
      outcome: null,
      winningOption: null,
      at,
      by: options.by,
      ...(options.onlyIfDue ? { dueBy: at } : {}),
    });
    if (!won) return false;
    const row = (await findVoting(trx, id))!;
    const productId = Number(row.product_id);
    const tally = tallyVotes({
      optionCount: (JSON.parse(row.options) as string[]).length,
      ballots: await sumBallots(trx, id),
      totalPower: Number(row.total_power),
      quorumPercent: row.quorum_percent,
      thresholdPercent: row.threshold_percent,
    });
    await setVotingOutcome(trx, id, { outcome: tally.outcome, winningOption: tally.winningOption });
    await appendAuditEvent(
      trx,
      {
        userId: null,
        actor: options.actor,
        type: row.kind === 'PROPOSAL' ? 'VOTE_FINISH' : 'AGENDA_CLOSED',
        detail: { productId: String(productId), id: String(id), outcome: tally.outcome, by: options.by },
        meta: options.meta,
      },
      at,
    );
    const product = await findGovernanceProduct(trx, productId);
    const common = {
      productId,
      productName: product?.name ?? '',
      title: row.title,
      outcome: tally.outcome,
      winningOption: tally.winningOption,
      closedAt: at,
    };
    if (row.kind === 'PROPOSAL') await onVoteFinished(ctx, trx, { proposalId: id, ...common });
    else await onAgendaClosed(ctx, trx, { agendaId: id, ...common });
    return true;
  });
}

/** Closes every item whose end has passed; any number of processes may run it at once. */
export async function closeDueVotings(ctx: AppContext, batch = 100): Promise<number> {
  let closed = 0;
  for (const id of await findDueVotingIds(ctx.db, ctx.now().toISOString(), batch)) {
    if (await closeVoting(ctx, id, { actor: 'system', by: 'schedule', meta: SYSTEM_META, onlyIfDue: true }))
      closed += 1;
  }
  return closed;
}

/** An operator cancels an open proposal (console or proposal:cancel): no outcome, no tally. */
export async function cancelProposal(ctx: AppContext, id: number, reason: string, by: ActingOperator) {
  const { reason: text } = checkedInput(moderationReasonSchema, { reason });
  const row = await findVoting(ctx.db, id);
  if (!row || row.kind !== 'PROPOSAL') throw new AppError('NOT_FOUND', `No proposal ${id}.`);
  const at = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const done = await finishVoting(trx, id, {
      status: 'CANCELLED',
      outcome: null,
      winningOption: null,
      at,
      by: OPERATOR_NAME,
    });
    if (!done) throw new AppError('VOTING_CLOSED', `Proposal ${id} is not open.`);
    await appendAuditEvent(
      trx,
      {
        userId: row.author_user_id,
        actor: 'operator',
        type: 'PROPOSAL_CANCELLED',
        detail: { productId: String(row.product_id), id: String(id), reason: text, by: by.label },
        meta: by.meta,
      },
      at,
    );
    return true;
  });
}
