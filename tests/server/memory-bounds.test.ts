/**
 * What a long-running process keeps is bounded (issue #29, goal 3): caches filled by requests
 * keep at most their bound, whatever the requests ask for. Figures are the bench's
 * (`npm run bench -- --only=memory`); these tests keep the rules, never the sizes in bytes.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledQueryCounters, compiledQueryFamily, FAMILY_VARIANTS_KEPT } from '../../server/db/compiled-query';
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
