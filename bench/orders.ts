/**
 * Orders per second through the real API (validation, identity check, the reserving
 * transaction with its position, order and event rows, serialization), beside a baseline
 * measured in the same run: the same reserving statement alone, in a bare loop on the same
 * database. After each run the oversell check: tokens taken off sale equal the tokens on
 * orders, and 500 concurrent orders for the last 10 tokens reserve exactly 10.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../server/app';
import { parseConfig } from '../server/config';
import { createDb, type Engine } from '../server/db/client';
import { migrateToLatest } from '../server/db/migrate';
import { reserveQuantity } from '../server/modules/orders/repository';
import { loadOrCreateSecrets } from '../server/secrets';
import { createInvestor, createSaleProduct, type Investor } from '../tests/helpers/investors';

export interface BenchRow {
  target: string;
  rps: number;
  p50: number;
  p99: number;
  baselineRps: number;
  baselineP50: number;
  baselineP99: number;
  note: string;
}

export async function postgresSchemaUrl(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base =
    process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    await admin.query(`create schema ${schema}`);
  } catch {
    await admin.end().catch(() => undefined);
    return null;
  }
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

/**
 * Runs `work` against a real app on a fresh database of `engine` (a temporary data folder, and a
 * schema of its own on PostgreSQL), then closes and removes it all. Answers null when PostgreSQL is
 * asked for and none is reachable.
 */
export async function withBenchApp<T>(
  engine: Engine,
  name: string,
  work: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>,
): Promise<T | null> {
  const pgSchema = engine === 'postgres' ? await postgresSchemaUrl() : null;
  if (engine === 'postgres' && !pgSchema) return null;
  const dataDir = mkdtempSync(path.join(tmpdir(), `moa-bench-${name}-`));
  const config = parseConfig({
    DATA_DIR: dataDir,
    SERVE_CLIENT: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000000',
    ORDER_EXPIRY_SWEEP_SECONDS: '0',
    ...(pgSchema ? { DATABASE_URL: pgSchema.url } : {}),
  });
  const db = createDb({ url: config.DATABASE_URL, dataDir, poolSize: 10 });
  await migrateToLatest(db.db);
  const secrets = loadOrCreateSecrets(dataDir);
  const app = await buildApp({ config, secrets, db, logger: false });
  try {
    return await work(app);
  } finally {
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
    await pgSchema?.drop();
  }
}

async function benchEngine(engine: Engine, seconds: number, connections: number): Promise<BenchRow | string> {
  const row = await withBenchApp(engine, 'orders', async (app): Promise<BenchRow> => {
    const ctx = app.ctx;
    const total = 100_000_000;
    const big = { totalQuantity: total, remainingQuantity: total };

    // Baseline: the reserving statement alone, one after another, for the same time.
    const bare = await createSaleProduct({ ctx }, big);
    const latencies: number[] = [];
    const stop = Date.now() + seconds * 1000;
    while (Date.now() < stop) {
      const started = performance.now();
      await reserveQuantity(ctx.db, bare.productId, 1, new Date().toISOString());
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    const baselineRps = latencies.length / seconds;

    // The API: a burst of orders from several investors over `connections` connections.
    const { productId, accountMethodId } = await createSaleProduct({ ctx }, big);
    const investors: Investor[] = [];
    for (let index = 0; index < 10; index += 1) {
      investors.push(await createInvestor({ ctx }, `bench-${engine}-${index}@example.com`));
    }
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    let turn = 0;
    const result = await autocannon({
      url: `${address}/api/v1/products/${productId}/investors`,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const investor = investors[turn++ % investors.length]!;
            return {
              ...request,
              headers: { ...investor.headers, 'content-type': 'application/json' },
              body: JSON.stringify({ quantity: 1, payMethodId: accountMethodId }),
            };
          },
        },
      ],
    });

    // The oversell check: what left the sale is exactly what is on orders.
    // One statement, so both figures come from the same moment (late requests may still commit).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const figures = await ctx.db
      .selectFrom('products')
      .select((eb) => [
        'remaining_quantity',
        eb
          .selectFrom('orders')
          .select(eb.fn.countAll<number>().as('count'))
          .where('orders.product_id', '=', productId)
          .as('on_orders'),
      ])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const after = { remaining_quantity: figures.remaining_quantity };
    const onOrders = { count: Number(figures.on_orders) };
    const taken = total - Number(after.remaining_quantity);
    if (taken !== Number(onOrders.count))
      throw new Error(`oversell check failed: ${taken} taken, ${onOrders.count} on orders`);

    // And a sell-out: 500 concurrent orders for the last 10 tokens reserve exactly 10.
    const last = await createSaleProduct({ ctx }, { totalQuantity: 10, remainingQuantity: 10 });
    const statuses = await Promise.all(
      Array.from({ length: 500 }, (_, index) =>
        fetch(`${address}/api/v1/products/${last.productId}/investors`, {
          method: 'POST',
          headers: { ...investors[index % investors.length]!.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ quantity: 1, payMethodId: last.accountMethodId }),
        }).then((response) => response.status),
      ),
    );
    const created = statuses.filter((status) => status === 201).length;
    const failed = statuses.filter((status) => status >= 500).length;
    if (created !== 10 || failed) throw new Error(`sell-out check failed: ${created} reserved, ${failed} failures`);

    const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!;
    return {
      target: `orders (${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'})`,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      baselineRps,
      baselineP50: Number(percentile(0.5).toFixed(2)),
      baselineP99: Number(percentile(0.99).toFixed(2)),
      note: `${result.non2xx + result.errors} failed; oversell check held (${taken} = ${onOrders.count}; sell-out 10 of 500)`,
    };
  });
  return row ?? 'orders on PostgreSQL: skipped (no PostgreSQL reachable)';
}

export async function runOrderBench(seconds: number, connections: number): Promise<Array<BenchRow | string>> {
  return [await benchEngine('sqlite', seconds, connections), await benchEngine('postgres', seconds, connections)];
}
