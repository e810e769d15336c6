import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetailSchema, productListResponseSchema, type ProductCard } from '../../src/domain/products';
import { deriveSaleStatus } from '../../src/domain/sale';
import { keptJsonCounters } from '../../server/db/json';
import { keptValueCounters } from '../../server/kept-values';
import { serializationCounters } from '../../server/plugins/serialization';
import { seedDemoDataOnce } from '../../server/db/seed/index';
import { demoProjects } from '../../server/db/seed/catalogue-data';
import { insertCategory, insertHolding, insertProduct } from '../../server/modules/products/factory';
import { allowProductForUser } from '../../server/modules/products/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createClock, enrollUser, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { approveIdentity } from '../helpers/kyc';

async function list(app: FastifyInstance, query: string, token?: string) {
  const response = await app.inject({ url: `/api/v1/products${query}`, headers: token ? bearer(token) : {} });
  expect(response.statusCode, response.body).toBe(200);
  return productListResponseSchema.parse(response.json());
}

async function listAll(app: FastifyInstance, query: string, token?: string): Promise<ProductCard[]> {
  const cards: ProductCard[] = [];
  let nextId: number | null = null;
  do {
    const page = await list(app, `${query}${query ? '&' : '?'}limit=5${nextId ? `&nextId=${nextId}` : ''}`, token);
    cards.push(...page.productPayloads);
    nextId = page.pageAndInfiniteScrollResponse.nextId;
    expect(page.pageAndInfiniteScrollResponse.hasNextPage).toBe(nextId !== null);
  } while (nextId);
  return cards;
}

/** The statements the app sends to its database while a recording runs (createTestApp's onQuery). */
let recording: string[] | null = null;
const onQuery = (query: { sql: string }) => recording?.push(query.sql);

/** Every statement the app sends to its database while `run` runs, in order. */
async function recordQueries<T>(run: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const queries: string[] = (recording = []);
  try {
    return { result: await run(), queries };
  } finally {
    recording = null;
  }
}

/** Background sweeps off: they would share the database with the requests whose statements are counted. */
const QUIET = { PUSH_SWEEP_INTERVAL_MS: '0', ORDER_EXPIRY_SWEEP_SECONDS: '0', GOVERNANCE_CLOSE_SWEEP_SECONDS: '0' };

/** Statements of one detail request (see the test that counts them): the session, the project. */
const DETAIL_QUERIES = 2;

