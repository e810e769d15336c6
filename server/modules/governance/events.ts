import type { Kysely } from 'kysely';
import type { VotingOutcome } from '../../../src/domain/governance';
import type { AppContext } from '../../context';
import type { Database } from '../../db/types';

/**
 * What governance tells the rest of the system. Each function is called inside the transaction
 * that opens or closes the item, so the notifications written here (by the notifications
 * module, in the same transaction) exist together with the change or not at all. They write
 * nothing yet; the item itself and its audit record are written by the governance service.
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

export async function onProposalCreated(ctx: AppContext, trx: Kysely<Database>, event: ProposalCreatedEvent) {
  void ctx;
  void trx;
  void event;
}

export async function onVoteFinished(ctx: AppContext, trx: Kysely<Database>, event: VoteFinishedEvent) {
  void ctx;
  void trx;
  void event;
}

export async function onAgendaClosed(ctx: AppContext, trx: Kysely<Database>, event: AgendaClosedEvent) {
  void ctx;
  void trx;
  void event;
}
