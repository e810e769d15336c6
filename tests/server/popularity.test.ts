import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListResponseSchema } from '../../src/domain/products';
import { insertCategory, insertHolding, insertProduct } from '../../server/modules/products/factory';
import { TRENDING_TOP, TRENDING_WINDOW_DAYS } from '../../server/modules/products/service';
import { insertUser } from '../../server/modules/users/records-repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/auth';
import { testEngines } from '../helpers/db';

const DAY = 86_400_000;
const WINDOW = TRENDING_WINDOW_DAYS * DAY;

describe.each(testEngines())('"most popular" on %s', (engine) => {
  let t: TestApp;
  const T = Date.parse('2026-11-22T09:00:00.000Z');
  const clock = createClock(T);
  const names = ['A', 'B', 'C', 'D', 'E'] as const;
  const id: Record<string, number> = {};
  let users: string[] = [];
  let nextUser = 0;

  async function join(project: string, at: number) {
    await insertHolding(t.db.db, {
      productId: id[project]!,
      userId: users[nextUser++]!,
      quantity: 1,
      firstInvestedAt: new Date(at).toISOString(),
    });
  }

  async function popular(): Promise<string[]> {
    const response = await t.app.inject({ url: '/api/v1/products?limit=50' });
    const cards = productListResponseSchema.parse(response.json()).productPayloads;
    return cards
      .filter((card) => card.isMostPopular)
      .map((card) => card.name)
      .sort();
  }

  /** The rule counted straight from the holdings: top 3 by joins at or after now - 14 days, ties by newer id. */
  async function byTheRule(): Promise<string[]> {
    const since = clock.now().getTime() - WINDOW;
    const rows = await t.db.db.selectFrom('product_holdings').select(['product_id', 'first_invested_at']).execute();
    const counts = new Map<number, number>();
    for (const row of rows) {
      if (Date.parse(row.first_invested_at) >= since)
        counts.set(Number(row.product_id), (counts.get(Number(row.product_id)) ?? 0) + 1);
    }
    const top = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]).slice(0, TRENDING_TOP);
    return top.map(([productId]) => names.find((name) => id[name] === productId)!).sort();
  }

  beforeAll(async () => {
    t = await createTestApp(engine, {}, undefined, { now: clock.now });
    const categoryId = await insertCategory(t.db.db, 'Food');
    for (const name of names) id[name] = await insertProduct(t.db.db, { categoryId, name });
    users = [];
    for (let index = 0; index < 20; index += 1) {
      users.push(
        await insertUser(t.db.db, { email: `holder${index}@example.com`, name: null }, new Date(T).toISOString()),
      );
    }
    // A and B: two joins well inside the window. C: two, one of them exactly 14 days before T.
    // D and E: one each. E has the highest id, so it wins a tie.
    await join('A', T - 10 * DAY);
    await join('A', T - 9 * DAY);
    await join('B', T - 5 * DAY);
    await join('B', T - 4 * DAY);
    await join('C', T - WINDOW);
    await join('C', T - DAY);
    await join('D', T - 2 * DAY);
    await join('E', T - 3 * DAY);
    await join('E', T - 40 * DAY);
  });
  afterAll(() => t.close());

  it('is the three projects with the most investors who joined in the last 14 days', async () => {
    expect(await popular()).toEqual(['A', 'B', 'C']);
    expect(await popular()).toEqual(await byTheRule());
  });

  it('counts a join made exactly 14 days ago, and drops it a millisecond later', async () => {
    clock.set(T);
    expect(await popular()).toEqual(['A', 'B', 'C']);
    clock.set(T + 1);
    // C falls to one recent investor; of the projects with one, E has the newest id.
    expect(await popular()).toEqual(['A', 'B', 'E']);
    expect(await popular()).toEqual(await byTheRule());
    // Back before the edge (a second process with a clock a moment behind): C counts again.
    clock.set(T);
    expect(await popular()).toEqual(['A', 'B', 'C']);
  });

  it('changes with the next read after a new investor joins', async () => {
    clock.set(T + 1);
    expect(await popular()).toEqual(['A', 'B', 'E']);
    await join('D', T + 1);
    await join('D', T + 1);
    expect(await popular()).toEqual(['A', 'B', 'D']);
    expect(await popular()).toEqual(await byTheRule());
  });

  it('is read as stored, not counted on every request', async () => {
    clock.set(T + 1);
    expect(await popular()).toEqual(['A', 'B', 'D']);
    // A ranking no count would give: a read that counted holdings would not serve it.
    await t.db.db
      .updateTable('popularity_snapshot')
      .set({ top_ids: String(id.E) })
      .execute();
    expect(await popular()).toEqual(['E']);
    // The next new holder makes it stale, and the next read counts again.
    await join('C', T + 1);
    expect(await popular()).toEqual(await byTheRule());
  });

  it('holds as time passes every join in turn out of the window', async () => {
    const joins = (await t.db.db.selectFrom('product_holdings').select('first_invested_at').execute())
      .map((row) => Date.parse(row.first_invested_at))
      .sort((a, b) => a - b);
    for (const at of joins) {
      for (const moment of [at + WINDOW, at + WINDOW + 1]) {
        clock.set(moment);
        expect(await popular(), new Date(moment).toISOString()).toEqual(await byTheRule());
      }
    }
  });
});
