import { afterAll, beforeAll, expect } from 'vitest';
import { cashBalanceSchema } from '../../src/domain/cash';
import { commands } from '../../server/cli/commands';
import { confirmDeposit, depositReferenceOf } from '../../server/modules/cash/service';
import { insertHolding } from '../../server/modules/products/factory';
import { createTestApp, type TestApp } from './app';
import { createClock } from './auth';
import type { Engine } from '../../server/db/client';
import { createInvestor, type Investor } from './orders';

/**
 * What the market's server tests share (call it inside describe): an app on a test clock with
 * no revenue sweep and no rate limits, investors with cash deposited through the real
 * confirmation, tokens seeded as holdings, and reads of a balance and a holding. `name` keeps
 * each file's emails and bank references apart.
 */
export function marketSetUp(
  engine: Engine,
  name: string,
  options: { onQuery?: (query: { sql: string; parameters: readonly unknown[] }) => void } = {},
) {
  const clock = createClock(Date.UTC(2026, 10, 20, 9));
  const longAgo = new Date(Date.UTC(2024, 0, 10)).toISOString();
  const meta = { ip: '127.0.0.1', userAgent: `${name} test` };
  let app: TestApp | undefined;
  let seq = 0;
  let deposited = 0;

  beforeAll(async () => {
    app = await createTestApp(
      engine,
      { REVENUE_SWEEP_SECONDS: '0', RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' },
      undefined,
      { now: clock.now, ...(options.onQuery ? { onQuery: options.onQuery } : {}) },
    );
  });
  afterAll(() => app?.close());

  const t = {
    get app() {
      if (!app) throw new Error('The market test app starts in beforeAll.');
      return app.app;
    },
  };
  const run = (command: string, ...args: string[]) => commands[command]!.run(t.app.ctx, args);
  const call = (who: Investor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  /** A new investor, with `cash` minor units deposited when given. */
  async function investor(cash = 0): Promise<Investor> {
    const n = (seq += 1);
    const person = await createInvestor(t.app, `${name}${n}-${engine}@example.com`);
    if (cash > 0) {
      const reference = await depositReferenceOf(t.app.ctx, person.userId);
      await confirmDeposit(
        t.app.ctx,
        { depositReference: reference, amount: cash, bankReference: `${name.toUpperCase()}-${engine}-${n}` },
        'operator:test',
        meta,
      );
      deposited += cash;
    }
    return person;
  }

  async function balance(who: Investor) {
    const response = await call(who, 'GET', '/api/v1/users/me/balance');
    expect(response.statusCode, response.body).toBe(200);
    return cashBalanceSchema.parse(response.json());
  }

  async function holding(productId: number, userId: string) {
    const row = await t.app.ctx.db
      .selectFrom('product_holdings')
      .select(['quantity', 'market_held'])
      .where('product_id', '=', productId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { quantity: Number(row?.quantity ?? 0), held: Number(row?.market_held ?? 0) };
  }

  async function seedTokens(productId: number, who: Investor, quantity: number, at = longAgo) {
    await insertHolding(t.app.ctx.db, { productId, userId: who.userId, quantity, firstInvestedAt: at });
  }

  /** All the cash deposited so far, in minor units. */
  const depositedSoFar = () => deposited;

  return { t, clock, run, call, investor, balance, holding, seedTokens, deposited: depositedSoFar };
}
