import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * better-sqlite3 compiles a statement on every `prepare`, and Kysely's SQLite driver calls
 * `prepare` for every query it runs. This keeps the compiled statements, keyed by their SQL
 * text, and hands the same one back: the app's queries are built from a fixed set of shapes,
 * so after warm-up nearly every query skips the compile. The cache is bounded (least recently
 * used goes first) so statements built with a varying number of parameters cannot grow it
 * without limit.
 *
 * Reusing a statement is safe here because Kysely's SQLite driver runs one query at a time on
 * its single connection; SQLite itself recompiles a kept statement if the schema changes.
 */
export interface StatementCacheStats {
  /** Statements compiled by SQLite (cache misses). */
  compiled: number;
  /** Statements handed out (every query the driver ran). */
  used: number;
  /** Statements kept now. */
  size: number;
}

export const DEFAULT_STATEMENT_CACHE_SIZE = 500;

export function cachingDatabase(
  database: SqliteDatabase,
  maxStatements = DEFAULT_STATEMENT_CACHE_SIZE,
): { database: SqliteDatabase; stats: () => StatementCacheStats } {
  const statements = new Map<string, SqliteStatement>();
  let compiled = 0;
  let used = 0;
  const cached: SqliteDatabase = {
    prepare(sql) {
      used += 1;
      const kept = statements.get(sql);
      if (kept) {
        // Map keeps insertion order: re-inserting marks it as the most recently used.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = database.prepare(sql);
      compiled += 1;
      statements.set(sql, statement);
      if (statements.size > maxStatements) statements.delete(statements.keys().next().value!);
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
  return { database: cached, stats: () => ({ compiled, used, size: statements.size }) };
}
