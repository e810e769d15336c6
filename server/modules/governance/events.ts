import type { Kysely } from 'kysely';
import type { VotingOutcome } from '../../../src/domain/governance';
import type { AppContext } from '../../context';
import type { Database } from '../../db/types';
import { queueHolderNotification } from '../notifications/service';

/**
 * What governance tells the rest of the system. Each function is called inside the transaction
 * that opens or closes the item and writes one row of the notifications module's fan-out
 * outbox there, so the notification exists together with the change or not at all; the inbox
 * rows, pushes and live events of the item's holders (its rows of voting power) are written by
 * the fan-out job after the commit, in batches, each holder once however many there are. The
 * item itself and its audit record are written by the governance service.
 */

/** A holder opened a proposal: PROPOSAL_CREATED for the project's holders at its snapshot. */
export interface ProposalCreatedEvent {
  proposalId: number;
  productId: number;
  productName: string;
  title: string;
  endsAt: string;
  createdAt: string;
}

/** A proposal closed: VOTE_FINISH for everyone who could vote on it. */
export interface VoteFinishedEvent {
  proposalId: number;
  productId: number;
  productName: string;
  title: string;
  outcome: VotingOutcome;
  winningOption: number | null;
  closedAt: string;
}

/** An agenda closed with its outcome: AGENDA_CLOSED for everyone who could vote on it. */
export interface AgendaClosedEvent {
  agendaId: number;
  productId: number;
  productName: string;
  title: string;
  outcome: VotingOutcome;
  winningOption: number | null;
  closedAt: string;
}

/** One notification to the item's holders at its snapshot (everyone given voting power in it), from its parameters. */
async function notifyHolders(
  ctx: AppContext,
  trx: Kysely<Database>,
  type: 'PROPOSAL_CREATED' | 'VOTE_FINISH' | 'AGENDA_CLOSED',
  productId: number,
  votingId: number,
  params: Record<string, string>,
  link: string,
) {
  await queueHolderNotification(ctx, trx, { type, productId, votingId, params, link });
}

export async function onProposalCreated(ctx: AppContext, trx: Kysely<Database>, event: ProposalCreatedEvent) {
  await notifyHolders(
    ctx,
    trx,
    'PROPOSAL_CREATED',
    event.productId,
    event.proposalId,
    { productName: event.productName, title: event.title, endsAt: event.endsAt },
    `/governance/proposal/${event.productId}`,
  );
}

export async function onVoteFinished(ctx: AppContext, trx: Kysely<Database>, event: VoteFinishedEvent) {
  await notifyHolders(
    ctx,
    trx,
    'VOTE_FINISH',
    event.productId,
    event.proposalId,
    { productName: event.productName, title: event.title, outcome: event.outcome },
    `/governance/proposal/${event.productId}`,
  );
}

export async function onAgendaClosed(ctx: AppContext, trx: Kysely<Database>, event: AgendaClosedEvent) {
  await notifyHolders(
    ctx,
    trx,
    'AGENDA_CLOSED',
    event.productId,
    event.agendaId,
    { productName: event.productName, title: event.title, outcome: event.outcome },
    `/governance/agenda/${event.productId}`,
  );
}
