import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import { migrations as allMigrations } from './migrations/index';

/** Held while any migration runs on a PostgreSQL server: one run at a time, whatever the schema. */
const MIGRATION_LOCK = 'moa-migrations';

/**
 * Runs `work` with a migrator pinned to this connection's schema. On PostgreSQL the run holds a
 * server-wide advisory lock on the connection it migrates with: Kysely's own lock table only
 * guards one schema, and its table lookup reads every schema's columns, so a migration that
 * changes a column in one schema (another API process starting, another tenant, another test
 * file) must not run while a second one reads them.
 */
export async function withMigrator<T>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
  db: Kysely<any>,
  work: (migrator: Migrator) => Promise<T>,
  migrations: Record<string, Migration> = allMigrations,
): Promise<T> {
  const provider = { getMigrations: () => Promise.resolve(migrations) };
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return work(new Migrator({ db, provider }));
  return db.connection().execute(async (connection) => {
    // Kysely looks for its bookkeeping tables in every schema unless told which one; with
    // several schemas in one database another schema's tables would count as ours.
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(connection)).rows[0]
      ?.schema;
    await sql`select pg_advisory_lock(hashtext(${MIGRATION_LOCK}))`.execute(connection);
    try {
      return await work(
        new Migrator({ db: connection, provider, ...(schema ? { migrationTableSchema: schema } : {}) }),
      );
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${MIGRATION_LOCK}))`.execute(connection);
    }
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const result = await withMigrator(db, (migrator) => migrator.migrateToLatest());
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}

/** The names of the migrations this database has not run yet (a process started with MIGRATE_ON_START=false checks). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const all = await withMigrator(db, (migrator) => migrator.getMigrations());
  return all.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
