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
import { insertSession, markSecondFactorPassed } from '../server/modules/auth/repository';
import { signAccessToken } from '../server/modules/auth/tokens';
import { insertUser } from '../server/modules/users/repository';
import { loadOrCreateSecrets } from '../server/secrets';
import { approveIdentity } from '../tests/helpers/kyc';
import { runOrderBench } from './orders';

interface Target {
  name: string;
  path: string;
  /** Sent as a Bearer token when the route needs an approved investor. */
  signedIn?: boolean;
}

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections, duration: seconds, headers });
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
const secrets = loadOrCreateSecrets(dataDir);
const app = await buildApp({ config, secrets, db, logger: false });

// An approved investor's session, written directly: the benchmark measures reading, not signing in.
const now = new Date();
const userId = await insertUser(db.db, { email: 'bench@moa.localhost', name: 'Bench' }, now.toISOString());
// Approved through the real review path (a submission answered GREEN), as the tests do.
await approveIdentity(app, 'bench@moa.localhost');
const expiresAt = new Date(now.getTime() + 3600_000);
const sessionId = await insertSession(
  db.db,
  { userId, method: 'EMAIL', ip: '127.0.0.1', userAgent: 'bench', expiresAt: expiresAt.toISOString() },
  now.toISOString(),
);
await markSecondFactorPassed(db.db, sessionId, now.toISOString());
const token = await signAccessToken(
  new TextEncoder().encode(secrets.tokenSigningKey),
  { userId, sessionId, role: 'USER' },
  now,
  expiresAt,
);
const detailId = (
  await db.db
    .selectFrom('products')
    .select('id')
    .where('is_restricted', '=', 0)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
).id;

const targets: Target[] = [
  { name: 'health (database round trip)', path: '/api/health' },
  { name: 'project list, limit 100', path: '/api/v1/products?limit=100' },
  { name: 'project detail (approved investor)', path: `/api/v1/products/${detailId}`, signedIn: true },
];

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
  const headers: Record<string, string> = target.signedIn ? { authorization: `Bearer ${token}` } : {};
  const sample = await fetch(`${address}${target.path}`, { headers });
  if (!sample.ok) throw new Error(`${target.path} answered ${sample.status}`);
  baselines.set(target.path, { body: await sample.text(), contentType: sample.headers.get('content-type') ?? '' });
  const real = await load(`${address}${target.path}`, headers);
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
await app.close();
await db.close();
rmSync(dataDir, { recursive: true, force: true });

// Orders: the API beside the bare reserving statement, on each engine (see bench/orders.ts).
const orderRows = await runOrderBench(seconds, connections);
for (const row of orderRows) {
  if (typeof row === 'string') {
    console.warn(`  ${row}`);
    continue;
  }
  console.warn(`  ${row.target}: ${row.note}`);
  rows.push([
    row.target,
    row.rps.toFixed(0),
    String(row.p50),
    String(row.p99),
    `${row.baselineRps.toFixed(0)} (bare reserve)`,
    String(row.baselineP50),
    String(row.baselineP99),
    `${((row.rps / row.baselineRps) * 100).toFixed(0)} %`,
  ]);
}

const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
