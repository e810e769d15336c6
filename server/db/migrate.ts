import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}
