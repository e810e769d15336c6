import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { commitDistribution, planDistribution } from '../../server/modules/account/distributions';
import { cashTotals } from '../../server/modules/cash/service';
import { insertHolding } from '../../server/modules/products/factory';
import { prepare } from '../helpers/crash';
import { testEngines } from '../helpers/db';
import { createInvestor, createSaleProduct } from '../helpers/orders';

const META = { ip: 'test', userAgent: 'sweep test' };

/** `npm run moa -- revenue:sweep` in its own process, on the same database: answers what it printed. */
function sweepInAProcess(env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/main.ts', 'revenue:sweep'], {
      env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`exit ${code}: ${err}`))));
  });
}

describe.each(testEngines())('the revenue sweep run by several processes at once, on %s', (engine) => {
  it('pays each share into its holder’s balance once', async () => {
    const { env, handle, ctx } = await prepare(engine);
    try {
      const { productId } = await createSaleProduct({ ctx });
      const holders: string[] = [];
      for (let index = 0; index < 12; index += 1) {
        const holder = await createInvestor({ ctx }, `sweep${index}@example.com`, { approve: false });
        await insertHolding(ctx.db, {
          productId,
          userId: holder.userId,
          quantity: index + 1,
          firstInvestedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        });
        holders.push(holder.userId);
      }
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const plan = planDistribution({
        productId,
        amount: 78_000,
        recordDate: yesterday,
        memo: null,
        currency: ctx.config.CURRENCY,
        now: new Date(),
        paysAt: new Date(Date.now() - 1000).toISOString(),
      });
      await ctx.db.transaction().execute((trx) =>
        commitDistribution(trx, plan, {
          idempotencyKey: 'sweep-processes-1',
          isNewDistribution: true,
          createdBy: 'test',
          meta: META,
          now: new Date().toISOString(),
        }),
      );

      // Two processes sweep at the same moment; between them every share is paid, each once.
      const outputs = await Promise.all([sweepInAProcess(env), sweepInAProcess(env)]);
      const paid = outputs.map((line) => Number(/^Paid (\d+) /.exec(line)?.[1] ?? 0));
      expect(
        paid.reduce((total, count) => total + count, 0),
        outputs.join('\n'),
      ).toBe(12);
      expect(await sweepInAProcess(env)).toBe('No revenue share is due.');

      const entries = await ctx.db
        .selectFrom('cash_entries')
        .select(['user_id', 'revenue_share_id', 'available_change'])
        .where('kind', '=', 'REVENUE')
        .execute();
      expect(entries).toHaveLength(12);
      expect(new Set(entries.map((entry) => entry.revenue_share_id)).size).toBe(12);
      // 78,000 shared by 1 + 2 + … + 12 = 78 tokens: 1,000 a token.
      for (const entry of entries) {
        expect(Number(entry.available_change)).toBe(1_000 * (holders.indexOf(entry.user_id) + 1));
      }
      const totals = await cashTotals(ctx, ctx.config.CURRENCY);
      expect(totals.revenue).toBe(78_000);
      expect(totals.balances.available).toBe(78_000);
    } finally {
      await handle.close();
    }
  }, 300_000);
});
