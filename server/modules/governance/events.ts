import type { Kysely } from 'kysely';
import type { VotingOutcome } from '../../../src/domain/governance';
import type { AppContext } from '../../context';
import type { Database } from '../../db/types';
import { recordNotifications } from '../notifications/service';
import { recordLiveEvents } from '../live/service';

/**
 * What governance tells the rest of the system. Each function is called inside the transaction
 * that opens or closes the item, so the notifications written here (by the notifications
 * module, in the same transaction) exist together with the change or not at all. The item
 * itself and its audit record are written by the governance service.
 */

/** A holder opened a proposal: PROPOSAL_CREATED for the project's holders at its snapshot. */
export interface ProposalCreatedEvent {
  proposalId: number;
  productId: number;
  productName: string;
  title: string;
  endsAt: string;
  /** Everyone who held tokens of the project at the snapshot, the author included. */
  holderIds: string[];
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
  /** Holders at the snapshot (those who could vote). */
  voterIds: string[];
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
  voterIds: string[];
  closedAt: string;
}

/** One notification to the given holders, written from its parameters where it is read; nobody, nothing. */
async function notifyHolders(
  ctx: AppContext,
  trx: Kysely<Database>,
  type: 'PROPOSAL_CREATED' | 'VOTE_FINISH' | 'AGENDA_CLOSED',
  productId: number,
  userIds: string[],
  params: Record<string, string>,
  link: string,
) {
  if (!userIds.length) return;
  // Their votes page changed whether or not they take this notification.
  await recordLiveEvents(
    trx,
    ctx.now().toISOString(),
    userIds.map((userId) => ({ userId, type: 'vote' as const, productId })),
  );
  await recordNotifications(ctx, trx, { type, productId, userIds, params, link });
}

export async function onProposalCreated(ctx: AppContext, trx: Kysely<Database>, event: ProposalCreatedEvent) {
  await notifyHolders(
    ctx,
    trx,
    'PROPOSAL_CREATED',
    event.productId,
    event.holderIds,
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
    event.voterIds,
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
    event.voterIds,
    { productName: event.productName, title: event.title, outcome: event.outcome },
    `/governance/agenda/${event.productId}`,
  );
}
