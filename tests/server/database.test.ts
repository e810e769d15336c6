import { tmpdir } from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../../server/db/client';
import { migrateToLatest, withMigrator } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations/index';
import { DEMO_SEED_MARKER, seedDemoDataOnce } from '../../server/db/seed/index';
import { createTestDb, testEngines, type TestDb } from '../helpers/db';

describe.each(testEngines())('database on %s', (engine) => {
  let handle: TestDb;
  beforeAll(async () => {
    handle = await createTestDb(engine);
  });
  afterAll(() => handle.destroy());

  it('has run every migration, in order, and a second run changes nothing', async () => {
    const again = await migrateToLatest(handle.db);
    expect(again.results).toEqual([]);
    const names = Object.keys(migrations);
    expect([...names].sort()).toEqual(names);
  });

  it.runIf(engine === 'postgres')(
    'migrates one run at a time on the server: another process waits while a run holds the lock',
    async () => {
      const other = new pg.Client({ connectionString: inject('postgresUrl') ?? undefined });
      await other.connect();
      const tryLock = async () =>
        (await other.query<{ locked: boolean }>(`select pg_try_advisory_lock(hashtext('moa-migrations')) as locked`))
          .rows[0]!.locked;
      try {
        const during = await withMigrator(handle.db, async (migrator) => {
          expect((await migrator.migrateToLatest()).results).toEqual([]);
          return tryLock();
        });
        expect(during).toBe(false);
        // Released after the run. The lock is server-wide, and other test files migrate their own
        // schemas on the same server meanwhile, so it may be held again for a moment by one of them.
        await expect.poll(tryLock, { timeout: 15_000, interval: 50 }).toBe(true);
        await other.query(`select pg_advisory_unlock(hashtext('moa-migrations'))`);
      } finally {
        await other.end();
      }
    },
  );

  it('commits a transaction that read before it wrote, although another connection wrote in between', async () => {
    // A second connection on the same data: another API process, or the operator command line.
    const other =
      engine === 'sqlite'
        ? createDb({ url: `sqlite:${handle.file!}`, dataDir: tmpdir() })
        : createDb({ url: inject('postgresUrl')!, dataDir: tmpdir(), schema: handle.schema });
    // Refused at once instead of waiting, so this one process can go on to finish the first transaction.
    if (engine === 'sqlite') await sql`pragma busy_timeout = 0`.execute(other.db);
    const write = (db: typeof handle.db, key: string) =>
      db.insertInto('app_meta').values({ key, value: 'v', updated_at: '2026-11-25T00:00:00.000Z' }).execute();
    let isOtherWritten = false;
    try {
      await handle.db.transaction().execute(async (trx) => {
        await trx.selectFrom('app_meta').select('key').execute();
        try {
          await write(other.db, 'meanwhile');
          isOtherWritten = true;
        } catch (error) {
          // The writer that began first holds the write lock until it commits: the other waits.
          expect(String(error)).toMatch(/SQLITE_BUSY|database is locked/);
        }
        await write(trx, 'after-reading');
      });
      if (!isOtherWritten) await write(other.db, 'meanwhile');
      const keys = await handle.db
        .selectFrom('app_meta')
        .select('key')
        .where('key', 'in', ['meanwhile', 'after-reading'])
        .orderBy('key')
        .execute();
      expect(keys.map((row) => row.key)).toEqual(['after-reading', 'meanwhile']);
    } finally {
      await other.close();
    }
  });

  it('stores timestamps as ISO-8601 UTC strings', async () => {
    const at = '2026-11-22T01:02:03.000Z';
    await handle.db.insertInto('app_meta').values({ key: 'probe', value: 'v', updated_at: at }).execute();
    const row = await handle.db.selectFrom('app_meta').selectAll().where('key', '=', 'probe').executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(at);
  });

  it('seeds demo data on the first start only', async () => {
    expect(await seedDemoDataOnce(handle.db)).toBe(true);
    expect(await seedDemoDataOnce(handle.db)).toBe(false);
    const markers = await handle.db.selectFrom('app_meta').selectAll().where('key', '=', DEMO_SEED_MARKER).execute();
    expect(markers).toHaveLength(1);
  });

  it('two starts seeding a new database at once write the demo data once', async () => {
    const fresh = await createTestDb(engine);
    try {
      const results = await Promise.all([seedDemoDataOnce(fresh.db), seedDemoDataOnce(fresh.db)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const markers = await fresh.db.selectFrom('app_meta').selectAll().where('key', '=', DEMO_SEED_MARKER).execute();
      expect(markers).toHaveLength(1);
    } finally {
      await fresh.destroy();
    }
  });
});
