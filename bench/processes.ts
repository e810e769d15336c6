/**
 * Several API processes (README, "Running on several machines"): the throughput of a read mix
 * through the round-robin proxy of the tests (tests/helpers/round-robin-proxy.ts, connections to
 * the backends kept open) with 1, 2 and 4 compiled processes on one PostgreSQL and Redis, beside
 * one process loaded directly (no proxy) as the baseline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createDb } from '../server/db/client';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemoDataOnce } from '../server/db/seed/index';
import { parseConfig } from '../server/config';
import type { AppContext } from '../server/context';
import { deriveDataKeys } from '../server/crypto';
import { createMailer } from '../server/mail/mailer';
import { createInvestor } from '../tests/helpers/investors';
import { buildServer, sharedSecrets, startApiProcess, type ApiProcess } from '../tests/helpers/api-processes';
import { isRedisReachable } from '../tests/helpers/global-setup';
import { startRoundRobinProxy } from '../tests/helpers/round-robin-proxy';
import { postgresSchemaUrl } from './orders';
import { createFileStore } from '../server/storage/files';

export async function runProcessesBench(options: {
  seconds: number;
  warmupSeconds: number;
  connections: number;
}): Promise<{ rows: string[][]; notes: string[] }> {
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!(await isRedisReachable(redisUrl)))
    return { rows: [], notes: [`several processes: skipped, no Redis at ${redisUrl}`] };
  const pgSchema = await postgresSchemaUrl();
  if (!pgSchema) return { rows: [], notes: ['several processes: skipped, no PostgreSQL reachable'] };
  buildServer();
  const secrets = sharedSecrets();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'moa-bench-processes-'));
  const handle = createDb({ url: pgSchema.url, dataDir, poolSize: 2 });
  const running: ApiProcess[] = [];
  try {
    await migrateToLatest(handle.db);
    await seedDemoDataOnce(handle.db);
    // An approved investor with a session, written directly: the mix measures reading.
    const config = parseConfig({ DATA_DIR: dataDir, DATABASE_URL: pgSchema.url, ...secrets });
    const ctx: AppContext = {
      db: handle.db,
      config,
      mailer: createMailer({ from: config.MAIL_FROM, dataDir }),
      keys: deriveDataKeys(secrets.DATA_ENCRYPTION_KEY!),
      tokenKey: new TextEncoder().encode(secrets.TOKEN_SIGNING_KEY),
      files: createFileStore(config),
      now: () => new Date(),
    };
    const { token } = await createInvestor({ ctx }, 'bench@moa.localhost');
    const detailId = (
      await handle.db
        .selectFrom('products')
        .select('id')
        .where('is_restricted', '=', 0)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const signedIn = { authorization: `Bearer ${token}` };
    // What a visitor and an investor ask for most: the project list and a project, the home
    // shelves, and the investor's own account, portfolio and notifications.
    const mix = [
      { method: 'GET' as const, path: '/api/v1/products?limit=9' },
      { method: 'GET' as const, path: `/api/v1/products/${detailId}`, headers: signedIn },
      { method: 'GET' as const, path: '/api/v1/products/shelves' },
      { method: 'GET' as const, path: '/api/v1/users/me', headers: signedIn },
      { method: 'GET' as const, path: '/api/v1/users/me/products', headers: signedIn },
      { method: 'GET' as const, path: '/api/v1/notifications', headers: signedIn },
    ];
    const env = {
      ...secrets,
      DATABASE_URL: pgSchema.url,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `moa-bench-${process.pid}:`,
      MIGRATE_ON_START: 'false',
      RATE_LIMIT_MAX: '100000000',
      LOG_LEVEL: 'warn',
    };
    const load = async (url: string, duration: number) => {
      const result = await autocannon({ url, connections: options.connections, duration, requests: mix });
      return {
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
      };
    };
    const measure = async (url: string) => {
      if (options.warmupSeconds > 0) await load(url, options.warmupSeconds);
      return load(url, options.seconds);
    };

    const rows: string[][] = [['processes', 'req/s', 'p50 ms', 'p99 ms', 'failed', 'vs 1 direct']];
    running.push(await startApiProcess(env));
    for (const read of mix) {
      const answer = await fetch(`http://127.0.0.1:${running[0]!.port}${read.path}`, { headers: read.headers ?? {} });
      if (!answer.ok) throw new Error(`${read.path} answered ${answer.status}: ${await answer.text()}`);
    }
    const direct = await measure(`http://127.0.0.1:${running[0]!.port}`);
    rows.push([
      '1, direct (baseline)',
      direct.rps.toFixed(0),
      String(direct.p50),
      String(direct.p99),
      String(direct.errors),
      '100 %',
    ]);
    const loads: number[] = [];
    for (const count of [1, 2, 4]) {
      while (running.length < count) running.push(await startApiProcess(env));
      const proxy = await startRoundRobinProxy({ keepAlive: true });
      try {
        for (const started of running) proxy.add(started.port);
        while (proxy.readyPorts().length < count) await new Promise((resolve) => setTimeout(resolve, 50));
        const figures = await measure(proxy.url);
        loads.push(loadavg()[0]!);
        rows.push([
          `${count}, behind the proxy`,
          figures.rps.toFixed(0),
          String(figures.p50),
          String(figures.p99),
          String(figures.errors),
          `${((figures.rps / direct.rps) * 100).toFixed(0)} %`,
        ]);
      } finally {
        await proxy.close();
      }
    }
    const cores = availableParallelism();
    const notes = [
      `several processes: a read mix (${mix.length} reads in turn) on PostgreSQL with Redis, ${options.connections} connections, ${cores} cores, load average ${loads.map((value) => value.toFixed(1)).join(' / ')} during the 1 / 2 / 4 runs.`,
      cores <= 2
        ? `With ${cores} cores the load generator, the proxy, the API processes and PostgreSQL share the same CPUs: each added process takes CPU from the others rather than adding any, so the figure can only show the proxy's cost and that nothing is lost, not scaling. On separate machines each process adds its own cores.`
        : `Each added process has cores of its own while there are fewer processes than cores (${cores}).`,
    ];
    return { rows, notes };
  } finally {
    for (const started of running) started.child.kill('SIGTERM');
    await Promise.all(running.map((started) => started.exited));
    for (const started of running) rmSync(started.dataDir, { recursive: true, force: true });
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
    await pgSchema.drop();
  }
}
