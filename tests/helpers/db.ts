import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type DbHandle, type DbOptions, type Engine } from '../../server/db/client';
import { migrateToLatest } from '../../server/db/migrate';

/** The engines this run covers: SQLite always, PostgreSQL when global setup found one. */
export function testEngines(): Engine[] {
  return inject('postgresUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDb extends DbHandle {
  /** The PostgreSQL schema, so a second connection (a second API process) can share it. */
  schema?: string;
  /** Closes the database; a SQLite file is removed at once, a PostgreSQL schema when the run ends. */
  destroy: () => Promise<void>;
}

/**
 * A fresh, migrated database of its own: a new SQLite file in a temporary folder, or a new
 * PostgreSQL schema. Nothing is shared between test files.
 */
export async function createTestDb(engine: Engine, options: Pick<DbOptions, 'onQuery'> = {}): Promise<TestDb> {
  if (engine === 'postgres') {
    const url = inject('postgresUrl');
    if (!url) throw new Error('PostgreSQL is not available in this run');
    const schema = `${inject('postgresSchemaPrefix')}${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const handle = createDb({ url, dataDir: tmpdir(), schema, poolSize: 4, ...options });
    // Files migrate one at a time: the migrator's table lookup reads every schema's columns, and
    // fails when another file's migration drops a column in its own schema at that moment.
    await admin.query(`select pg_advisory_lock(hashtext('moa-test-migrations'))`);
    try {
      await admin.query(`create schema ${schema}`);
      await migrateToLatest(handle.db);
    } finally {
      await admin.query(`select pg_advisory_unlock(hashtext('moa-test-migrations'))`);
      await admin.end();
    }
    // The schema itself is dropped by the global teardown, once no file is migrating.
    return { ...handle, schema, destroy: () => handle.close() };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'moa-test-'));
  const handle = createDb({ dataDir: dir, ...options });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
