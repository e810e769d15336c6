import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { marketOrderPlacedSchema } from '../../src/domain/market';
import { commands } from '../../server/cli/commands';
import { confirmDeposit, depositReferenceOf } from '../../server/modules/cash/service';
import { insertHolding } from '../../server/modules/products/factory';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { expectMarketSound } from '../helpers/market-proof';
import { createInvestor, createSaleProduct, type Investor } from '../helpers/orders';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const META = { ip: '127.0.0.1', userAgent: 'market proof' };
const INVESTORS = 20;
const TOKENS_EACH = 40;
const CASH_EACH = 60_000;

/** A small deterministic generator, so a failing burst can be replayed. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe.each(testEngines())('the market under a burst of concurrent orders (%s)', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.UTC(2026, 10, 20, 9));
  let seq = 0;
  let deposited = 0;

  const run = (name: string, ...args: string[]) => commands[name]!.run(t.app.ctx, args);
  const order = (who: Investor, productId: number, side: 'BUY' | 'SELL', price: number, quantity: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${productId}/market/orders`,
      headers: who.headers,
      payload: { side, price, quantity },
    });

  /** A project with trading open and 20 investors each holding tokens and cash. */
  async function crowd(productId: number): Promise<Investor[]> {
    const people: Investor[] = [];
    for (let index = 0; index < INVESTORS; index += 1) {
      const n = (seq += 1);
      const who = await createInvestor(t.app, `proof${n}-${engine}@example.com`);
      await insertHolding(t.app.ctx.db, {
        productId,
        userId: who.userId,
        quantity: TOKENS_EACH,
        firstInvestedAt: '2024-01-10T00:00:00.000Z',
      });
      await confirmDeposit(
        t.app.ctx,
        {
          depositReference: await depositReferenceOf(t.app.ctx, who.userId),
          amount: CASH_EACH,
          bankReference: `P-${engine}-${n}`,
        },
        'operator:test',
        META,
      );
      deposited += CASH_EACH;
      people.push(who);
    }
    return people;
  }

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      { REVENUE_SWEEP_SECONDS: '0', RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_MAX: '1000000' },
      undefined,
      { now: clock.now },
    );
  });
  afterAll(() => t.close());

  it('200 concurrent crossing orders from 20 investors conserve tokens and cash and record every fill once', async () => {
    const { productId } = await createSaleProduct(t.app, { pricePerToken: 1000 });
    await run('market:open', String(productId), '--tick', '10', '--fee-bp', '125');
    const people = await crowd(productId);
    const random = prng(engine === 'sqlite' ? 11 : 13);
    // Prices around the reference on both sides, so most orders cross something already resting.
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => {
        const who = people[Math.floor(random() * people.length)]!;
        const side = index % 2 === 0 ? 'SELL' : 'BUY';
        const price = 960 + Math.floor(random() * 9) * 10;
        const quantity = 1 + Math.floor(random() * 8);
        return order(who, productId, side, price, quantity);
      }),
    );
    let acknowledgedFills = 0;
    const tradeIds = new Set<number>();
    for (const answer of answers) {
      expect([201, 409], answer.body).toContain(answer.statusCode);
      if (answer.statusCode === 409) {
        expect(['INSUFFICIENT_TOKENS', 'INSUFFICIENT_BALANCE']).toContain(errorCode(answer));
        continue;
      }
      for (const fill of marketOrderPlacedSchema.parse(answer.json()).fills) {
        expect(tradeIds.has(fill.tradeId), `trade ${fill.tradeId} answered twice`).toBe(false);
        tradeIds.add(fill.tradeId);
        acknowledgedFills += fill.quantity;
      }
    }
    const sound = await expectMarketSound(t.app.ctx.db, productId, {
      tokens: INVESTORS * TOKENS_EACH,
      deposited,
    });
    // Each fill was answered to its incoming order once, and each is one trade row.
    expect(sound.trades).toBe(tradeIds.size);
    expect(sound.filled).toBe(acknowledgedFills);
    expect(sound.trades).toBeGreaterThan(20);
  });

  it('a halt refuses every order that comes after it, even in the middle of a burst', async () => {
    const { productId } = await createSaleProduct(t.app, { pricePerToken: 1000 });
    await run('market:open', String(productId), '--tick', '10');
    const people = await crowd(productId);
    const random = prng(engine === 'sqlite' ? 17 : 19);
    const burst = (count: number) =>
      Array.from({ length: count }, (_, index) =>
        order(
          people[Math.floor(random() * people.length)]!,
          productId,
          index % 2 === 0 ? 'SELL' : 'BUY',
          970 + Math.floor(random() * 7) * 10,
          1 + Math.floor(random() * 5),
        ),
      );
    const before = burst(60);
    const halted = run('market:halt', String(productId), 'Surveillance', 'check');
    const during = burst(60);
    await halted;
    const ordersAtHalt = await t.app.ctx.db
      .selectFrom('market_orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    const after = await Promise.all(burst(40));
    for (const answer of after) {
      expect([answer.statusCode, errorCode(answer)]).toEqual([409, 'MARKET_CLOSED']);
      expect(answer.body).toContain('Surveillance check');
    }
    const racing = await Promise.all([...before, ...during]);
    for (const answer of racing) {
      expect([201, 409], answer.body).toContain(answer.statusCode);
    }
    const accepted = racing.filter((answer) => answer.statusCode === 201).length;
    const ordersNow = await t.app.ctx.db
      .selectFrom('market_orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    // Nothing was written after the halt was acknowledged; every order written was answered 201.
    expect(Number(ordersNow.count)).toBe(Number(ordersAtHalt.count));
    expect(Number(ordersNow.count)).toBe(accepted);
    await expectMarketSound(t.app.ctx.db, productId, { tokens: INVESTORS * TOKENS_EACH, deposited });
  });
});