async function userIdOf(t: TestApp, email: string): Promise<string> {
  const row = await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

describe.each(testEngines())('the demo catalogue on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-22T09:00:00.000Z'));
  beforeAll(async () => {
    t = await createTestApp(engine, {}, undefined, { now: clock.now });
    await seedDemoDataOnce(t.db.db, clock.now(), t.config.CURRENCY);
  });
  afterAll(() => t.close());

  it('lists every public project with cards computed from stored facts', async () => {
    const { productPayloads } = await list(t.app, '');
    const publicProjects = demoProjects.filter((project) => !project.isRestricted);
    expect(productPayloads).toHaveLength(publicProjects.length);
    for (const card of productPayloads) {
      const project = demoProjects.find((candidate) => candidate.name === card.name)!;
      expect(card.raisedAmount).toBe(project.pricePerToken * project.soldQuantity);
      expect(card.remainingQuantity).toBe(project.totalQuantity - project.soldQuantity);
      expect(card.raisedPercentage).toBe(
        project.targetCap
          ? Math.floor(((project.pricePerToken * project.soldQuantity) / project.targetCap) * 10_000) / 100
          : 0,
      );
      expect(card.inventorCount).toBe(project.investors);
      expect(card.isSoldOut).toBe(project.soldQuantity === project.totalQuantity);
      expect(card.remainingTime).toBe(project.endsInDays === null ? null : Math.max(0, project.endsInDays));
    }
  });

  it('covers every sale status, and each filter returns exactly its projects', async () => {
    const all = await listAll(t.app, '');
    expect(new Set(all.map((card) => card.saleStatus))).toEqual(
      new Set(['SALE', 'SALE_BEFORE', 'SALE_END', 'CLOSING_SOON']),
    );
    for (const status of ['SALE_BEFORE', 'SALE_END', 'CLOSING_SOON'] as const) {
      const filtered = await listAll(t.app, `?saleStatus=${status}`);
      expect(filtered.map((card) => card.id).sort()).toEqual(
        all
          .filter((card) => card.saleStatus === status)
          .map((card) => card.id)
          .sort(),
      );
    }
  });

  it('a request for SALE also returns SALE_BEFORE', async () => {
    const all = await listAll(t.app, '');
    const sale = await listAll(t.app, '?saleStatus=SALE');
    expect(sale.map((card) => card.id).sort()).toEqual(
      all
        .filter((card) => card.saleStatus === 'SALE' || card.saleStatus === 'SALE_BEFORE')
        .map((card) => card.id)
        .sort(),
    );
    expect(sale.some((card) => card.saleStatus === 'SALE_BEFORE')).toBe(true);
  });

  it('marks the projects with the most recent investors as most popular', async () => {
    const { productPayloads } = await list(t.app, '');
    const popular = productPayloads
      .filter((card) => card.isMostPopular)
      .map((card) => card.name)
      .sort();
    const expected = demoProjects
      .filter((project) => !project.isRestricted)
      .sort((a, b) => b.recentInvestors - a.recentInvestors)
      .slice(0, 3)
      .map((project) => project.name)
      .sort();
    expect(popular).toEqual(expected);
  });

  it('filters by category', async () => {
    const categories = (await t.app.inject({ url: '/api/v1/categories' })).json() as {
      categories: Array<{ id: number; name: string }>;
    };
    expect(categories.categories.map((category) => category.name)).toEqual([
      'K-pop & music',
      'Drama & film',
      'Food & restaurants',
      'Hanwoo herds',
      'Craft & culture',
    ]);
    const food = categories.categories.find((category) => category.name === 'Food & restaurants')!;
    const cards = await listAll(t.app, `?categoryId=${food.id}`);
    expect(cards.length).toBe(demoProjects.filter((p) => p.category === 'Food & restaurants').length);
    expect(cards.every((card) => card.category.id === food.id)).toBe(true);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=1000', 'limit'],
    ['limit=ten', 'limit'],
    ['nextId=abc', 'nextId'],
    ['nextId=-4', 'nextId'],
    ['saleStatus=OPEN', 'saleStatus'],
    ['hideStatus=HIDE', 'hideStatus'],
    ['sort=name', 'sort'],
  ])('refuses ?%s with VALIDATION_FAILED', async (query, field) => {
    const response = await t.app.inject({ url: `/api/v1/products?${query}` });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('VALIDATION_FAILED');
    expect(response.body).toContain(field);
  });
});

