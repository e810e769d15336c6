import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOME_SHELF_SIZE,
  productListResponseSchema,
  productShelvesSchema,
  type ProductCard,
  type ProductShelves,
} from '../../src/domain/products';
import { insertCategory, insertHolding, insertProduct } from '../../server/modules/products/factory';
import { allowProductForUser } from '../../server/modules/products/service';
import { pickShelves } from '../../server/modules/products/shelves';
import { insertUser } from '../../server/modules/users/records-repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createClock, enrollUser } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { approveIdentity } from '../helpers/kyc';

const card = (id: number, flags: Partial<ProductCard>): ProductCard =>
  ({ id, saleStatus: 'SALE', isFeatured: false, isMostPopular: false, isClosingSoon: false, ...flags }) as ProductCard;
const idsOf = (shelves: ProductShelves) => ({
  featured: shelves.featured.map((c) => c.id),
  popular: shelves.popular.map((c) => c.id),
  closing: shelves.closing.map((c) => c.id),
});

describe('picking the home shelves', () => {
  it('shows a project on one shelf only, the first it qualifies for', () => {
    const cards = [
      card(4, { isFeatured: true, saleStatus: 'SALE_END', isMostPopular: true }),
      card(3, { isClosingSoon: true }),
      card(2, { isMostPopular: true, isClosingSoon: true }),
      card(1, { isFeatured: true, isMostPopular: true, isClosingSoon: true }),
    ];
    expect(idsOf(pickShelves(cards, 3))).toEqual({ featured: [1], popular: [4, 2], closing: [3] });
  });

  it('keeps at most the shelf size, newest first, whatever order and repeats the candidates come in', () => {
    const cards = [1, 5, 3, 2, 4, 5, 1].map((id) => card(id, { isMostPopular: true }));
    expect(idsOf(pickShelves(cards, 3)).popular).toEqual([5, 4, 3]);
  });
});

