import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendHoldingEntry } from '../../server/modules/holdings/repository';
import { insertUser } from '../../server/modules/users/records-repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { testEngines } from '../helpers/db';
import { createInvestor, createSaleProduct, type Investor } from '../helpers/investors';

/**
 * The reads of a holder of many projects stay the holder's own work as the platform grows
 * (issue #29, reads at scale; docs/decisions/1828-reads-at-scale.md): each runs as many
 * statements for twelve held projects among many investors as for one project alone, and one
 * investor's orders of a project are read by (product_id, user_id, state), never through every
 * order of the project.
 */
describe.each(testEngines())('reads at scale on %s', (engine) => {
  let t: TestApp;
  let reader: Investor;
  let popular: number;
  const queries: Array<{ sql: string; parameters: readonly unknown[] }> = [];
  let seq = 0;
  const at = () => t.app.ctx.now().toISOString();

  const hold = (productId: number, userId: string, quantity: number) =>
    appendHoldingEntry(t.db.db, {
      productId,
      userId,
      quantity,
      reason: 'OPENING_BALANCE',
      orderId: null,
      note: 'test holding',
      at: at(),
    });

  /** A confirmed order of the project by the investor, written as the order flow leaves it. */
  async function confirmedOrder(productId: number, userId: string, quantity: number) {
    const payMethod = await t.db.db
      .selectFrom('product_pay_methods')
      .select('id')
      .where('product_id', '=', productId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    seq += 1;
    await t.db.db
      .insertInto('orders')
      .values({
        id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
        reference: `SCALE${seq}`,
        user_id: userId,
        product_id: productId,
        pay_method_id: Number(payMethod.id),
        state: 'CONFIRMED',
        quantity,
        price_per_token: 1000,
        amount: quantity * 1000,
        currency: t.config.CURRENCY,
        expires_at: at(),
        created_at: at(),
        updated_at: at(),
      })
      .execute();
    await hold(productId, userId, quantity);
  }

  const reads = () => [
    { name: 'portfolio', url: '/api/v1/users/me/products' },
    { name: 'revenues', url: '/api/v1/users/me/revenues' },
    { name: 'notifications', url: '/api/v1/notifications' },
    { name: 'unread count', url: '/api/v1/notifications/unread-count' },
    { name: 'project list', url: '/api/v1/products?limit=9' },
    { name: 'project detail', url: `/api/v1/products/${popular}` },
  ];

  async function statementsOf(url: string) {
    expect((await t.app.inject({ url, headers: reader.headers })).statusCode, url).toBe(200);
    queries.length = 0;
    const answer = await t.app.inject({ url, headers: reader.headers });
    expect(answer.statusCode, url).toBe(200);
    return [...queries];
  }

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      {
        RATE_LIMIT_MAX: '100000',
        PUSH_SWEEP_INTERVAL_MS: '0',
        ORDER_EXPIRY_SWEEP_SECONDS: '0',
        GOVERNANCE_CLOSE_SWEEP_SECONDS: '0',
      },
      undefined,
      { onQuery: (query) => queries.push(query) },
    );
    reader = await createInvestor(t.app, 'many@example.com');
    popular = (await createSaleProduct(t.app)).productId;
    await confirmedOrder(popular, reader.userId, 3);
  });
  afterAll(() => t.close());

  it('runs as many statements for twelve held projects among many investors as for one', async () => {
    const alone = new Map<string, number>();
    for (const read of reads()) alone.set(read.name, (await statementsOf(read.url)).length);

    // Eleven more projects held, and forty other investors who bought the popular one.
    for (let index = 0; index < 11; index += 1)
      await hold((await createSaleProduct(t.app)).productId, reader.userId, 2 + index);
    for (let index = 0; index < 40; index += 1) {
      const userId = await insertUser(t.db.db, { email: `other${index}@example.com`, name: 'Other' }, at());
      await confirmedOrder(popular, userId, 1 + (index % 5));
    }
    const portfolio = await t.app.inject({ url: '/api/v1/users/me/products', headers: reader.headers });
    expect(portfolio.json().myProductPayloads).toHaveLength(12);

    for (const read of reads()) {
      const taken = await statementsOf(read.url);
      expect(taken.length, `${read.name}:\n${taken.map((query) => query.sql).join('\n')}`).toBe(alone.get(read.name));
    }
  });

  it("reads one investor's orders of a project by the investor, not through every order of the project", async () => {
    const ordersRead: Array<{ sql: string; parameters: readonly unknown[] }> = [];
    for (const url of [`/api/v1/products/${popular}`, '/api/v1/users/me/revenues']) {
      ordersRead.push(...(await statementsOf(url)).filter((query) => /from "orders"/.test(query.sql)));
    }
    // The detail's open quantity, and the revenue page's paid amount and quantity.
    expect(ordersRead.length).toBeGreaterThanOrEqual(2);
    for (const query of ordersRead) {
      const lines =
        engine === 'sqlite'
          ? (
              await t.db.db.executeQuery<{ detail: string }>(
                CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
              )
            ).rows.map((row) => row.detail)
          : // The tables here are small enough for PostgreSQL to read whole; with scans refused,
            // it shows which index it would read.
            await t.db.db.transaction().execute(async (trx) => {
              await sql`set local enable_seqscan = off`.execute(trx);
              const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(
                CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
              );
              return plan.rows.map((row) => row['QUERY PLAN']);
            });
      const text = lines.join('\n');
      if (engine === 'sqlite') {
        const ofOrders = lines.filter((line) => /^(SCAN|SEARCH) orders\b/.test(line));
        expect(ofOrders.length, text).toBeGreaterThan(0);
        for (const line of ofOrders)
          expect(line, text).toMatch(/USING INDEX orders_product_holder_idx \(product_id=\? AND user_id=\?/);
      } else {
        expect(text, text).toMatch(/orders_product_holder_idx/);
        expect(text, text).not.toMatch(/Seq Scan on orders/);
        expect(text, text).toMatch(/Index Cond: \(.*user_id/);
      }
    }
  });
});
