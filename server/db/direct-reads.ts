import type { Kysely } from 'kysely';
import type { Database } from './types';

/**
 * Runs a compiled statement on SQLite at once, without Kysely's driver, or answers null when it
 * may not: while a transaction (or any other holder) has the connection, the statement must
 * wait its turn there, or it would read what that transaction has not committed.
 */
export type DirectRun = (sql: string, parameters: readonly unknown[]) => unknown[] | null;

const runners = new WeakMap<Kysely<Database>, DirectRun>();

/** Lets compiled queries on `db` (itself, not a transaction of it) run through `run`. */
export function allowDirectRuns(db: Kysely<Database>, run: DirectRun): void {
  runners.set(db, run);
}

/** The direct runner of `db`, if it has one (SQLite's own handle; never a transaction). */
export function directRunOf(db: Kysely<Database>): DirectRun | undefined {
  return runners.get(db);
}
