import type { Kysely } from 'kysely';
import type { Database, HoldingEntriesTable } from '../../db/types';
import {
  appendHoldingEntry,
  findCreditsSince,
  hasHoldingEntriesUpTo,
  holdersThroughEntry,
  ledgerBalance,
  ledgerBalancesAt,
  lockProjectLedger,
} from './repository';

/**
 * Holdings: who holds how many tokens of which project, as an append-only ledger
 * (holding_entries) and its projection (product_holdings). Every module that moves or reads a
 * holding goes through these functions; each takes the caller's transaction (`db`), so the entry
 * commits or rolls back with the order, trade or vote that caused it.
 */

type Db = Kysely<Database>;

/** One movement of tokens: the quantity is what moves, always above zero; credit or debit gives the sign. */
export interface HoldingMovement {
  productId: number;
  userId: string;
  quantity: number;
  reason: HoldingEntriesTable['reason'];
  /** The order that caused it (a confirmation, a refund), if any. */
  orderId: string | null;
  note: string | null;
  at: string;
  /** The market trade that moved the tokens (docs/decisions/1813). */
  marketTradeId?: number | null;
}

function assertMovement(movement: HoldingMovement): void {
  if (!Number.isSafeInteger(movement.quantity) || movement.quantity <= 0) {
    throw new Error(`A holding moves by a whole number of tokens above zero, not ${movement.quantity}.`);
  }
}

/** Adds tokens to a holding (a confirmed order, a market buy, an opening balance). */
export async function credit(db: Db, movement: HoldingMovement): Promise<void> {
  assertMovement(movement);
  await appendHoldingEntry(db, movement);
}

/**
 * Takes tokens from a holding (a refund, a market sale). A debit past the balance, or of a
 * holding that does not exist, throws and rolls the caller's transaction back.
 */
export async function debit(db: Db, movement: HoldingMovement): Promise<void> {
  assertMovement(movement);
  await appendHoldingEntry(db, { ...movement, quantity: -movement.quantity });
}

/** One investor's balance in one project from the ledger; with `at`, as it stood then. */
export async function balanceAt(db: Db, productId: number, userId: string, at?: string): Promise<number> {
  return ledgerBalance(db, productId, userId, at);
}

/** Every holder of a project (balance above zero) at a moment, by user id. */
export async function holdersAt(
  db: Db,
  productId: number,
  at: string,
): Promise<Array<{ userId: string; balance: number }>> {
  return ledgerBalancesAt(db, productId, at);
}

/** The tokens credited to the investor after `since`, oldest first (lots a lock-up still holds). */
export async function creditsSince(
  db: Db,
  productId: number,
  userId: string,
  since: string,
): Promise<Array<{ quantity: number; at: string }>> {
  return findCreditsSince(db, productId, userId, since);
}

/** Whether the project had any holding at all at or before `at`. */
export async function hadHoldersBy(db: Db, productId: number, at: string): Promise<boolean> {
  return hasHoldingEntriesUpTo(db, productId, at);
}

/**
 * Every holder with their balance through ledger entry `lastEntryId` (a vote's mark), as a
 * subquery the caller selects from (columns user_id, power).
 */
export const holdersThroughMark = holdersThroughEntry;

/**
 * Orders the caller's transaction against the project's ledger writers: `snapshot` (a vote
 * opening) waits for the entries in flight and holds new ones back until it commits, so what it
 * reads afterwards is exactly what was committed before (see the repository).
 */
export async function lockLedgerForSnapshot(db: Db, productId: number): Promise<void> {
  await lockProjectLedger(db, productId, 'snapshot');
}
