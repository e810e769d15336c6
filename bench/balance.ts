/**
 * Purchases paid from the cash balance per second (issue: the cash balance), on SQLite and
 * PostgreSQL: the settlement an investor's signature triggers (delivery versus payment: the
 * guarded cash debit with its entry, audit and live event, the order's confirmation with its
 * event, the token credit in the holdings ledger, the notices) in one transaction each, from
 * `connections` concurrent callers. Beside it, in the same run and on the same database, a bare
 * loop of the same core statements: the guarded balance update, the cash entry, the order's
 * conditional state change and the holding entry, in one transaction each. Afterwards the
 * conservation check: the balances equal deposits less purchases, and no balance is negative.
 */
import type { Engine } from '../server/db/client';
import { cashTotals, confirmDeposit, depositReferenceOf } from '../server/modules/cash/service';
import { moveCashAccount, insertCashEntry } from '../server/modules/cash/repository';
import { settleFromBalance } from '../server/modules/orders/service';
import { createInvestor, createSaleProduct, type Investor } from '../tests/helpers/investors';
import { withBenchApp } from './orders';

export interface BalanceBenchRow {
  target: string;
  perSecond: number;
  p50: number;
  p99: number;
  bareRate: number;
  bareP50: number;
  bareP99: number;
  note: string;
}

const META = { ip: 'bench', userAgent: 'bench' };

function percentile(sorted: number[], p: number): number {
  return Number((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0).toFixed(2));
}

/** Runs `work` from `connections` callers for `seconds`: how many per second and their latencies. */
async function drive(seconds: number, connections: number, work: () => Promise<boolean>) {
  const latencies: number[] = [];
  const stop = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < stop) {
        const started = performance.now();
        if (!(await work())) return;
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rate: latencies.length / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

async function benchEngine(engine: Engine, seconds: number, connections: number): Promise<BalanceBenchRow | string> {
  const row = await withBenchApp(engine, 'balance', async (app): Promise<BalanceBenchRow> => {
    const ctx = app.ctx;
    const currency = ctx.config.CURRENCY;
    const big = { totalQuantity: 100_000_000, remainingQuantity: 100_000_000 };
    const { productId } = await createSaleProduct({ ctx }, big);
    const investors: Investor[] = [];
    for (let index = 0; index < 10; index += 1) {
      const investor = await createInvestor({ ctx }, `balance-${engine}-${index}@example.com`);
      investors.push(investor);
      await confirmDeposit(
        ctx,
        {
          depositReference: await depositReferenceOf(ctx, investor.userId),
          amount: 1_000_000_000,
          bankReference: `B-${index}`,
        },
        'bench',
        META,
      );
    }
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    // Orders paid from the balance, placed through the API and brought to SIGNED (the signature
    // itself renders a contract, measured by the signing bench), so what is measured is the settlement.
    const prepared = async (count: number) => {
      const ids: string[] = [];
      while (ids.length < count) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(50, count - ids.length) }, (_, index) =>
            fetch(`${address}/api/v1/products/${productId}/investors`, {
              method: 'POST',
              headers: { ...investors[index % investors.length]!.headers, 'content-type': 'application/json' },
              body: JSON.stringify({ quantity: 1, payFrom: 'BALANCE' }),
            }).then(async (response) => {
              if (response.status !== 201) throw new Error(`placing an order answered ${response.status}`);
              return ((await response.json()) as { id: string }).id;
            }),
          ),
        );
        ids.push(...batch);
      }
      await ctx.db.updateTable('orders').set({ state: 'SIGNED' }).where('id', 'in', ids).execute();
      return ids;
    };
    // Enough prepared orders for each loop's time at well above the rates seen (a loop that runs
    // out stops early, and the note says so).
    const bareBudget = Math.round(seconds * 5000);
    const budget = Math.round(seconds * 1500);

    const bareIds = await prepared(bareBudget);
    const bareOrders = await ctx.db
      .selectFrom('orders')
      .select(['id', 'user_id', 'amount', 'reference'])
      .where('id', 'in', bareIds)
      .execute();
    let bareTurn = 0;
    const bare = await drive(seconds, connections, async () => {
      const order = bareOrders[bareTurn++];
      if (!order) return false;
      const at = new Date().toISOString();
      await ctx.db.transaction().execute(async (trx) => {
        const after = await moveCashAccount(trx, {
          userId: order.user_id,
          currency,
          available: -Number(order.amount),
          held: 0,
          at,
        });
        if (!after) throw new Error('the bare loop ran out of balance');
        await insertCashEntry(trx, {
          user_id: order.user_id,
          currency,
          kind: 'PURCHASE',
          reason: 'ORDER',
          actor_type: 'INVESTOR',
          actor: order.user_id,
          available_change: -Number(order.amount),
          held_change: 0,
          available_after: after.available,
          held_after: after.held,
          order_id: order.id,
          product_id: productId,
          note: `Order ${order.reference}`,
          created_at: at,
        });
        await trx
          .updateTable('orders')
          .set({ state: 'CONFIRMED' })
          .where('id', '=', order.id)
          .where('state', '=', 'SIGNED')
          .execute();
        await trx
          .insertInto('holding_entries')
          .values({
            product_id: productId,
            user_id: order.user_id,
            quantity: 1,
            reason: 'ORDER_CONFIRMED',
            order_id: order.id,
            note: null,
            created_at: at,
          })
          .execute();
      });
      return true;
    });

    const ids = await prepared(budget);
    let turn = 0;
    const settled = await drive(seconds, connections, async () => {
      const id = ids[turn++];
      if (!id) return false;
      const at = new Date().toISOString();
      await ctx.db.transaction().execute((trx) => settleFromBalance(ctx, trx, id, at, META));
      return true;
    });

    const totals = await cashTotals(ctx, currency);
    const expected =
      totals.deposits +
      totals.revenue +
      totals.refunds +
      totals.corrections -
      totals.purchases -
      totals.withdrawalsPaid -
      totals.fees;
    if (totals.balances.available + totals.balances.held !== expected) {
      throw new Error(
        `conservation check failed: balances ${totals.balances.available + totals.balances.held}, entries ${expected}`,
      );
    }
    const negative = await ctx.db.selectFrom('cash_accounts').select('user_id').where('available', '<', 0).execute();
    if (negative.length) throw new Error('a balance went below zero');
    const ran = turn >= budget || bareTurn >= bareBudget ? ' (ran out of prepared orders: raise the budget)' : '';
    return {
      target: `purchases from the balance (${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'})`,
      perSecond: settled.rate,
      p50: settled.p50,
      p99: settled.p99,
      bareRate: bare.rate,
      bareP50: bare.p50,
      bareP99: bare.p99,
      note: `conservation check held; no balance below zero${ran}`,
    };
  });
  return row ?? 'balance purchases on PostgreSQL: skipped (no PostgreSQL reachable)';
}

export async function runBalanceBench(seconds: number, connections: number): Promise<Array<BalanceBenchRow | string>> {
  return [await benchEngine('sqlite', seconds, connections), await benchEngine('postgres', seconds, connections)];
}
