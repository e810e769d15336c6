import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
