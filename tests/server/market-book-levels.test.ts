import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MARKET_BOOK_DEPTH, marketOrderPlacedSchema, marketViewSchema } from '../../src/domain/market';
import { testEngines } from '../helpers/db';
import { marketSetUp } from '../helpers/market';
import { expectMarketSound } from '../helpers/market-proof';
import { createSaleProduct, type Investor } from '../helpers/orders';

const HOUR = 60 * 60 * 1000;

/**
 * The book by price level is kept as orders are placed, filled, cancelled and expire
 * (docs/decisions/1833-the-book-kept-by-level.md), so reading it costs its levels, not its
 * orders. These tests hold the kept levels to the open orders they sum, through every way an
 * order changes, and keep the read off the orders themselves.
 */
describe.each(testEngines())('the book kept by level (%s)', (engine) => {
  const statements: string[] = [];
  const queries: Array<{ sql: string; parameters: readonly unknown[] }> = [];
  const { t, clock, run, call, investor, seedTokens, deposited } = marketSetUp(engine, 'levels', {
    onQuery: (query) => {
      statements.push(query.sql);
      queries.push(query);
    },
  });

  async function placed(who: Investor, productId: number, body: object) {
    const response = await call(who, 'POST', `/api/v1/products/${productId}/market/orders`, body);
    expect(response.statusCode, response.body).toBe(201);
    return marketOrderPlacedSchema.parse(response.json());
  }

  async function book(who: Investor, productId: number) {
    const response = await call(who, 'GET', `/api/v1/products/${productId}/market`);
    expect(response.statusCode, response.body).toBe(200);
    const view = marketViewSchema.parse(response.json());
    return { bids: view.bids, asks: view.asks };
  }

  async function keptLevels(productId: number) {
    return t.app.ctx.db
      .selectFrom('market_book_levels')
      .select(['side', 'price', 'quantity', 'orders'])
      .where('product_id', '=', productId)
      .execute();
  }

  it('follows placing, partial and whole fills, cancels and expiry, and reads no order to show it', async () => {
    const { productId } = await createSaleProduct(t.app, { pricePerToken: 1000 });
    await run('market:open', String(productId), '--tick', '10', '--fee-bp', '100');
    const sellers = [await investor(), await investor(), await investor()];
    for (const seller of sellers) await seedTokens(productId, seller, 20);
    const buyers = [await investor(50_000), await investor(50_000)];

    await placed(sellers[0]!, productId, { side: 'SELL', price: 1010, quantity: 3 });
    await placed(sellers[1]!, productId, { side: 'SELL', price: 1010, quantity: 4 });
    const cancelled = await placed(sellers[2]!, productId, { side: 'SELL', price: 1020, quantity: 5 });
    await placed(sellers[2]!, productId, {
      side: 'SELL',
      price: 1030,
      quantity: 2,
      goodUntil: new Date(clock.ms + HOUR).toISOString(),
    });
    await placed(sellers[0]!, productId, { side: 'SELL', price: 1030, quantity: 6 });
    await placed(buyers[0]!, productId, { side: 'BUY', price: 990, quantity: 2 });
    await placed(buyers[1]!, productId, { side: 'BUY', price: 990, quantity: 1 });
    await placed(buyers[1]!, productId, { side: 'BUY', price: 980, quantity: 8 });
    expect(await book(buyers[0]!, productId)).toEqual({
      bids: [
        { price: 990, quantity: 3, orders: 2 },
        { price: 980, quantity: 8, orders: 1 },
      ],
      asks: [
        { price: 1010, quantity: 7, orders: 2 },
        { price: 1020, quantity: 5, orders: 1 },
        { price: 1030, quantity: 8, orders: 2 },
      ],
    });

    // A buy of 5 at 1010 fills the first seller's 3 whole and takes 2 of the second's 4.
    const fill = await placed(buyers[0]!, productId, { side: 'BUY', price: 1010, quantity: 5 });
    expect(fill.fills.map((row) => row.quantity)).toEqual([3, 2]);
    // A cancel takes its level away whole; a bid that crosses nothing rests on its own level.
    const cancel = await call(sellers[2]!, 'POST', `/api/v1/market/orders/${cancelled.order.id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await placed(buyers[1]!, productId, { side: 'BUY', price: 1000, quantity: 1 });
    // Past its date, before any sweep: the order that expired leaves its level, the other stays.
    clock.advance(HOUR);

    statements.length = 0;
    expect(await book(buyers[0]!, productId)).toEqual({
      bids: [
        { price: 1000, quantity: 1, orders: 1 },
        { price: 990, quantity: 3, orders: 2 },
        { price: 980, quantity: 8, orders: 1 },
      ],
      asks: [
        { price: 1010, quantity: 2, orders: 1 },
        { price: 1030, quantity: 6, orders: 1 },
      ],
    });
    // The read takes the levels, and of the orders only those already past their date.
    const ofOrders = statements.filter((text) => /from "market_orders"/.test(text));
    expect(ofOrders, statements.join('\n')).toHaveLength(1);
    expect(ofOrders[0]).toMatch(/"good_until" <=/);
    expect(ofOrders[0]).not.toMatch(/group by/i);
    if (engine === 'sqlite') {
      // Even with statistics that call the project's open orders many, the read of those past
      // their date goes through the partial index, not the project's orders.
      await sql`analyze`.execute(t.app.ctx.db);
      const query = queries.find((one) => one.sql === ofOrders[0])!;
      const plan = await t.app.ctx.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      expect(plan.rows.map((row) => row.detail)).toEqual([
        expect.stringMatching(/USING INDEX market_orders_product_due_idx/),
      ]);
    }
    // One read of the levels per side, each bounded by the depth shown.
    const ofLevels = statements.filter((text) => /from "market_book_levels"/.test(text));
    expect(ofLevels).toHaveLength(2);
    for (const text of ofLevels) expect(text).toMatch(/limit/);

    // The next write expires it for good; the kept levels are the open orders summed.
    await placed(buyers[1]!, productId, { side: 'BUY', price: 970, quantity: 1 });
    await expectMarketSound(t.app.ctx.db, productId, { tokens: 60, deposited: deposited() });
    expect(await keptLevels(productId)).toHaveLength(6);
    // SQLite compares a bound order state with the partial index's condition by the value bound,
    // so a statement that binds one is compiled again on every run: the state is written in
    // (docs/decisions/1845-a-kept-statement-is-not-compiled-again.md).
    const conditions = (text: string) =>
      text
        .split(/\bwhere\b/)
        .slice(1)
        .join(' where ');
    const ofOrderStates = statements.filter(
      (text) => /"market_orders"/.test(text) && /"state" (=|<>|!=) \?/.test(conditions(text)),
    );
    expect(ofOrderStates, ofOrderStates.join('\n')).toEqual([]);
    expect(statements.some((text) => /"state" = 'OPEN'/.test(text))).toBe(true);
  });

  it('empties when the operator cancels every resting order', async () => {
    const { productId } = await createSaleProduct(t.app, { pricePerToken: 1000 });
    await run('market:open', String(productId), '--tick', '10');
    const seller = await investor();
    await seedTokens(productId, seller, 10);
    const buyer = await investor(10_000);
    await placed(seller, productId, { side: 'SELL', price: 1050, quantity: 4 });
    await placed(buyer, productId, { side: 'BUY', price: 950, quantity: 2 });
    expect(await keptLevels(productId)).toHaveLength(2);

    await run('market:cancel-all', String(productId), 'Surveillance', 'review');
    expect(await keptLevels(productId)).toEqual([]);
    expect(await book(buyer, productId)).toEqual({ bids: [], asks: [] });
    await expectMarketSound(t.app.ctx.db, productId, { tokens: 10, deposited: deposited() });
  });

  it(`shows the best ${MARKET_BOOK_DEPTH} levels of a side, the next coming in when one expires`, async () => {
    const { productId } = await createSaleProduct(t.app, { pricePerToken: 1000 });
    await run('market:open', String(productId), '--tick', '1');
    const seller = await investor();
    const levels = MARKET_BOOK_DEPTH + 5;
    await seedTokens(productId, seller, levels);
    const buyer = await investor(1_000);
    // The best ask expires in an hour; the others rest until cancelled, one level each.
    for (let index = 0; index < levels; index += 1) {
      await placed(seller, productId, {
        side: 'SELL',
        price: 1001 + index,
        quantity: 1,
        ...(index === 0 ? { goodUntil: new Date(clock.ms + HOUR).toISOString() } : {}),
      });
    }
    const shown = (await book(buyer, productId)).asks;
    expect(shown).toHaveLength(MARKET_BOOK_DEPTH);
    expect(shown.map((level) => level.price)).toEqual(
      Array.from({ length: MARKET_BOOK_DEPTH }, (_, index) => 1001 + index),
    );
    clock.advance(HOUR);
    const after = (await book(buyer, productId)).asks;
    expect(after.map((level) => level.price)).toEqual(
      Array.from({ length: MARKET_BOOK_DEPTH }, (_, index) => 1002 + index),
    );
  });
});
