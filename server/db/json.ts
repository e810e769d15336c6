import { PostgresAdapter, type Kysely } from 'kysely';
import * as postgresJson from 'kysely/helpers/postgres';
import * as sqliteJson from 'kysely/helpers/sqlite';
import type { Database } from './types';

/**
 * Nested rows in one statement: the relation helpers (`jsonArrayFrom`, `jsonObjectFrom`) of the
 * engine `db` runs on, and the reading of what they answer.
 */
export function relationsOf(db: Kysely<Database>) {
  return db.getExecutor().adapter instanceof PostgresAdapter ? postgresJson : sqliteJson;
}

/**
 * SQLite answers nested JSON as text (an array nested in another arrives as text inside it too),
 * PostgreSQL as parsed values: the same shapes either way.
 */
export function parsed<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
