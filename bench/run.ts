/**
 * Benchmarks: each target is loaded with autocannon against the real app (SQLite in a
 * temporary folder) and printed beside a baseline route in the same process that returns
 * the same bytes precomputed, so the ratio shows what our code costs on top of Fastify.
 *
 *   npm run bench                 all targets, 5 s each
 *   BENCH_SECONDS=10 npm run bench
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../server/app';
import { parseConfig } from '../server/config';
import { createDb } from '../server/db/client';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemoDataOnce } from '../server/db/seed/index';

interface Target {
  name: string;
  path: string;
}

const targets: Target[] = [{ name: 'health (real database round trip)', path: '/api/health' }];

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

async function load(url: string) {
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'moa-bench-'));
const config = parseConfig({
  DATA_DIR: dataDir,
  SERVE_CLIENT: 'false',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_MAX: '100000000',
});
const db = createDb({ dataDir });
await migrateToLatest(db.db);
await seedDemoDataOnce(db.db);
const app = await buildApp({ config, db, logger: false });

// The baseline answers with bytes captured from the real route before the run.
const baselines = new Map<string, { body: string; contentType: string }>();
app.get('/bench/baseline/*', async (request, reply) => {
  const captured = baselines.get(request.url.slice('/bench/baseline'.length));
  return reply.type(captured?.contentType ?? 'application/json').send(captured?.body ?? '');
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });

console.log(`Moa benchmarks: ${seconds} s per run, ${connections} connections, SQLite, Node ${process.version}\n`);
const rows: string[][] = [
  ['target', 'req/s', 'p50 ms', 'p99 ms', 'baseline req/s', 'baseline p50', 'baseline p99', 'ratio'],
];
for (const target of targets) {
  const sample = await fetch(`${address}${target.path}`);
  baselines.set(target.path, { body: await sample.text(), contentType: sample.headers.get('content-type') ?? '' });
  const real = await load(`${address}${target.path}`);
  const base = await load(`${address}/bench/baseline${target.path}`);
  if (real.errors || base.errors) console.warn(`  ${target.name}: ${real.errors} / ${base.errors} failed requests`);
  rows.push([
    target.name,
    real.rps.toFixed(0),
    String(real.p50),
    String(real.p99),
    base.rps.toFixed(0),
    String(base.p50),
    String(base.p99),
    `${((real.rps / base.rps) * 100).toFixed(0)} %`,
  ]);
}
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));

await app.close();
await db.close();
rmSync(dataDir, { recursive: true, force: true });
