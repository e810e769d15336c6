import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Helpers for migrations only. They must stay stable: changing one changes history.

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** timestamptz in PostgreSQL; ISO-8601 text in SQLite, which has no date type. */
export function timestampType(db: Kysely<unknown>) {
  return isPostgres(db) ? sql`timestamptz` : sql`text`;
}
