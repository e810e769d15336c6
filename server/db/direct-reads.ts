import type { Kysely } from 'kysely';
import type { Database } from './types';

/**
 * Runs a compiled statement without Kysely's driver, or answers null when it may not. On SQLite
 * it runs at once on the connection, unless a transaction (or any other holder) has it: the
 * statement must then wait its turn there, or it would read what that transaction has not
 * committed. On PostgreSQL it runs on the pool, which lends it a connection of its own.
 */
export type DirectRun = (sql: string, parameters: readonly unknown[]) => unknown[] | Promise<unknown[]> | null;

const runners = new WeakMap<Kysely<Database>, DirectRun>();

/** Lets compiled queries on `db` (itself, not a transaction of it) run through `run`. */
export function allowDirectRuns(db: Kysely<Database>, run: DirectRun): void {
  runners.set(db, run);
}

/** The direct runner of `db`, if it has one (the app's own handle; never a transaction). */
export function directRunOf(db: Kysely<Database>): DirectRun | undefined {
  return runners.get(db);
}
