/**
 * What a long-running process keeps is bounded (issue #29, goal 3): caches filled by requests
 * keep at most their bound, whatever the requests ask for. Figures are the bench's
 * (`npm run bench -- --only=memory`); these tests keep the rules, never the sizes in bytes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledQueryCounters, compiledQueryFamily, FAMILY_VARIANTS_KEPT } from '../../server/db/compiled-query';
import { serverArgs, serverEnvironment, serverNodeFlags } from '../../scripts/server-runtime.mjs';
import { createTestDb, testEngines, type TestDb } from '../helpers/db';

describe.each(testEngines())('compiled query families (%s)', (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb(engine);
  });
  afterAll(() => db.destroy());

  it('keep at most their bound of variants, the least recently used going first', async () => {
    const family = compiledQueryFamily(
      (width: number) => String(width),
      (kysely, params: { value: number }, width) =>
        kysely.selectNoFrom(() => [sql<number>`${params.value} + ${sql.lit(width)}`.as('sum')]),
      4,
    );
    for (let width = 1; width <= 10; width += 1) {
      const row = await family(width).executeTakeFirst(db.db, { value: 100 });
      expect(Number(row!.sum)).toBe(100 + width);
    }
    expect(family.size).toBe(4);
    // Width 10 was used last: still compiled. Width 1 went: it compiles again, and answers right.
    const counted = compiledQueryCounters.observe();
    try {
      await family(10).execute(db.db, { value: 1 });
      expect(counted.compiled).toBe(0);
      const again = await family(1).executeTakeFirst(db.db, { value: 1 });
      expect(Number(again!.sum)).toBe(2);
      expect(counted.compiled).toBe(1);
    } finally {
      compiledQueryCounters.release(counted);
    }
    expect(family.size).toBe(4);
  });

  it('have a bound by default', () => {
    const family = compiledQueryFamily(
      (width: number) => String(width),
      (kysely, params: { value: number }) => kysely.selectNoFrom(() => [sql<number>`${params.value}`.as('value')]),
    );
    for (let width = 0; width < FAMILY_VARIANTS_KEPT + 10; width += 1) family(width);
    expect(family.size).toBe(FAMILY_VARIANTS_KEPT);
  });
});

describe('the compiled server process', () => {
  it('runs with a small young generation, a tighter old one and two allocator arenas', () => {
    expect(serverArgs('build/server.js')).toEqual([...serverNodeFlags, 'build/server.js']);
    expect(serverNodeFlags).toEqual(expect.arrayContaining(['--max-semi-space-size=1', '--heap-growing-percent=50']));
    expect(serverEnvironment({ PORT: '1' })).toEqual({ MALLOC_ARENA_MAX: '2', PORT: '1' });
    // An operator's own value wins.
    expect(serverEnvironment({ MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
  });

  it('is started with them by npm start, the e2e server, the tests and the benchmarks', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const files = ['scripts', 'tests/helpers', 'bench'].flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.(m?js|ts)$/.test(file))
        .map((file) => path.join(folder, file)),
    );
    const starters = files.filter((file) => /server\.js'/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(starters).toEqual(expect.arrayContaining(['scripts/start.mjs', 'scripts/e2e-server.mjs']));
    for (const file of starters) {
      const code = readFileSync(path.join(root, file), 'utf8');
      // Every spawn of build/server.js goes through serverArgs, with serverEnvironment.
      expect(code, file).not.toMatch(/spawn\(process\.execPath, \[[^\]]*server\.js'/);
      expect(code, file).toMatch(/serverArgs\(/);
      expect(code, file).toMatch(/serverEnvironment\(/);
    }
  });
});
