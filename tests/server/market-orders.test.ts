import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  marketOrderPlacedSchema,
  marketOrderSchema,
  myMarketOrdersSchema,
  myMarketTradesPageSchema,
} from '../../src/domain/market';
import { notificationPageSchema } from '../../src/domain/notifications';
import { expireDueMarketOrders } from '../../server/modules/market/cancelling';
import { errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { marketSetUp } from '../helpers/market';
import { createSaleProduct, type Investor } from '../helpers/orders';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * The investor's side of the market (docs/decisions/1821): orders good until a date, which stop
 * matching and release what they hold exactly once; fill notices in the inbox and by push; and
 * the account's lists of my orders and my trades.
 */
describe.each(testEngines())('market orders of an investor (%s)', (engine) => {
  const { t, clock, run, call, investor, balance, holding, seedTokens } = marketSetUp(engine, 'mine');
  const order = (who: Investor, productId: number, body: object) =>
    call(who, 'POST', `/api/v1/products/${productId}/market/orders`, body);
  async function placed(who: Investor, productId: number, body: object) {
    const response = await order(who, productId, body);
    expect(response.statusCode, response.body).toBe(201);
    return marketOrderPlacedSchema.parse(response.json());
  }

  async function myOrders(who: Investor, query = '') {
    const response = await call(who, 'GET', `/api/v1/users/me/market/orders${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return myMarketOrdersSchema.parse(response.json());
  }

  async function myTrades(who: Investor, query = '') {
    const response = await call(who, 'GET', `/api/v1/users/me/market/trades${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return myMarketTradesPageSchema.parse(response.json());
  }

  async function inbox(who: Investor) {
    const response = await call(who, 'GET', '/api/v1/notifications');
    expect(response.statusCode, response.body).toBe(200);
    return notificationPageSchema.parse(response.json());
  }

  async function newMarket() {
    const { productId } = await createSaleProduct(t.app, { pricePerToken: 1000 });
    await run('market:open', String(productId), '--tick', '10', '--fee-bp', '100');
    return productId;
  }

  /** How many times the order's cash hold was given back. */
  async function releases(orderId: number) {
    const rows = await t.app.ctx.db
      .selectFrom('cash_entries')
      .select('id')
      .where('market_order_id', '=', orderId)
      .where('kind', '=', 'MARKET_RELEASE')
      .execute();
    return rows.length;
  }

  async function liveTypes(userId: string) {
    const rows = await t.app.ctx.db.selectFrom('live_events').select('type').where('user_id', '=', userId).execute();
    return rows.map((row) => row.type);
  }

  it('refuses a goodUntil that is past, not a date, or more than a year ahead', async () => {
    const productId = await newMarket();
    const buyer = await investor(10_000);
    const at = (ms: number) => new Date(clock.ms + ms).toISOString();
    for (const goodUntil of [at(-1), at(0), at(366 * DAY), 'tomorrow', '2026-11-21']) {
      const refused = await order(buyer, productId, { side: 'BUY', price: 1000, quantity: 1, goodUntil });
      expect([refused.statusCode, errorCode(refused)], goodUntil).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(
      (await order(buyer, productId, { side: 'BUY', price: 1000, quantity: 1, goodUntil: at(366 * DAY) })).body,
    ).toContain('365 days');
    expect(await balance(buyer)).toMatchObject({ available: 10_000, held: 0 });
    // An offset is taken and stored as the same instant in UTC.
    const kept = await placed(buyer, productId, {
      side: 'BUY',
      price: 1000,
      quantity: 1,
      goodUntil: '2026-11-21T18:00:00+09:00',
    });
    expect(kept.order.goodUntil).toBe('2026-11-21T09:00:00.000Z');
    const untilCancelled = await placed(buyer, productId, { side: 'BUY', price: 1000, quantity: 1 });
    expect(untilCancelled.order.goodUntil).toBeNull();
  });

  it('an expired order never fills, and releases its hold exactly once (sweep, placement and cancel)', async () => {
    const productId = await newMarket();
    const seller = await investor();
    await seedTokens(productId, seller, 10);
    const buyer = await investor(20_000);
    const until = new Date(clock.ms + HOUR).toISOString();

    const sell = await placed(seller, productId, { side: 'SELL', price: 1000, quantity: 4, goodUntil: until });
    const bid = await placed(buyer, productId, { side: 'BUY', price: 900, quantity: 5, goodUntil: until });
    expect(await holding(productId, seller.userId)).toEqual({ quantity: 10, held: 4 });
    expect(await balance(buyer)).toMatchObject({ available: 15_500, held: 4_500 });

    clock.advance(HOUR);
    // Past its date, before any sweep: the book no longer shows it and a crossing buy does not fill it.
    const view = (await call(buyer, 'GET', `/api/v1/products/${productId}/market`)).json() as {
      asks: unknown[];
      bids: unknown[];
    };
    expect(view.asks).toEqual([]);
    expect(view.bids).toEqual([]);
    const buyer2 = await investor(5_000);
    const crossing = await placed(buyer2, productId, { side: 'BUY', price: 1000, quantity: 2 });
    expect(crossing.fills).toEqual([]);
    expect(crossing.order).toMatchObject({ state: 'OPEN', remaining: 2 });
    // Placing it expired the project's due orders first: both released what they held.
    expect(await holding(productId, seller.userId)).toEqual({ quantity: 10, held: 0 });
    expect(await balance(buyer)).toMatchObject({ available: 20_000, held: 0 });
    const mine = await myOrders(seller);
    expect(mine.orders.find((row) => row.id === sell.order.id)).toMatchObject({
      state: 'EXPIRED',
      cancelReason: 'EXPIRED',
      remaining: 4,
      held: 0,
    });
    expect(await releases(bid.order.id)).toBe(1);

    // The sweep and a late cancel find nothing more to release.
    expect(await expireDueMarketOrders(t.app.ctx)).toBe(0);
    const late = await call(buyer, 'POST', `/api/v1/market/orders/${bid.order.id}/cancel`);
    expect([late.statusCode, errorCode(late)]).toEqual([409, 'MARKET_ORDER_CLOSED']);
    expect(await releases(bid.order.id)).toBe(1);
    expect(await balance(buyer)).toMatchObject({ available: 20_000, held: 0 });
    await call(buyer2, 'POST', `/api/v1/market/orders/${crossing.order.id}/cancel`);
  });

  it('the sweep expires due orders of every project once, also when two sweeps race', async () => {
    const productA = await newMarket();
    const productB = await newMarket();
    const seller = await investor();
    await seedTokens(productA, seller, 6);
    const buyer = await investor(10_000);
    const soon = new Date(clock.ms + 10 * 60 * 1000).toISOString();
    const later = new Date(clock.ms + 2 * DAY).toISOString();
    const sell = await placed(seller, productA, { side: 'SELL', price: 1100, quantity: 6, goodUntil: soon });
    const bid = await placed(buyer, productB, { side: 'BUY', price: 950, quantity: 4, goodUntil: soon });
    const stays = await placed(buyer, productB, { side: 'BUY', price: 900, quantity: 1, goodUntil: later });
    expect(await expireDueMarketOrders(t.app.ctx)).toBe(0);

    clock.advance(10 * 60 * 1000);
    const counts = await Promise.all([expireDueMarketOrders(t.app.ctx), expireDueMarketOrders(t.app.ctx)]);
    expect(counts[0]! + counts[1]!).toBe(2);
    expect(await holding(productA, seller.userId)).toEqual({ quantity: 6, held: 0 });
    expect(await balance(buyer)).toMatchObject({ available: 10_000 - 900, held: 900 });
    expect(await releases(bid.order.id)).toBe(1);
    const expired = await myOrders(buyer, '?state=EXPIRED');
    expect(expired.orders.map((row) => row.id)).toEqual([bid.order.id]);
    expect((await myOrders(buyer, '?state=OPEN')).orders.map((row) => row.id)).toEqual([stays.order.id]);
    expect((await myOrders(seller, '?state=EXPIRED')).orders.map((row) => row.id)).toEqual([sell.order.id]);
    expect((await myOrders(seller, '?state=CANCELLED')).orders).toEqual([]);
    // The expiry is in the investor's audit history and their app hears of it.
    const audit = await t.app.ctx.db
      .selectFrom('audit_events')
      .select('detail')
      .where('user_id', '=', seller.userId)
      .where('type', '=', 'MARKET_ORDER_CANCELLED')
      .execute();
    expect(audit.map((row) => row.detail)).toEqual([expect.stringContaining('EXPIRED')]);
    expect(await liveTypes(seller.userId)).toContain('marketOrder');

    // An order past its date but not yet swept, cancelled by its investor, expires instead.
    const last = await placed(buyer, productB, {
      side: 'BUY',
      price: 900,
      quantity: 1,
      goodUntil: new Date(clock.ms + HOUR).toISOString(),
    });
    clock.advance(HOUR);
    const cancelled = await call(buyer, 'POST', `/api/v1/market/orders/${last.order.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(marketOrderSchema.parse(cancelled.json())).toMatchObject({ state: 'EXPIRED', held: 0 });
    expect(await releases(last.order.id)).toBe(1);
  });

  it('notifies each investor whose order fills, in full or in part, in the inbox and by push', async () => {
    const productId = await newMarket();
    const seller = await investor();
    await seedTokens(productId, seller, 5);
    const buyer = await investor(10_000);
    const muted = await investor(10_000);
    const now = clock.now().toISOString();
    // The seller's phone is subscribed to push.
    const subscriptionId = randomUUID();
    await t.app.ctx.db
      .insertInto('push_subscriptions')
      .values({
        id: subscriptionId,
        user_id: seller.userId,
        endpoint: `https://push.example.com/${subscriptionId}`,
        p256dh: 'BPc8sGSPMLDX2G0mtaK3G8ZfPjTtWPkBUbBAD6BeWfYH7Z8GXdxMZP-C3z5Bm4m3Mh2F0-Dq7_JfZZ9zZ2A6VQs',
        auth: 'tBHItJI5svbpez7KI4CCXg',
        user_agent: 'phone',
        created_at: now,
        updated_at: now,
      })
      .execute();

    const sell = await placed(seller, productId, { side: 'SELL', price: 1000, quantity: 5 });
    const buy = await placed(buyer, productId, { side: 'BUY', price: 1000, quantity: 3 });
    expect(buy.fills.map((fill) => fill.quantity)).toEqual([3]);

    const sellerInbox = await inbox(seller);
    const notice = sellerInbox.notifications.find((row) => row.type === 'MARKET_ORDER_FILLED');
    expect(notice).toMatchObject({
      productId,
      link: '/account/market',
      params: {
        side: 'SELL',
        reference: String(sell.order.id),
        quantity: '3',
        amount: '3000',
        filled: '3',
        ordered: '5',
      },
    });
    expect(notice!.body).toContain('sell order');
    const pushes = await t.app.ctx.db
      .selectFrom('push_outbox')
      .select('notification_id')
      .where('subscription_id', '=', subscriptionId)
      .execute();
    expect(pushes.map((row) => Number(row.notification_id))).toEqual([notice!.id]);
    // The buyer's order filled in full: they are told too.
    const buyerNotices = (await inbox(buyer)).notifications.filter((row) => row.type === 'MARKET_ORDER_FILLED');
    expect(buyerNotices.map((row) => row.params)).toEqual([
      expect.objectContaining({ side: 'BUY', reference: String(buy.order.id), filled: '3', ordered: '3' }),
    ]);

    // A type of its own: turned off, the rest of the fills tell nothing.
    const off = await call(muted, 'PUT', '/api/v1/notifications/preferences', {
      type: 'MARKET_ORDER_FILLED',
      isEnabled: false,
    });
    expect([200, 204]).toContain(off.statusCode);
    await placed(muted, productId, { side: 'BUY', price: 1000, quantity: 2 });
    expect((await inbox(muted)).notifications.filter((row) => row.type === 'MARKET_ORDER_FILLED')).toEqual([]);
    const sellerNotices = (await inbox(seller)).notifications.filter((row) => row.type === 'MARKET_ORDER_FILLED');
    expect(sellerNotices.map((row) => row.params?.filled)).toEqual(['5', '3']);

    // My trades: each side of each fill, newest first, with the seller's fee.
    const sellerTrades = await myTrades(seller);
    expect(sellerTrades.trades.map((trade) => [trade.side, trade.quantity, trade.fee, trade.orderId])).toEqual([
      ['SELL', 2, 20, sell.order.id],
      ['SELL', 3, 30, sell.order.id],
    ]);
    expect((await myTrades(buyer)).trades).toEqual([
      expect.objectContaining({ side: 'BUY', quantity: 3, amount: 3000, fee: 0, productId }),
    ]);
    const firstPage = await myTrades(seller, '?limit=1');
    expect(firstPage.trades).toHaveLength(1);
    const second = await myTrades(seller, `?limit=1&cursor=${firstPage.nextCursor}`);
    expect(second.trades.map((trade) => trade.quantity)).toEqual([3]);
    expect(second.nextCursor).toBeNull();
  });

  it('pages my orders and refuses a state it does not know', async () => {
    const productId = await newMarket();
    const buyer = await investor(50_000);
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push((await placed(buyer, productId, { side: 'BUY', price: 900, quantity: 1 })).order.id);
    const first = await myOrders(buyer, '?limit=2');
    expect(first.orders.map((row) => row.id)).toEqual([ids[2], ids[1]]);
    expect(first.currency).toEqual(expect.any(String));
    const rest = await myOrders(buyer, `?limit=2&cursor=${first.nextCursor}`);
    expect(rest.orders.map((row) => row.id)).toEqual([ids[0]]);
    expect(rest.nextCursor).toBeNull();
    const refused = await call(buyer, 'GET', '/api/v1/users/me/market/orders?state=GONE');
    expect([refused.statusCode, errorCode(refused)]).toEqual([400, 'VALIDATION_FAILED']);
    const cancelled = await call(buyer, 'POST', `/api/v1/market/orders/${ids[1]}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect((await myOrders(buyer, '?state=CANCELLED')).orders.map((row) => row.id)).toEqual([ids[1]]);
  });
});
