import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { holdersThroughMark } from '../holdings/service';

/**
 * How much each holder weighs in a vote (docs/decisions/1824): the ledger summed up to the mark
 * taken when the vote opened (the holdings module sums it). Governance reads it for ballots and
 * tallies; the notifications job reads it to find whom to tell, so it sits apart from either
 * module's repository (eslint.config.js names it a shared file).
 */

type Db = Kysely<Database>;

/** What a vote's power is read from: its ledger mark, or (items opened before marks) its rows. */
export interface VotingPowerBasis {
  id: number;
  product_id: number;
  ledger_mark: number | null;
}

/**
 * Every holder of a vote with their power (user_id, power > 0), as a subquery: the ledger summed
 * up to the item's mark, or its rows of voting power. `range` narrows it to user ids in
 * (after, last] inside the grouping, so a batch reads only its own holders' entries.
 */
export function votingPowerOf(db: Db, voting: VotingPowerBasis, range: { after: string; last?: string }) {
  if (voting.ledger_mark === null) {
    return db
      .selectFrom('governance_voting_power')
      .select(['user_id', 'power'])
      .where('voting_id', '=', voting.id)
      .where('user_id', '>', range.after)
      .$if(range.last !== undefined, (query) => query.where('user_id', '<=', range.last!));
  }
  return holdersThroughMark(db, Number(voting.product_id), Number(voting.ledger_mark), range);
}
