import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, sqliteFileFor, type DbHandle, type DbOptions, type Engine } from '../../server/db/client';
import { migrateToLatest } from '../../server/db/migrate';

/** The engines this run covers: SQLite always, PostgreSQL when global setup found one. */
export function testEngines(): Engine[] {
  return inject('postgresUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDb extends DbHandle {
  /** The PostgreSQL schema, so a second connection (a second API process) can share it. */
  schema?: string;
  /** The SQLite file, so another process (the operator command line) can open it too. */
  file?: string;
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
    try {
      await admin.query(`create schema ${schema}`);
    } finally {
      await admin.end();
    }
    // One migration run at a time on the server, whichever file asks (server/db/migrate.ts).
    await migrateToLatest(handle.db);
    // The schema itself is dropped by the global teardown, once no file is migrating.
    return { ...handle, schema, destroy: () => handle.close() };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'moa-test-'));
  const handle = createDb({ dataDir: dir, ...options });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    file: sqliteFileFor({ dataDir: dir }),
    destroy: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
