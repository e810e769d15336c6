import { PostgresAdapter, type Kysely } from 'kysely';
import * as postgresJson from 'kysely/helpers/postgres';
import * as sqliteJson from 'kysely/helpers/sqlite';
import { keepFrozen } from '../kept-values';
import { testCounters } from '../test-counters';
import { RecentlyUsed } from './recently-used';
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

/** How many texts `keptParsed` keeps, and the longest it keeps: at most 4 Mi characters in all. */
export const KEPT_JSON_TEXTS = 256;
export const KEPT_JSON_MAX_LENGTH = 16_384;

/** What `keptParsed` did, while a test observes (counting work, never time). */
export const keptJsonCounters = testCounters(['parsed', 'reused'] as const);

const keptTexts = new RecentlyUsed<string, unknown>(KEPT_JSON_TEXTS);

/**
 * `parsed`, for the nested parts of the catalogue that every viewer reads alike and that change
 * only when an operator edits them (a project's team, terms, questions, documents): on SQLite the
 * same text arrives for every request, and parsing it again was the largest part of the project
 * detail's own work. The parsed value is kept, keyed by the text itself, so an edit, which
 * changes the text, can never be answered with the value of the text before it; nothing needs
 * to be told of the edit. Kept values are frozen (kept-values.ts), as every reader shares them;
 * the texts are bounded in number and length (the least recently used goes first, a longer text
 * is parsed every time), so what requests fill stays small. Parts that differ per viewer use
 * `parsed`.
 */
export function keptParsed<T>(value: T | string): T {
  if (typeof value !== 'string') return value;
  if (value.length > KEPT_JSON_MAX_LENGTH) {
    keptJsonCounters.count('parsed');
    return JSON.parse(value) as T;
  }
  const kept = keptTexts.get(value);
  if (kept !== undefined) {
    keptJsonCounters.count('reused');
    return kept as T;
  }
  keptJsonCounters.count('parsed');
  const fresh = keepFrozen(JSON.parse(value) as T);
  keptTexts.set(value, fresh);
  return fresh;
}

/** How many texts `keptParsed` keeps now (the memory tests' bound). */
export function keptParsedSize(): number {
  return keptTexts.size;
}
