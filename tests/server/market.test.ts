import { describe, expect, it } from 'vitest';
import {
  feeOf,
  marketOrderPlacedSchema,
  marketOrderSchema,
  marketTradesPageSchema,
  marketViewSchema,
  myMarketOrdersSchema,
  type MarketOrderPlaced,
} from '../../src/domain/market';
import { errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { marketSetUp } from '../helpers/market';
import { createInvestor, createSaleProduct, type Investor } from '../helpers/orders';

/** A small deterministic generator, so a failing burst can be replayed. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe.each(testEngines())('the market between investors (%s)', (engine) => {
  const { t, clock, run, call, investor, balance, holding, seedTokens, deposited } = marketSetUp(engine, 'market');
  const order = (who: Investor, productId: number, side: 'BUY' | 'SELL', price: number, quantity: number) =>
    call(who, 'POST', `/api/v1/products/${productId}/market/orders`, { side, price, quantity });
  async function placed(who: Investor, productId: number, side: 'BUY' | 'SELL', price: number, quantity: number) {
    const response = await order(who, productId, side, price, quantity);
    expect(response.statusCode, response.body).toBe(201);
    return marketOrderPlacedSchema.parse(response.json());
  }

  async function market(who: Investor, productId: number) {
    const response = await call(who, 'GET', `/api/v1/products/${productId}/market`);
    expect(response.statusCode, response.body).toBe(200);
    return marketViewSchema.parse(response.json());
  }

  async function newProject(overrides: Parameters<typeof createSaleProduct>[1] = {}) {
    const { productId } = await createSaleProduct(t.app, { pricePerToken: 1000, ...overrides });
    return productId;
  }

  /** Cash and tokens add up: the balances plus the platform's fees are what was deposited. */
  async function expectConserved(productId: number, tokens: number) {
    const db = t.app.ctx.db;
    const accounts = await db.selectFrom('cash_accounts').select(['available', 'held']).execute();
    for (const account of accounts) {
      expect(Number(account.available)).toBeGreaterThanOrEqual(0);
      expect(Number(account.held)).toBeGreaterThanOrEqual(0);
    }
    const cash = accounts.reduce((sum, row) => sum + Number(row.available) + Number(row.held), 0);
    const fees = await db.selectFrom('platform_cash_entries').select('amount').execute();
    expect(cash + fees.reduce((sum, row) => sum + Number(row.amount), 0)).toBe(deposited());
    const holdings = await db
      .selectFrom('product_holdings')
      .select(['quantity', 'market_held'])
      .where('product_id', '=', productId)
      .execute();
    expect(holdings.reduce((sum, row) => sum + Number(row.quantity), 0)).toBe(tokens);
    for (const row of holdings) expect(Number(row.market_held)).toBeLessThanOrEqual(Number(row.quantity));
    // Every open sell order's tokens are held, and every open buy order's cash.
    const open = await db
      .selectFrom('market_orders')
      .select(['user_id', 'side', 'price', 'remaining'])
      .where('product_id', '=', productId)
      .where('state', '=', 'OPEN')
      .execute();
    const heldTokens = holdings.reduce((sum, row) => sum + Number(row.market_held), 0);
    expect(open.filter((row) => row.side === 'SELL').reduce((sum, row) => sum + Number(row.remaining), 0)).toBe(
      heldTokens,
    );
    // The book is never crossed.
    const bids = open.filter((row) => row.side === 'BUY').map((row) => Number(row.price));
    const asks = open.filter((row) => row.side === 'SELL').map((row) => Number(row.price));
    if (bids.length && asks.length) expect(Math.max(...bids)).toBeLessThan(Math.min(...asks));
    // Each trade is recorded once on both ledgers.
    const trades = await db
      .selectFrom('market_trades')
      .select(['id', 'quantity'])
      .where('product_id', '=', productId)
      .execute();
    for (const trade of trades) {
      const entries = await db
        .selectFrom('holding_entries')
        .select(['quantity', 'reason'])
        .where('market_trade_id', '=', Number(trade.id))
        .execute();
      expect(entries.map((entry) => [entry.reason, Number(entry.quantity)]).sort()).toEqual(
        [
          ['MARKET_BUY', Number(trade.quantity)],
          ['MARKET_SALE', -Number(trade.quantity)],
        ].sort(),
      );
    }
  }

  it('refuses orders until the operator opens trading, then checks tick, band and quantity', async () => {
    const productId = await newProject();
    const buyer = await investor(100_000);
    const closed = await order(buyer, productId, 'BUY', 1000, 1);
    expect(closed.statusCode).toBe(409);
    expect(errorCode(closed)).toBe('MARKET_CLOSED');
    expect((await market(buyer, productId)).state).toBe('CLOSED');

    const opened = await run('market:open', String(productId), '--tick', '10', '--band-bp', '2000', '--fee-bp', '100');
    expect(opened).toContain('OPEN');
    const view = await market(buyer, productId);
    expect(view).toMatchObject({ state: 'OPEN', tickSize: 10, bandBp: 2000, feeBp: 100, referencePrice: 1000 });
    expect(view.band).toEqual({ low: 800, high: 1200 });

    const offTick = await order(buyer, productId, 'BUY', 1005, 1);
    expect([offTick.statusCode, errorCode(offTick)]).toEqual([422, 'PRICE_NOT_ON_TICK']);
    const outside = await order(buyer, productId, 'BUY', 1210, 1);
    expect([outside.statusCode, errorCode(outside)]).toEqual([422, 'PRICE_OUTSIDE_BAND']);
    expect(outside.body).toContain('800 to 1200');
    for (const body of [
      { side: 'BUY', price: 1000, quantity: 0 },
      { side: 'BUY', price: 1000, quantity: 1.5 },
      { side: 'HOLD', price: 1000, quantity: 1 },
      { side: 'BUY', price: '1000', quantity: 1 },
      { side: 'BUY', price: 1000 },
    ]) {
      const refused = await call(buyer, 'POST', `/api/v1/products/${productId}/market/orders`, body);
      expect([refused.statusCode, errorCode(refused)], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
    // Nothing was held by the refused orders.
    expect(await balance(buyer)).toMatchObject({ available: 100_000, held: 0 });
  });

  it('holds what an order may spend, matches at the resting price with the fee, and releases on cancel', async () => {
    const productId = await newProject();
    await run('market:open', String(productId), '--tick', '10', '--fee-bp', '100');
    const seller = await investor();
    await seedTokens(productId, seller, 10);
    const buyer = await investor(5_000);
    const buyer2 = await investor(10_000);

    const ask = await placed(seller, productId, 'SELL', 1100, 8);
    expect(ask.order).toMatchObject({ state: 'OPEN', remaining: 8, held: 8 });
    expect(await holding(productId, seller.userId)).toEqual({ quantity: 10, held: 8 });
    // The held tokens cannot be ordered twice.
    const twice = await order(seller, productId, 'SELL', 1200, 3);
    expect([twice.statusCode, errorCode(twice)]).toEqual([409, 'INSUFFICIENT_TOKENS']);

    const bid = await placed(buyer, productId, 'BUY', 1000, 4);
    expect(bid.fills).toEqual([]);
    expect(await balance(buyer)).toMatchObject({ available: 1_000, held: 4_000 });
    // The held cash cannot be spent twice.
    const overspend = await order(buyer, productId, 'BUY', 1000, 2);
    expect([overspend.statusCode, errorCode(overspend)]).toEqual([409, 'INSUFFICIENT_BALANCE']);

    // A crossing buy fills at the resting (lower) price; the difference stays with the buyer.
    const cross = await placed(buyer2, productId, 'BUY', 1150, 3);
    const amount = 1100 * 3;
    const fee = feeOf(amount, 100);
    expect(cross.fills).toEqual([expect.objectContaining({ price: 1100, quantity: 3 })]);
    expect(cross.order).toMatchObject({ state: 'FILLED', remaining: 0, held: 0 });
    expect(await balance(buyer2)).toMatchObject({ available: 10_000 - amount, held: 0 });
    expect(await balance(seller)).toMatchObject({ available: amount - fee, held: 0 });
    expect(await holding(productId, seller.userId)).toEqual({ quantity: 7, held: 5 });
    expect(await holding(productId, buyer2.userId)).toEqual({ quantity: 3, held: 0 });
    const fees = await t.app.ctx.db.selectFrom('platform_cash_entries').selectAll().execute();
    expect(fees.map((row) => Number(row.amount))).toContain(fee);

    const view = await market(seller, productId);
    expect(view.asks).toEqual([{ price: 1100, quantity: 5, orders: 1 }]);
    expect(view.bids).toEqual([{ price: 1000, quantity: 4, orders: 1 }]);
    expect(view).toMatchObject({ lastPrice: 1100, dayChange: 100, dayVolume: 3 });
    const trades = marketTradesPageSchema.parse(
      (await call(seller, 'GET', `/api/v1/products/${productId}/market/trades?limit=1`)).json(),
    );
    expect(trades.trades).toEqual([expect.objectContaining({ price: 1100, quantity: 3, amount })]);
    expect(trades.nextCursor).toBeNull();

    const mine = myMarketOrdersSchema.parse((await call(seller, 'GET', '/api/v1/users/me/market/orders')).json());
    expect(mine.orders[0]).toMatchObject({ id: ask.order.id, state: 'OPEN', remaining: 5, quantity: 8 });

    // Cancelling releases what is held, once.
    const cancelled = await call(seller, 'POST', `/api/v1/market/orders/${ask.order.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(marketOrderSchema.parse(cancelled.json())).toMatchObject({ state: 'CANCELLED', cancelReason: 'INVESTOR' });
    expect(await holding(productId, seller.userId)).toEqual({ quantity: 7, held: 0 });
    const again = await call(seller, 'POST', `/api/v1/market/orders/${ask.order.id}/cancel`);
    expect([again.statusCode, errorCode(again)]).toEqual([409, 'MARKET_ORDER_CLOSED']);
    const notMine = await call(buyer, 'POST', `/api/v1/market/orders/${ask.order.id}/cancel`);
    expect([notMine.statusCode, errorCode(notMine)]).toEqual([404, 'NOT_FOUND']);
    expect((await call(buyer, 'POST', `/api/v1/market/orders/${bid.order.id}/cancel`)).statusCode).toBe(200);
    expect(await balance(buyer)).toMatchObject({ available: 5_000, held: 0 });
    await expectConserved(productId, 10);
  });

  it('never lets an investor trade with themselves', async () => {
    const productId = await newProject();
    await run('market:open', String(productId));
    const both = await investor(10_000);
    await seedTokens(productId, both, 5);
    await placed(both, productId, 'SELL', 1000, 5);
    const self: MarketOrderPlaced = await placed(both, productId, 'BUY', 1000, 2);
    expect(self.fills).toEqual([]);
    expect(self.order).toMatchObject({ state: 'CANCELLED', cancelReason: 'SELF_TRADE' });
    expect(await balance(both)).toMatchObject({ available: 10_000, held: 0 });
    await expectConserved(productId, 5);
  });

  it('halts at once with the reason shown, resumes, and cancels every resting order', async () => {
    const productId = await newProject();
    await run('market:open', String(productId));
    const seller = await investor();
    await seedTokens(productId, seller, 6);
    const buyer = await investor(3_000);
    await placed(seller, productId, 'SELL', 1100, 6);
    await placed(buyer, productId, 'BUY', 900, 3);

    await run('market:halt', String(productId), 'Unusual', 'price', 'moves');
    const halted = await order(buyer, productId, 'BUY', 900, 1);
    expect([halted.statusCode, errorCode(halted)]).toEqual([409, 'MARKET_CLOSED']);
    expect(halted.body).toContain('Unusual price moves');
    expect(await market(buyer, productId)).toMatchObject({ state: 'HALTED', stateReason: 'Unusual price moves' });
    await expect(run('market:halt', String(productId))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });

    expect(await run('market:cancel-all', String(productId), 'Halted', 'for', 'review')).toContain('Cancelled 2');
    expect(await holding(productId, seller.userId)).toEqual({ quantity: 6, held: 0 });
    expect(await balance(buyer)).toMatchObject({ available: 3_000, held: 0 });
    expect((await market(buyer, productId)).bids).toEqual([]);

    await run('market:resume', String(productId));
    await placed(buyer, productId, 'BUY', 900, 1);
    await expectConserved(productId, 6);
  });

  it('refuses Reg D lots bought in the last 12 months, restricted projects and unapproved investors', async () => {
    const regD = await newProject({ isRegD: true });
    await run('market:open', String(regD));
    const holder = await investor();
    await seedTokens(regD, holder, 4);
    await seedTokens(regD, holder, 6, new Date(clock.now().getTime() - 30 * 86_400_000).toISOString());
    const locked = await order(holder, regD, 'SELL', 1000, 5);
    expect([locked.statusCode, errorCode(locked)]).toEqual([409, 'TOKENS_LOCKED']);
    expect(locked.body).toContain('2027-');
    await placed(holder, regD, 'SELL', 1000, 4);

    const restricted = await newProject({ isRestricted: true });
    await run('market:open', String(restricted));
    const outsider = await investor(10_000);
    const refused = await order(outsider, restricted, 'BUY', 1000, 1);
    expect([refused.statusCode, errorCode(refused)]).toEqual([403, 'WHITELIST_REQUIRED']);

    const open = await newProject();
    await run('market:open', String(open));
    const unapproved = await createInvestor(t.app, `market-unapproved-${engine}@example.com`, { approve: false });
    const noKyc = await order(unapproved, open, 'BUY', 1000, 1);
    expect([noKyc.statusCode, errorCode(noKyc)]).toEqual([403, 'KYC_REQUIRED']);
  });

  it('never sells a token twice nor spends cash twice when orders race', async () => {
    const productId = await newProject();
    await run('market:open', String(productId));
    const seller = await investor();
    await seedTokens(productId, seller, 5);
    const buyer = await investor(3_000);
    const sells = await Promise.all(Array.from({ length: 10 }, () => order(seller, productId, 'SELL', 1100, 1)));
    expect(sells.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
    expect(sells.filter((answer) => errorCode(answer) === 'INSUFFICIENT_TOKENS')).toHaveLength(5);
    const buys = await Promise.all(Array.from({ length: 10 }, () => order(buyer, productId, 'BUY', 1000, 1)));
    expect(buys.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    expect(buys.filter((answer) => errorCode(answer) === 'INSUFFICIENT_BALANCE')).toHaveLength(7);
    expect(await holding(productId, seller.userId)).toEqual({ quantity: 5, held: 5 });
    expect(await balance(buyer)).toMatchObject({ available: 0, held: 3_000 });
    // Crossing buys from many buyers at once take exactly the five tokens on offer.
    const takers = await Promise.all(Array.from({ length: 8 }, () => investor(5_000)));
    const crossing = await Promise.all(takers.map((taker) => order(taker, productId, 'BUY', 1100, 1)));
    expect(crossing.every((answer) => answer.statusCode === 201)).toBe(true);
    const filled = crossing.map((answer) => marketOrderPlacedSchema.parse(answer.json()).order.state);
    expect(filled.filter((state) => state === 'FILLED')).toHaveLength(5);
    expect(await holding(productId, seller.userId)).toEqual({ quantity: 0, held: 0 });
    await expectConserved(productId, 5);
  }, 60_000);

  it('keeps tokens and cash conserved under a burst of concurrent crossing orders', async () => {
    const productId = await newProject();
    await run('market:open', String(productId), '--fee-bp', '150');
    const sellers = await Promise.all(Array.from({ length: 10 }, () => investor()));
    for (const seller of sellers) await seedTokens(productId, seller, 10);
    const buyers = await Promise.all(Array.from({ length: 10 }, () => investor(20_000)));
    const random = prng(engine === 'sqlite' ? 3 : 5);
    const requests = Array.from({ length: 100 }, (_, index) => {
      const isSell = index % 2 === 0;
      const who = isSell
        ? sellers[Math.floor(random() * sellers.length)]!
        : buyers[Math.floor(random() * buyers.length)]!;
      const price = 950 + Math.floor(random() * 11) * 10;
      const quantity = 1 + Math.floor(random() * 4);
      return order(who, productId, isSell ? 'SELL' : 'BUY', price, quantity);
    });
    const answers = await Promise.all(requests);
    for (const answer of answers) {
      expect([201, 409], answer.body).toContain(answer.statusCode);
      if (answer.statusCode === 409)
        expect(['INSUFFICIENT_TOKENS', 'INSUFFICIENT_BALANCE']).toContain(errorCode(answer));
    }
    const trades = await t.app.ctx.db
      .selectFrom('market_trades')
      .select(['quantity'])
      .where('product_id', '=', productId)
      .execute();
    expect(trades.length).toBeGreaterThan(0);
    // No seller sold more than they had.
    for (const seller of sellers) expect((await holding(productId, seller.userId)).quantity).toBeGreaterThanOrEqual(0);
    await expectConserved(productId, 100);
  }, 60_000);
});
