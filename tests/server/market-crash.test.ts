import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { marketOrderPlacedSchema } from '../../src/domain/market';
import { commands } from '../../server/cli/commands';
import { confirmDeposit, depositReferenceOf } from '../../server/modules/cash/service';
import { insertHolding } from '../../server/modules/products/factory';
import { freePort, prepare, startTestServer, waitForHealth } from '../helpers/crash';
import { testEngines } from '../helpers/db';
import { expectMarketSound } from '../helpers/market-proof';
import { createInvestor, createSaleProduct, type Investor } from '../helpers/orders';

const META = { ip: 'test', userAgent: 'market crash test' };
const INVESTORS = 20;
const TOKENS_EACH = 30;
const CASH_EACH = 50_000;

describe.each(testEngines())('a server killed with SIGKILL during a burst of market orders, on %s', (engine) => {
  beforeAll(() => {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`the server build failed: ${build.stderr}`);
  }, 120_000);

  it('loses no acknowledged order or fill, and tokens and cash still add up', async () => {
    const { env, handle, ctx } = await prepare(engine);
    const { productId } = await createSaleProduct({ ctx }, { pricePerToken: 1000 });
    await commands['market:open']!.run(ctx, [String(productId), '--tick', '10', '--fee-bp', '100']);
    const people: Investor[] = [];
    for (let index = 0; index < INVESTORS; index += 1) {
      const who = await createInvestor({ ctx }, `trader${index}@example.com`);
      await insertHolding(handle.db, {
        productId,
        userId: who.userId,
        quantity: TOKENS_EACH,
        firstInvestedAt: '2024-01-10T00:00:00.000Z',
      });
      await confirmDeposit(
        ctx,
        { depositReference: await depositReferenceOf(ctx, who.userId), amount: CASH_EACH, bankReference: `T-${index}` },
        'test',
        META,
      );
      people.push(who);
    }

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let child = startTestServer({ ...env, PORT: String(port) }, true);
    await waitForHealth(base);

    interface Acknowledged {
      orderId: number;
      userId: string;
      side: 'BUY' | 'SELL';
      quantity: number;
      fills: Array<{ tradeId: number; quantity: number; price: number }>;
    }
    const acknowledged: Acknowledged[] = [];
    let killed = false;
    const kill = () => {
      if (killed || acknowledged.length < 60) return;
      killed = true;
      child.kill('SIGKILL');
    };
    const place = async (who: Investor, side: 'BUY' | 'SELL', price: number, quantity: number) => {
      const response = await fetch(`${base}/api/v1/products/${productId}/market/orders`, {
        method: 'POST',
        headers: { ...who.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ side, price, quantity }),
      });
      if (response.status !== 201) {
        expect(response.status).toBeLessThan(500);
        return;
      }
      const placed = marketOrderPlacedSchema.parse(await response.json());
      acknowledged.push({ orderId: placed.order.id, userId: who.userId, side, quantity, fills: placed.fills });
    };
    const settle = (work: Promise<void>) => work.catch(() => undefined /* died with the process: never acknowledged */);
    for (let wave = 0; wave < 100 && !killed; wave += 1) {
      await Promise.all(
        people.map((who, index) =>
          settle(
            place(
              who,
              (wave + index) % 2 === 0 ? 'SELL' : 'BUY',
              970 + ((wave * 7 + index * 3) % 7) * 10,
              1 + ((wave + index) % 4),
            ),
          ).then(kill),
        ),
      );
    }
    expect(killed).toBe(true);
    await new Promise<void>((resolve) =>
      child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', () => resolve()),
    );
    expect(child.signalCode).toBe('SIGKILL');

    child = startTestServer({ ...env, PORT: String(port) }, true);
    try {
      await waitForHealth(base);
      const db = handle.db;
      expect(acknowledged.some((order) => order.fills.length > 0)).toBe(true);
      for (const made of acknowledged) {
        const row = await db
          .selectFrom('market_orders')
          .select(['user_id', 'side', 'quantity', 'remaining'])
          .where('id', '=', made.orderId)
          .executeTakeFirst();
        expect(row, `acknowledged order ${made.orderId}`).toMatchObject({ user_id: made.userId, side: made.side });
        expect(Number(row!.quantity)).toBe(made.quantity);
        for (const fill of made.fills) {
          const trade = await db
            .selectFrom('market_trades')
            .select(['quantity', 'price', 'buy_order_id', 'sell_order_id'])
            .where('id', '=', fill.tradeId)
            .executeTakeFirst();
          expect(trade, `acknowledged fill ${fill.tradeId}`).toBeDefined();
          expect([Number(trade!.quantity), Number(trade!.price)]).toEqual([fill.quantity, fill.price]);
          expect([Number(trade!.buy_order_id), Number(trade!.sell_order_id)]).toContain(made.orderId);
        }
      }
      await expectMarketSound(db, productId, { tokens: INVESTORS * TOKENS_EACH, deposited: INVESTORS * CASH_EACH });
      // The restarted server takes orders again on the same book.
      const after = await fetch(`${base}/api/v1/products/${productId}/market`, { headers: people[0]!.headers });
      expect(after.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await handle.close();
    }
  }, 240_000);
});
