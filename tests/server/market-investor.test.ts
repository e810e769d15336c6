import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MARKET_TRADED, parseLiveEvent } from '../../src/domain/live';
import { marketOrderPlacedSchema, marketSeriesSchema } from '../../src/domain/market';
import { myRevenuesResponseSchema } from '../../src/domain/portfolio';
import { commands } from '../../server/cli/commands';
import { confirmDeposit, depositReferenceOf } from '../../server/modules/cash/service';
import { insertHolding } from '../../server/modules/products/factory';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { isChange, openLiveStream, type LiveReader } from '../helpers/live';
import { createInvestor, createSaleProduct, type Investor } from '../helpers/orders';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const META = { ip: '127.0.0.1', userAgent: 'market investor test' };
const DAY = 24 * 60 * 60_000;

/**
 * The investor's side of the market: the chart's daily series, holdings valued at the last price
 * beside their cost, and the public live event that refreshes every open book.
 */
describe.each(testEngines())('the market for investors (%s)', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.UTC(2026, 10, 20, 9));
  const longAgo = new Date(Date.UTC(2024, 0, 10)).toISOString();
  let seq = 0;
  const streams: LiveReader[] = [];

  const run = (name: string, ...args: string[]) => commands[name]!.run(t.app.ctx, args);
  const call = (who: Investor, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  async function placed(who: Investor, productId: number, side: 'BUY' | 'SELL', price: number, quantity: number) {
    const response = await call(who, `/api/v1/products/${productId}/market/orders`, 'POST', { side, price, quantity });
    expect(response.statusCode, response.body).toBe(201);
    return marketOrderPlacedSchema.parse(response.json());
  }
  async function investor(cash = 0): Promise<Investor> {
    const n = (seq += 1);
    const person = await createInvestor(t.app, `mkt-inv${n}-${engine}@example.com`);
    if (cash > 0) {
      const reference = await depositReferenceOf(t.app.ctx, person.userId);
      await confirmDeposit(
        t.app.ctx,
        { depositReference: reference, amount: cash, bankReference: `MKTI-${engine}-${n}` },
        'operator:test',
        META,
      );
    }
    return person;
  }
  async function portfolio(who: Investor) {
    const response = await call(who, '/api/v1/users/me/revenues');
    expect(response.statusCode, response.body).toBe(200);
    return myRevenuesResponseSchema.parse(response.json()).myRevenueAndProducts;
  }
  async function series(who: Investor, productId: number, query = '') {
    return call(who, `/api/v1/products/${productId}/market/series${query}`);
  }
  const open = async (who: Investor, headers: Record<string, string> = {}) => {
    const stream = await openLiveStream(t.app, who.token, headers);
    streams.push(stream);
    return stream;
  };
  const marketChange = async (stream: LiveReader, productId: number) => {
    const frame = await stream.next((f) => isChange(f) && parseLiveEvent(f.data)?.type === 'market', 10_000);
    const event = parseLiveEvent(frame.data)!;
    expect(event.productId).toBe(productId);
    return event;
  };

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      { REVENUE_SWEEP_SECONDS: '0', RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' },
      undefined,
      { now: clock.now },
    );
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  it('charts one point per day with trades, values holdings at the last price beside their cost', async () => {
    const { productId } = await createSaleProduct(t.app, { pricePerToken: 1000 });
    const { productId: quietId } = await createSaleProduct(t.app, { pricePerToken: 2500 });
    await run('market:open', String(productId), '--fee-bp', '100');
    const seller = await investor();
    const buyer = await investor(100_000);
    await insertHolding(t.app.ctx.db, { productId, userId: seller.userId, quantity: 10, firstInvestedAt: longAgo });
    await insertHolding(t.app.ctx.db, {
      productId: quietId,
      userId: seller.userId,
      quantity: 3,
      firstInvestedAt: longAgo,
    });

    // Before any trade: an empty series; holdings valued at the offering price, cost the same.
    const empty = await series(buyer, productId);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(marketSeriesSchema.parse(empty.json())).toMatchObject({ productId, days: 90, points: [] });
    const before = await portfolio(seller);
    expect(before.products.find((p) => p.id === productId)).toMatchObject({
      lastPrice: null,
      marketValue: 10_000,
      costBasis: 10_000,
      gain: 0,
    });

    // Day one: 4 tokens at 1,100.
    await placed(seller, productId, 'SELL', 1100, 4);
    expect((await placed(buyer, productId, 'BUY', 1100, 4)).fills).toHaveLength(1);
    // Day two: 2 at 1,200, then 1 at 1,150 (the buyer's resting order is the price).
    clock.advance(DAY);
    await placed(seller, productId, 'SELL', 1200, 2);
    await placed(buyer, productId, 'BUY', 1200, 2);
    await placed(buyer, productId, 'BUY', 1150, 1);
    await placed(seller, productId, 'SELL', 1150, 1);

    const day1 = new Date(clock.ms - DAY).toISOString().slice(0, 10);
    const day2 = new Date(clock.ms).toISOString().slice(0, 10);
    const chart = marketSeriesSchema.parse((await series(buyer, productId)).json());
    expect(chart.currency).toBe(t.app.ctx.config.CURRENCY);
    expect(chart.points).toEqual([
      { day: day1, open: 1100, high: 1100, low: 1100, close: 1100, volume: 4, amount: 4400, trades: 1 },
      { day: day2, open: 1200, high: 1200, low: 1150, close: 1150, volume: 3, amount: 3550, trades: 2 },
    ]);
    // Bounded by the days asked for: today only.
    const today = marketSeriesSchema.parse((await series(buyer, productId, '?days=1')).json());
    expect(today.points.map((point) => point.day)).toEqual([day2]);

    // The buyer paid 7,950 for 7 tokens now worth 1,150 each; the seller's 3 cost the offering price.
    const bought = await portfolio(buyer);
    expect(bought.products.find((p) => p.id === productId)).toMatchObject({
      purchaseAmount: 7,
      lastPrice: 1150,
      marketValue: 8050,
      costBasis: 7950,
      gain: 100,
    });
    const sold = await portfolio(seller);
    expect(sold.products.find((p) => p.id === productId)).toMatchObject({
      purchaseAmount: 3,
      lastPrice: 1150,
      marketValue: 3450,
      costBasis: 3000,
      gain: 450,
    });
    // A project that never traded is valued at its offering price.
    expect(sold.products.find((p) => p.id === quietId)).toMatchObject({
      lastPrice: null,
      marketValue: 7500,
      costBasis: 7500,
      gain: 0,
    });
    expect(sold.totals).toMatchObject({ marketValue: 3450 + 7500, costBasis: 3000 + 7500, gain: 450 });
  });

  it('validates the series query and answers 404 for a project that does not exist', async () => {
    const someone = await investor();
    const { productId } = await createSaleProduct(t.app, { pricePerToken: 1000 });
    for (const query of ['?days=0', '?days=367', '?days=abc', '?days=1.5', '?limit=3']) {
      const refused = await series(someone, productId, query);
      expect([refused.statusCode, errorCode(refused)], query).toEqual([400, 'VALIDATION_FAILED']);
    }
    const missing = await series(someone, 987_654);
    expect([missing.statusCode, errorCode(missing)]).toEqual([404, 'NOT_FOUND']);
    const anonymous = await t.app.inject({ url: `/api/v1/products/${productId}/market/series` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('tells every open app, once per change, when a book changes; replays it after a reconnect', async () => {
    const { productId } = await createSaleProduct(t.app, { pricePerToken: 1000 });
    await run('market:open', String(productId));
    const seller = await investor();
    const buyer = await investor(50_000);
    const watcher = await investor();
    await insertHolding(t.app.ctx.db, { productId, userId: seller.userId, quantity: 20, firstInvestedAt: longAgo });

    const stream = await open(watcher);
    const ready = await stream.next((frame) => frame.event === 'ready');

    // A resting order: the book changed, nothing traded.
    await placed(seller, productId, 'SELL', 1000, 5);
    expect(await marketChange(stream, productId)).toMatchObject({ ref: null });
    // A fill: the book and the last price.
    await placed(buyer, productId, 'BUY', 1000, 2);
    expect(await marketChange(stream, productId)).toMatchObject({ ref: MARKET_TRADED });

    // Cancelling every order writes one public row for the book, however many orders it held.
    await placed(seller, productId, 'SELL', 1010, 1);
    await placed(seller, productId, 'SELL', 1020, 1);
    const rowsBefore = await t.app.ctx.db
      .selectFrom('live_events')
      .select('id')
      .where('type', '=', 'market')
      .where('product_id', '=', productId)
      .execute();
    await run('market:cancel-all', String(productId), 'Test', 'reason');
    const rowsAfter = await t.app.ctx.db
      .selectFrom('live_events')
      .select(['id', 'user_id'])
      .where('type', '=', 'market')
      .where('product_id', '=', productId)
      .execute();
    expect(rowsAfter.length - rowsBefore.length).toBe(1);
    expect(new Set(rowsAfter.map((row) => row.user_id))).toEqual(new Set(['*']));

    // An app that was away gets the public changes it missed with its own.
    const again = await open(watcher, { 'last-event-id': ready.id! });
    const missed: string[] = [];
    while (missed.length < 5) {
      const frame = await again.next(isChange, 10_000);
      const event = parseLiveEvent(frame.data)!;
      if (event.type === 'market' && event.productId === productId) missed.push(event.ref ?? 'book');
    }
    expect(missed).toEqual(['book', 'trade', 'book', 'book', 'book']);
  });
});