describe.each(testEngines())('the home shelves on %s', (engine) => {
  type Statement = { sql: string; parameters: readonly unknown[] };
  let t: TestApp;
  const T = Date.parse('2026-11-22T09:00:00.000Z');
  const clock = createClock(T);
  const DAY = 86_400_000;
  const at = (days: number) => new Date(T + days * DAY).toISOString();
  const id: Record<string, number> = {};
  let viewer: { token: string };
  let holders: string[] = [];

  async function shelves(token?: string): Promise<ProductShelves> {
    const response = await t.app.inject({
      url: '/api/v1/products/shelves',
      headers: token ? bearer(token) : {},
    });
    expect(response.statusCode, response.body).toBe(200);
    return productShelvesSchema.parse(response.json());
  }

  async function listAll(token?: string): Promise<ProductCard[]> {
    const cards: ProductCard[] = [];
    let nextId: number | null = null;
    do {
      const response = await t.app.inject({
        url: `/api/v1/products?limit=100${nextId ? `&nextId=${nextId}` : ''}`,
        headers: token ? bearer(token) : {},
      });
      const page = productListResponseSchema.parse(response.json());
      cards.push(...page.productPayloads);
      nextId = page.pageAndInfiniteScrollResponse.nextId;
    } while (nextId);
    return cards;
  }

  /** Every statement the app sends to its database while `run` runs, with its values. */
  let recording: Statement[] | null = null;
  async function recordStatements(run: () => Promise<unknown>): Promise<Statement[]> {
    const statements: Statement[] = (recording = []);
    try {
      await run();
      return statements;
    } finally {
      recording = null;
    }
  }

  async function recordQueries(run: () => Promise<unknown>): Promise<string[]> {
    return (await recordStatements(run)).map((statement) => statement.sql);
  }

  async function join(project: string, count: number) {
    for (let index = 0; index < count; index += 1) {
      await insertHolding(t.db.db, {
        productId: id[project]!,
        userId: holders.pop()!,
        quantity: 1,
        firstInvestedAt: at(-1),
      });
    }
  }

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      { PUSH_SWEEP_INTERVAL_MS: '0', ORDER_EXPIRY_SWEEP_SECONDS: '0', GOVERNANCE_CLOSE_SWEEP_SECONDS: '0' },
      undefined,
      { now: clock.now, onQuery: (query) => recording?.push(query) },
    );
    const categoryId = await insertCategory(t.db.db, 'Music');
    const add = async (name: string, input: Omit<Parameters<typeof insertProduct>[1], 'categoryId' | 'name'>) => {
      id[name] = await insertProduct(t.db.db, { categoryId, name, startsAt: at(-30), endsAt: at(60), ...input });
    };
    // Oldest first: every project that belongs on a shelf is older than the newest 100 projects, and
    // the closing-soon projects shown on the shelves before are newer than the ones only closing.
    await add('closing 1', { endsAt: at(6) });
    await add('closing 2', { endsAt: at(1) });
    await add('closing 3', { endsAt: at(4) });
    await add('closing 4', { endsAt: at(5) });
    await add('featured, ended', { isFeatured: true, endsAt: at(-2) });
    await add('featured 1', { isFeatured: true });
    await add('featured, popular, closing', { isFeatured: true, endsAt: at(3) });
    await add('featured 2', { isFeatured: true });
    await add('featured, not started', { isFeatured: true, startsAt: at(5) });
    await add('featured, sold out', { isFeatured: true, totalQuantity: 100, remainingQuantity: 0 });
    await add('featured, hidden', { isFeatured: true, hideStatus: 'HIDE' });
    await add('featured, restricted', { isFeatured: true, isRestricted: true });
    await add('popular, closing', { endsAt: at(2) });
    await add('popular', {});
    await add('closing, hidden', { endsAt: at(2), hideStatus: 'HIDE' });
    await add('closing, sold out', { endsAt: at(2), totalQuantity: 100, remainingQuantity: 0 });
    await add('ending in 8 days', { endsAt: at(8) });
    for (let index = 0; index < 120; index += 1) await add(`newer ${index}`, { endsAt: null });

    holders = [];
    for (let index = 0; index < 16; index += 1) {
      holders.push(await insertUser(t.db.db, { email: `holder${index}@example.com`, name: null }, at(-3)));
    }
    // The ranking: three joins, two, one; the fourth project with a join is left out of it.
    await join('featured, popular, closing', 4);
    await join('popular, closing', 3);
    await join('popular', 2);
    await join('closing 1', 1);

    viewer = await enrollUser(t.app, clock, 'viewer@example.com');
    await approveIdentity(t.app, 'viewer@example.com');
    const viewerId = (
      await t.db.db.selectFrom('users').select('id').where('email', '=', 'viewer@example.com').executeTakeFirstOrThrow()
    ).id;
    await allowProductForUser(t.app.ctx, id['featured, restricted']!, viewerId, 'operator@moa.localhost', {
      ip: 'operator',
      userAgent: 'test',
    });
  });
  afterAll(() => t.close());

  it('finds the shelves beyond the first 100 cards of the list', async () => {
    const firstHundred = productListResponseSchema.parse(
      (await t.app.inject({ url: '/api/v1/products?limit=100' })).json(),
    ).productPayloads;
    const shelved = await shelves();
    const shown = [...shelved.featured, ...shelved.popular, ...shelved.closing].map((c) => c.id);
    expect(shown.length).toBeGreaterThan(0);
    for (const projectId of shown) expect(firstHundred.map((c) => c.id)).not.toContain(projectId);

    expect(idsOf(shelved)).toEqual({
      featured: [id['featured, not started'], id['featured 2'], id['featured, popular, closing']],
      popular: [id['popular'], id['popular, closing']],
      closing: [id['closing 4'], id['closing 3'], id['closing 2']],
    });
  });

  it('answers what picking from every card of the list gives, with the list’s own cards', async () => {
    for (const token of [undefined, viewer.token]) {
      const everyCard = await listAll(token);
      const shelved = await shelves(token);
      expect(shelved).toEqual(pickShelves(everyCard, HOME_SHELF_SIZE));
    }
  });

  it('shows no project twice, at most three a shelf, no ended sale featured, nothing hidden', async () => {
    const shelved = await shelves();
    const shown = [...shelved.featured, ...shelved.popular, ...shelved.closing];
    expect(new Set(shown.map((c) => c.id)).size).toBe(shown.length);
    for (const shelf of [shelved.featured, shelved.popular, shelved.closing]) {
      expect(shelf.length).toBeLessThanOrEqual(HOME_SHELF_SIZE);
    }
    for (const featured of shelved.featured) {
      expect(featured.isFeatured).toBe(true);
      expect(featured.saleStatus).not.toBe('SALE_END');
    }
    for (const popular of shelved.popular) expect(popular.isMostPopular).toBe(true);
    for (const closing of shelved.closing) expect(closing.saleStatus).toBe('CLOSING_SOON');
    const hiddenOrRestricted = ['featured, hidden', 'closing, hidden', 'featured, restricted'].map((name) => id[name]);
    for (const projectId of hiddenOrRestricted) expect(shown.map((c) => c.id)).not.toContain(projectId);
    // A project featured, popular and closing soon shows once, on the featured shelf.
    expect(shelved.featured.find((c) => c.id === id['featured, popular, closing'])).toMatchObject({
      isMostPopular: true,
      isClosingSoon: true,
    });
  });

  it('shows a signed-in viewer the restricted projects on their allowed list', async () => {
    expect(idsOf(await shelves(viewer.token))).toEqual({
      featured: [id['featured, restricted'], id['featured, not started'], id['featured 2']],
      popular: [id['popular'], id['popular, closing'], id['featured, popular, closing']],
      closing: [id['closing 4'], id['closing 3'], id['closing 2']],
    });
  });

  it('is one statement, counting a stale "most popular" ranking once', async () => {
    await shelves();
    expect(await recordQueries(() => shelves())).toHaveLength(1);
    // With a session: the session, then the shelves.
    expect(await recordQueries(() => shelves(viewer.token))).toHaveLength(2);

    // A new holder makes the ranking stale: the next read counts and stores it (generation,
    // count, window bounds, store) and reads the shelves with it; the read after finds it stored.
    await join('closing 1', 3);
    const cold = await recordQueries(async () => {
      expect(idsOf(await shelves()).popular).toEqual([id['popular, closing'], id['closing 1']]);
    });
    expect(cold, cold.join('\n')).toHaveLength(6);
    expect(await recordQueries(() => shelves())).toHaveLength(1);
    expect(idsOf(await shelves()).popular).toEqual([id['popular, closing'], id['closing 1']]);
    expect(await shelves()).toEqual(pickShelves(await listAll(), HOME_SHELF_SIZE));
  });

  it.runIf(engine === 'sqlite')('reads each shelf through an index, never by walking the catalogue', async () => {
    for (const token of [undefined, viewer.token]) {
      await shelves(token);
      const [statement] = (await recordStatements(() => shelves(token))).filter((s) =>
        /"popularity_snapshot"/.test(s.sql),
      );
      const plan = await t.db.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${statement!.sql}`, [...statement!.parameters]),
      );
      const products = plan.rows.map((row) => row.detail).filter((detail) => /\bproducts\b/.test(detail));
      // Featured newest first, the ranking by primary key, closing soon by its end date.
      expect(products).toEqual([
        'SEARCH products USING INDEX products_featured_idx (is_featured=?)',
        'SEARCH products USING INTEGER PRIMARY KEY (rowid=?)',
        'SEARCH products USING INDEX products_ends_at_idx (ends_at>? AND ends_at<?)',
      ]);
    }
  });

  it('follows time: a sale past its end leaves the shelves, one entering its last week joins them', async () => {
    clock.set(T + 3 * DAY + 1);
    try {
      const shelved = await shelves();
      expect(shelved.featured.map((c) => c.id)).not.toContain(id['featured, popular, closing']);
      expect(shelved.closing.map((c) => c.id)).toContain(id['ending in 8 days']);
      expect(shelved).toEqual(pickShelves(await listAll(), HOME_SHELF_SIZE));
    } finally {
      clock.set(T);
    }
  });
});

describe.each(testEngines())('the home shelves of a catalogue with nothing to show on %s', (engine) => {
  let t: TestApp;
  const statements: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine, { PUSH_SWEEP_INTERVAL_MS: '0' }, undefined, {
      onQuery: (query) => statements.push(query.sql),
    });
    const categoryId = await insertCategory(t.db.db, 'Music');
    const now = Date.now();
    await insertProduct(t.db.db, {
      categoryId,
      name: 'hidden',
      hideStatus: 'HIDE',
      isFeatured: true,
      startsAt: new Date(now - 86_400_000).toISOString(),
      endsAt: new Date(now + 86_400_000).toISOString(),
    });
  });
  afterAll(() => t.close());

  it('answers three empty shelves in one statement, with no ranking counted or stored', async () => {
    for (let round = 0; round < 2; round += 1) {
      statements.length = 0;
      const response = await t.app.inject({ url: '/api/v1/products/shelves' });
      expect(response.statusCode, response.body).toBe(200);
      expect(productShelvesSchema.parse(response.json())).toEqual({ featured: [], popular: [], closing: [] });
      expect(statements, statements.join('\n')).toHaveLength(1);
    }
  });
});
