import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { marketOrderPlacedSchema, marketViewSchema } from '../../src/domain/market';
import {
  marketCancelAllResultSchema,
  operatorMarketSchema,
  operatorMarketTradesPageSchema,
} from '../../src/domain/operator-market';
import { commands } from '../../server/cli/commands';
import { confirmDeposit, depositReferenceOf } from '../../server/modules/cash/service';
import { setProductSeller } from '../../server/modules/products/sellers';
import { insertHolding } from '../../server/modules/products/factory';
import { changeUserRole } from '../../server/modules/users/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { createInvestor, createSaleProduct, type Investor } from '../helpers/orders';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const META = { ip: 'operator', userAgent: 'operator market test' };

describe.each(testEngines())('a project’s market in the operator console on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-25T09:00:00.000Z'));
  let admin: Investor;
  let seller: Investor;
  let assignedId: number;
  let otherId: number;
  let seq = 0;

  async function person(role?: 'ADMIN' | 'SELLER', cash = 0): Promise<Investor> {
    const n = (seq += 1);
    const who = await createInvestor(t.app, `opmarket${n}-${engine}@example.com`, { approve: !role });
    if (role) await changeUserRole(t.app.ctx, who.userId, role, META);
    if (cash > 0) {
      const reference = await depositReferenceOf(t.app.ctx, who.userId);
      await confirmDeposit(
        t.app.ctx,
        { depositReference: reference, amount: cash, bankReference: `OPM-${engine}-${n}` },
        'operator:test',
        META,
      );
    }
    return who;
  }
  const call = (who: Investor | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
  const base = (id: number) => `/api/v1/operator/projects/${id}/market`;
  async function audits(type: string) {
    return t.app.ctx.db
      .selectFrom('audit_events')
      .select(['user_id', 'actor', 'detail'])
      .where('type', '=', type)
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { RATE_LIMIT_MAX: '100000' }, undefined, { now: clock.now });
    admin = await person('ADMIN');
    seller = await person('SELLER');
    assignedId = (await createSaleProduct(t.app, { name: 'Assigned orchard', pricePerToken: 1000 })).productId;
    otherId = (await createSaleProduct(t.app, { name: 'Other orchard', pricePerToken: 1000 })).productId;
    await setProductSeller(
      t.app.ctx,
      { email: seller.email, productId: assignedId, assigned: true, operator: 'test' },
      META,
    );
  });
  afterAll(() => t.close());

  it('refuses investors, the signed-out and a seller outside its projects', async () => {
    const investor = await person();
    expect((await call(null, 'GET', base(assignedId))).statusCode).toBe(401);
    const asInvestor = await call(investor, 'POST', `${base(assignedId)}/open`);
    expect([asInvestor.statusCode, errorCode(asInvestor)]).toEqual([403, 'ROLE_REQUIRED']);
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['POST', '/open', undefined],
      ['PUT', '/settings', { tickSize: 5 }],
      ['POST', '/halt', { reason: 'x' }],
      ['POST', '/cancel-all', { reason: 'x' }],
      ['GET', '/trades?format=csv', undefined],
    ] as const) {
      const refused = await call(seller, method, `${base(otherId)}${path}`, body);
      expect([refused.statusCode, errorCode(refused)], `${method} ${path}`).toEqual([403, 'ROLE_REQUIRED']);
    }
    expect(await audits('MARKET_OPENED')).toEqual([]);
    // A seller may run its own project's market, but the fee is an admin's.
    const fee = await call(seller, 'PUT', `${base(assignedId)}/settings`, { feeBp: 50 });
    expect([fee.statusCode, errorCode(fee)]).toEqual([403, 'ROLE_REQUIRED']);
  });

  it('validates settings with the domain schemas and keeps the state when they change', async () => {
    for (const body of [{}, { tickSize: 0 }, { bandBp: 10_001 }, { feeBp: -1 }, { tickSize: 1.5 }, { other: 1 }]) {
      const refused = await call(admin, 'PUT', `${base(otherId)}/settings`, body);
      expect([refused.statusCode, errorCode(refused)], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
    const changed = await call(admin, 'PUT', `${base(otherId)}/settings`, { tickSize: 10, bandBp: 2000, feeBp: 120 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(operatorMarketSchema.parse(changed.json())).toMatchObject({
      state: 'CLOSED',
      tickSize: 10,
      bandBp: 2000,
      feeBp: 120,
      band: { low: 800, high: 1200 },
      productName: 'Other orchard',
      mayChangeFee: true,
    });
    const [audit] = await audits('MARKET_SETTINGS_CHANGED');
    expect(audit).toMatchObject({ user_id: admin.userId, actor: 'operator' });
    expect(JSON.parse(audit!.detail!)).toMatchObject({ productId: String(otherId), tickSize: '10', bandBp: '2000' });
    const noReason = await call(admin, 'POST', `${base(otherId)}/halt`, { reason: '   ' });
    expect([noReason.statusCode, errorCode(noReason)]).toEqual([400, 'VALIDATION_FAILED']);
    const notOpen = await call(admin, 'POST', `${base(otherId)}/halt`, { reason: 'Checks' });
    expect([notOpen.statusCode, errorCode(notOpen)]).toEqual([409, 'MARKET_CLOSED']);
  });

  it('opens, halts at once with the reason, cancels every resting order, resumes and closes, each audited', async () => {
    const holder = await person();
    await insertHolding(t.app.ctx.db, {
      productId: assignedId,
      userId: holder.userId,
      quantity: 10,
      firstInvestedAt: '2024-01-10T00:00:00.000Z',
    });
    const buyer = await person(undefined, 50_000);
    const order = (who: Investor, side: 'BUY' | 'SELL', price: number, quantity: number) =>
      call(who, 'POST', `/api/v1/products/${assignedId}/market/orders`, { side, price, quantity });

    const opened = await call(seller, 'POST', `${base(assignedId)}/open`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(operatorMarketSchema.parse(opened.json())).toMatchObject({ state: 'OPEN', mayChangeFee: false });
    expect((await order(holder, 'SELL', 1000, 5)).statusCode).toBe(201);
    const bought = await order(buyer, 'BUY', 1000, 2);
    expect(marketOrderPlacedSchema.parse(bought.json()).fills).toHaveLength(1);
    expect((await order(buyer, 'BUY', 900, 3)).statusCode).toBe(201);

    const halted = await call(seller, 'POST', `${base(assignedId)}/halt`, { reason: 'Unusual price moves' });
    expect(halted.statusCode, halted.body).toBe(200);
    const refused = await order(buyer, 'BUY', 1000, 1);
    expect([refused.statusCode, errorCode(refused)]).toEqual([409, 'MARKET_CLOSED']);
    expect(refused.body).toContain('Unusual price moves');
    const view = marketViewSchema.parse((await call(buyer, 'GET', `/api/v1/products/${assignedId}/market`)).json());
    expect(view).toMatchObject({ state: 'HALTED', stateReason: 'Unusual price moves' });
    expect(JSON.parse((await audits('MARKET_HALTED'))[0]!.detail!)).toMatchObject({
      reason: 'Unusual price moves',
      operator: `operator:${seller.email}`,
    });

    const cancelled = await call(seller, 'POST', `${base(assignedId)}/cancel-all`, { reason: 'Halted for review' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(marketCancelAllResultSchema.parse(cancelled.json())).toMatchObject({
      cancelled: 2,
      market: { openOrders: 0, bids: [], asks: [] },
    });
    expect(JSON.parse((await audits('MARKET_ORDERS_CANCELLED'))[0]!.detail!)).toMatchObject({
      cancelled: '2',
      reason: 'Halted for review',
    });
    expect(await audits('MARKET_ORDER_CANCELLED')).toHaveLength(2);

    const resumed = await call(seller, 'POST', `${base(assignedId)}/resume`);
    expect(operatorMarketSchema.parse(resumed.json())).toMatchObject({ state: 'OPEN', stateReason: null });
    expect((await audits('MARKET_RESUMED')).length).toBe(1);
    expect((await order(buyer, 'BUY', 1000, 1)).statusCode).toBe(201);

    const closed = await call(admin, 'POST', `${base(assignedId)}/close`);
    expect(operatorMarketSchema.parse(closed.json()).state).toBe('CLOSED');
    expect(errorCode(await order(buyer, 'BUY', 1000, 1))).toBe('MARKET_CLOSED');
    expect((await audits('MARKET_CLOSED')).length).toBe(1);
    // The command line reaches the same settings.
    expect(await commands['market:settings']!.run(t.app.ctx, [String(assignedId), '--band-bp', '1500'])).toContain(
      'band ±1500 bp',
    );
  });

  it('pages the trades with both sides and exports them as CSV, formulas neutralised, the export audited', async () => {
    const holder = await person();
    // An address a spreadsheet would run as a formula stays text in the file.
    await t.app.ctx.db
      .updateTable('users')
      .set({ email: `=cmd-${engine}@example.com` })
      .where('id', '=', holder.userId)
      .execute();
    await insertHolding(t.app.ctx.db, {
      productId: otherId,
      userId: holder.userId,
      quantity: 20,
      firstInvestedAt: '2024-01-10T00:00:00.000Z',
    });
    const buyer = await person(undefined, 100_000);
    await call(admin, 'PUT', `${base(otherId)}/settings`, { tickSize: 10, bandBp: 2000, feeBp: 120 });
    await call(admin, 'POST', `${base(otherId)}/open`);
    await call(holder, 'POST', `/api/v1/products/${otherId}/market/orders`, { side: 'SELL', price: 1000, quantity: 6 });
    for (let index = 0; index < 3; index += 1) {
      const bought = await call(buyer, 'POST', `/api/v1/products/${otherId}/market/orders`, {
        side: 'BUY',
        price: 1000,
        quantity: 2,
      });
      expect(bought.statusCode, bought.body).toBe(201);
    }
    const first = operatorMarketTradesPageSchema.parse(
      (await call(admin, 'GET', `${base(otherId)}/trades?limit=2`)).json(),
    );
    expect(first.trades).toHaveLength(2);
    expect(first.trades[0]).toMatchObject({
      price: 1000,
      quantity: 2,
      amount: 2000,
      fee: 24,
      buyerId: buyer.userId,
      buyerEmail: buyer.email,
      sellerId: holder.userId,
    });
    const rest = operatorMarketTradesPageSchema.parse(
      (await call(admin, 'GET', `${base(otherId)}/trades?limit=2&cursor=${first.nextCursor}`)).json(),
    );
    expect(rest).toMatchObject({ nextCursor: null });
    expect(rest.trades).toHaveLength(1);

    const csv = await call(seller, 'GET', `${base(assignedId)}/trades?format=csv`);
    expect(csv.statusCode).toBe(200);
    const file = await call(admin, 'GET', `${base(otherId)}/trades?format=csv`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toContain(`market-trades-${otherId}-`);
    const lines = file.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('trade id,time (UTC)');
    expect(lines[1]).toContain(`,'=cmd-${engine}@example.com`);
    expect(lines[1]).toMatch(/^\d+,[^,]+,10\.00,2,20\.00,0\.24,|^\d+,[^,]+,1000,2,2000,24,/);
    const exports = await audits('MARKET_TRADES_EXPORTED');
    expect(exports.map((row) => JSON.parse(row.detail!).productId)).toContain(String(otherId));
  });
});