describe.each(testEngines())('paging, access and the investor’s view on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-22T09:00:00.000Z'));
  let categoryId: number;
  const ids: number[] = [];
  let restrictedId: number;
  let hiddenId: number;
  let investor: { token: string; id: string };
  let visitorToken: string;

  beforeAll(async () => {
    // No background sweeps, so the statements counted below are the requests' own.
    t = await createTestApp(engine, QUIET, undefined, { now: clock.now, onQuery });
    categoryId = await insertCategory(t.db.db, 'Music');
    for (let index = 0; index < 12; index += 1) {
      ids.push(await insertProduct(t.db.db, { categoryId, name: `Project ${index}`, totalQuantity: 1000 }));
    }
    restrictedId = await insertProduct(t.db.db, { categoryId, name: 'Private offering', isRestricted: true });
    hiddenId = await insertProduct(t.db.db, { categoryId, name: 'Withdrawn', hideStatus: 'HIDE' });
    const enrolled = await enrollUser(t.app, clock, 'investor@example.com');
    await approveIdentity(t.app, 'investor@example.com');
    investor = { token: enrolled.token, id: await userIdOf(t, 'investor@example.com') };
    visitorToken = (await enrollUser(t.app, clock, 'unverified@example.com')).token;
  });
  afterAll(() => t.close());

  it('pages by cursor without gaps or repeats, even while projects are added', async () => {
    const first = await list(t.app, '?limit=5');
    expect(first.productPayloads.map((card) => card.id)).toEqual([...ids].reverse().slice(0, 5));
    // A new project arrives between pages: it appears at the top, never shifting later pages.
    const added = await insertProduct(t.db.db, { categoryId, name: 'Brand new' });
    const seen = [...first.productPayloads.map((card) => card.id)];
    let nextId = first.pageAndInfiniteScrollResponse.nextId;
    while (nextId) {
      const page = await list(t.app, `?limit=5&nextId=${nextId}`);
      seen.push(...page.productPayloads.map((card) => card.id));
      nextId = page.pageAndInfiniteScrollResponse.nextId;
    }
    expect(seen).toEqual([...ids].reverse());
    expect(new Set(seen).size).toBe(seen.length);
    expect((await list(t.app, '?limit=1')).productPayloads[0]!.id).toBe(added);
  });

  it('never lists hidden or restricted projects to visitors', async () => {
    const cards = await listAll(t.app, '');
    expect(cards.map((card) => card.id)).not.toContain(restrictedId);
    expect(cards.map((card) => card.id)).not.toContain(hiddenId);
  });

  it('refuses the detail without a session, before the second factor, and before identity approval', async () => {
    expect((await t.app.inject({ url: `/api/v1/products/${ids[0]}` })).statusCode).toBe(401);
    const unverified = await t.app.inject({ url: `/api/v1/products/${ids[0]}`, headers: bearer(visitorToken) });
    expect(unverified.statusCode).toBe(403);
    expect(errorCode(unverified)).toBe('KYC_REQUIRED');
  });

  it('answers the whole detail to an approved investor, with their own facts', async () => {
    const productId = await insertProduct(t.db.db, {
      categoryId,
      name: 'Detailed',
      pricePerToken: 2000,
      totalQuantity: 500,
      remainingQuantity: 200,
      targetCap: 2_000_000,
      endsAt: new Date(clock.now().getTime() + 10 * 86_400_000).toISOString(),
      images: [{ url: '/demo/a.svg', altText: 'A' }],
      gifts: [
        { title: 'Small', description: 'x', limitQuantity: 10 },
        { title: 'Big', description: 'y', limitQuantity: 100 },
      ],
      communityBadges: [
        { name: 'Supporter', limitQuantity: 5 },
        { name: 'Patron', limitQuantity: 50 },
      ],
      about: { legalName: 'Detailed Co.' },
      team: [{ name: 'Kim', role: 'CEO', description: 'Leads.' }],
      dealTerms: [{ field: 'Minimum investment', value: '$20', tooltip: 'The least per order.' }],
      payMethods: [{ name: 'Bank', address: '123', alias: 'Escrow', payMethodType: 'ACCOUNT' }],
    });
    await insertHolding(t.db.db, {
      productId,
      userId: investor.id,
      quantity: 60,
      firstInvestedAt: clock.now().toISOString(),
    });
    const response = await t.app.inject({ url: `/api/v1/products/${productId}`, headers: bearer(investor.token) });
    expect(response.statusCode, response.body).toBe(200);
    const detail = productDetailSchema.parse(response.json());
    expect(detail).toMatchObject({
      raisedAmount: 600_000,
      totalRaisedAmount: 600_000,
      raisedPercentage: 30,
      purchasedQuantity: 300,
      remainingQuantity: 200,
      remainingTime: 10,
      userTokenBalance: 60,
      isSubscribe: false,
      inventorCount: 1,
      saleStatus: deriveSaleStatus(
        { startsAt: null, endsAt: detail.endedAt, totalQuantity: 500, remainingQuantity: 200 },
        clock.now(),
      ),
    });
    expect(detail.availableGift?.title).toBe('Small');
    expect(detail.userCommunityBadge?.name).toBe('Patron');
    expect(detail.images[0]!.url).toMatch(/^https?:\/\/.+\/demo\/a\.svg$/);
    expect(detail.about?.teamMembers).toHaveLength(1);
    expect(detail.dealTermList[0]).toEqual({
      field: 'Minimum investment',
      value: '$20',
      tooltip: 'The least per order.',
    });
  });

  it('parses the parts every viewer reads alike once, and shows an edit at once', async () => {
    const productId = await insertProduct(t.db.db, {
      categoryId,
      name: 'Read often',
      faqs: [{ title: 'When do holders vote?', description: 'Each quarter.' }],
      risks: [{ title: 'Weather', description: 'A dry summer.' }],
      team: [{ name: 'Lee', role: 'Herder', description: 'Knows every cow.' }],
    });
    const read = async () => {
      const response = await t.app.inject({ url: `/api/v1/products/${productId}`, headers: bearer(investor.token) });
      expect(response.statusCode, response.body).toBe(200);
      return productDetailSchema.parse(response.json());
    };
    const counted = async () => {
      const parts = keptJsonCounters.observe();
      const derived = keptValueCounters.observe();
      const written = serializationCounters.observe();
      try {
        const detail = await read();
        return {
          detail,
          parsed: parts.parsed,
          reused: parts.reused,
          derived: derived.derived,
          derivedAgain: derived.reused,
          texts: written.keptTextReused,
        };
      } finally {
        keptJsonCounters.release(parts);
        keptValueCounters.release(derived);
        serializationCounters.release(written);
      }
    };
    const first = await counted();
    const second = await counted();
    expect(second.detail).toEqual(first.detail);
    if (engine === 'sqlite') {
      // SQLite answers each list part as text (twelve: team, links, terms, images, gifts,
      // questions, risks, documents, sections, payment, community, badges; no "about" here), and
      // the second read parses none of them.
      expect(first.parsed + first.reused).toBe(12);
      expect(second).toMatchObject({ parsed: 0, reused: first.parsed + first.reused });
      // Nor does it work their wire shapes out again (the nine parts mapped: badges, gifts, terms,
      // images, questions, risks, sections, payment, community; the team and links are shown
      // within an "about", which this project has not), nor write the text of any of them
      // again: each kept part's text is kept beside it.
      expect(second).toMatchObject({ derived: 0, derivedAgain: 9 });
      expect(second.texts).toBe(9);
    } else {
      // PostgreSQL answers them parsed: nothing to parse, nothing kept.
      expect([first.parsed, first.reused, second.parsed, second.reused]).toEqual([0, 0, 0, 0]);
      expect([second.derived, second.texts]).toEqual([0, 0]);
    }
    // An edit changes the text, so the next read parses the new part, and nothing else.
    await t.db.db
      .updateTable('product_faqs')
      .set({ description: 'Each month, from now on.' })
      .where('product_id', '=', productId)
      .execute();
    const edited = await counted();
    expect(edited.detail.faqs.map((faq) => faq.description)).toEqual(['Each month, from now on.']);
    expect(edited.detail.risks).toEqual(first.detail.risks);
    expect(edited.detail.about).toEqual(first.detail.about);
    // Only the questions are parsed, mapped and written anew.
    if (engine === 'sqlite') expect(edited).toMatchObject({ parsed: 1, derived: 1, derivedAgain: 8, texts: 8 });
  });

  it('answers NOT_FOUND for hidden and unknown projects, VALIDATION_FAILED for bad ids', async () => {
    for (const id of [hiddenId, 999_999]) {
      const response = await t.app.inject({ url: `/api/v1/products/${id}`, headers: bearer(investor.token) });
      expect(response.statusCode).toBe(404);
      expect(errorCode(response)).toBe('NOT_FOUND');
    }
    for (const id of ['0', 'abc', '1.5']) {
      const response = await t.app.inject({ url: `/api/v1/products/${id}`, headers: bearer(investor.token) });
      expect(errorCode(response)).toBe('VALIDATION_FAILED');
    }
  });

  it('toggles a subscription', async () => {
    const toggle = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/products/subscribe',
        headers: bearer(investor.token),
        payload: { productId: ids[0] },
      });
    expect((await toggle()).json()).toEqual({ productId: ids[0], isSubscribe: true });
    const detail = await t.app.inject({ url: `/api/v1/products/${ids[0]}`, headers: bearer(investor.token) });
    expect(detail.json().isSubscribe).toBe(true);
    expect((await toggle()).json()).toEqual({ productId: ids[0], isSubscribe: false });
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/v1/products/subscribe',
      headers: bearer(investor.token),
      payload: { productId: ids[0], userId: 'someone-else' },
    });
    expect(errorCode(extra)).toBe('VALIDATION_FAILED');
  });

  it('a restricted project: refused, requested, allowed by an operator, then listed and readable', async () => {
    const refused = await t.app.inject({ url: `/api/v1/products/${restrictedId}`, headers: bearer(investor.token) });
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('WHITELIST_REQUIRED');
    const state = await t.app.inject({
      url: `/api/v1/products/${restrictedId}/whitelist`,
      headers: bearer(investor.token),
    });
    expect(state.json()).toMatchObject({ status: 'NONE', isRestricted: true, name: 'Private offering' });

    const requested = await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${restrictedId}/whitelist`,
      headers: bearer(investor.token),
    });
    expect(requested.json()).toMatchObject({ status: 'REQUEST' });
    // Asking twice changes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${restrictedId}/whitelist`,
      headers: bearer(investor.token),
    });
    expect(again.json()).toMatchObject({ status: 'REQUEST' });
    expect((await listAll(t.app, '', investor.token)).map((card) => card.id)).not.toContain(restrictedId);

    const ids = await allowProductForUser(t.app.ctx, restrictedId, investor.id, 'operator@moa.localhost', {
      ip: 'operator',
      userAgent: 'test',
    });
    expect(ids.allowedProductIds).toEqual([restrictedId]);
    expect((await listAll(t.app, '', investor.token)).map((card) => card.id)).toContain(restrictedId);
    expect((await listAll(t.app, '')).map((card) => card.id)).not.toContain(restrictedId);
    const readable = await t.app.inject({ url: `/api/v1/products/${restrictedId}`, headers: bearer(investor.token) });
    expect(readable.statusCode).toBe(200);
  });

  it('an open project needs no whitelist request', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${ids[1]}/whitelist`,
      headers: bearer(investor.token),
    });
    expect(response.statusCode).toBe(409);
    expect(errorCode(response)).toBe('CONFLICT');
  });

  it('a page of 100 projects is one query, and a detail one query beside the session', async () => {
    for (let index = 0; index < 90; index += 1) await insertProduct(t.db.db, { categoryId, name: `Bulk ${index}` });
    await list(t.app, '?limit=100');
    const page = await recordQueries(() => list(t.app, '?limit=100'));
    expect(page.result.productPayloads).toHaveLength(100);
    // The page with its investor counts and the stored "most popular" ranking: one query, not one per card.
    expect(page.queries).toHaveLength(1);

    // A new holder makes the ranking stale: the next page counts it once (generation, count,
    // window bounds, store), and the page after reads it stored again.
    await insertHolding(t.db.db, {
      productId: ids[3]!,
      userId: investor.id,
      quantity: 1,
      firstInvestedAt: clock.now().toISOString(),
    });
    const cold = await recordQueries(() => list(t.app, '?limit=100'));
    expect(cold.queries, cold.queries.join('\n')).toHaveLength(5);
    expect((await recordQueries(() => list(t.app, '?limit=100'))).queries).toHaveLength(1);

    const detail = await recordQueries(async () => {
      const response = await t.app.inject({ url: `/api/v1/products/${ids[3]}`, headers: bearer(investor.token) });
      expect(response.statusCode, response.body).toBe(200);
    });
    const productQueries = detail.queries.filter((query) => /"products"/.test(query));
    // The whole project (row, viewer's facts and open orders, every part with the documents'
    // versions) in one statement.
    expect(productQueries).toHaveLength(1);
    // Beside it only the session, with its account and identity review (the KYC check reads it).
    expect(detail.queries, detail.queries.join('\n')).toHaveLength(DETAIL_QUERIES);
    expect(detail.queries.filter((query) => /"kyc_reviews"/.test(query))).toHaveLength(1);
  });
});
