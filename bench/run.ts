/**
 * Benchmarks, each printed beside its baselines measured in the same run (see bench/README.md):
 *
 *   1. start-up and idle memory of the compiled server, beside the same server through a
 *      run-time TypeScript loader and a bare Fastify + SQLite process; CLI start-up likewise;
 *   2. every API read, on SQLite and PostgreSQL, at demo size and at the large size
 *      (bench/large-data.ts), beside two baselines served by a bare Fastify in this process:
 *      the same bytes from memory, and the same SQL statements (captured from the real route,
 *      with their parameters) run through prepared statements and sent as JSON;
 *   3. orders per second and the oversell checks (bench/orders.ts), purchases paid from the cash
 *      balance per second beside the same statements in a bare loop (bench/balance.ts), and the project-list read
 *      while investors sign contracts, beside it alone and beside renders on the event loop
 *      (bench/signing.ts);
 *   3b. market fills per second beside the same statements in a bare loop, and the book read at
 *      10,000 resting orders beside 100 (bench/market.ts; --only=market);
 *   4. memory over a day's kind of work: pages rendered, reads, a quiet spell (bench/memory.ts);
 *   4b. a read mix through a round-robin proxy with 1, 2 and 4 API processes on PostgreSQL and Redis,
 *      beside one process loaded directly (bench/processes.ts; --only=processes);
 *   5. the client's Lighthouse run of the public pages beside a bare baseline page (bench/lighthouse.ts).
 *
 *   npm run bench                           everything, 2 s per load
 *   npm run bench -- --only=reads,startup   some sections (startup, memory, reads, orders, balance,
 *                                           signing, market, fanout, processes, lighthouse)
 *   npm run bench -- --only=market          the market: fills per second and the book read
 *   npm run bench -- --no-large             demo size only
 *   npm run bench -- --only=reads --reads=detail,users/me   only the reads whose name contains one of these
 *   npm run bench -- --only=reads --engines=sqlite          the reads on one engine
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=20 npm run bench
 *   BENCH_WARMUP_SECONDS=0 npm run bench     no warm-up load before each read's figures (default 1 s)
 *   BENCH_ROUNDS=3 npm run bench             each read's three loads taken in turn 3 times, best kept
 *   BENCH_PROFILE_DIR=profiles npm run bench -- --only=reads   a CPU profile of each read's app and bare SQL loads
 *   BENCH_PHASES=1 …                        a line per load: its name, start and end (monotonic ns) and
 *                                           requests, to cut a system profile (perf record -k CLOCK_MONOTONIC)
 *                                           into the app's loads and the bare ones, native code included
 */
import { fork, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app';
import { parseConfig } from '../server/config';
import { createDb, sqliteFileFor, type Engine } from '../server/db/client';
import type { Database } from '../server/db/types';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemoDataOnce } from '../server/db/seed/index';
import { insertSession, markSecondFactorPassed } from '../server/modules/auth/repository';
import { signAccessToken } from '../server/modules/auth/tokens';
import { openAgenda } from '../server/modules/governance/service';
import { insertUser } from '../server/modules/users/records-repository';
import { loadOrCreateSecrets } from '../server/secrets';
import { approveIdentity } from '../tests/helpers/kyc';
import { runFanoutBench } from './fanout';
import { fillHolderData, HOLDER } from './holder-data';
import { fillLargeData, LARGE } from './large-data';
import { runLighthouse } from './lighthouse';
import { runMarketBench } from './market';
import { runMemoryBench } from './memory';
import { runProcessesBench } from './processes';
import { runBalanceBench } from './balance';
import { postgresSchemaUrl, runOrderBench } from './orders';
import { runSigningBench } from './signing';
import { serverArgs, serverEnvironment } from '../scripts/server-runtime.mjs';

const root = path.resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const onlyArgument = argv.find((value) => value.startsWith('--only='));
const sections = new Set(
  onlyArgument
    ? onlyArgument.slice('--only='.length).split(',')
    : ['startup', 'memory', 'reads', 'orders', 'fanout', 'processes', 'lighthouse'],
);
const withLarge = !argv.includes('--no-large');
/** --reads=detail,users/me: only the reads whose name contains one of these. */
const readsArgument = argv.find((value) => value.startsWith('--reads='));
const readFilter = readsArgument ? readsArgument.slice('--reads='.length).split(',') : null;
/** --engines=sqlite: the reads on these engines only (default both). */
const enginesArgument = argv.find((value) => value.startsWith('--engines='));
const readEngines = (
  enginesArgument ? enginesArgument.slice('--engines='.length).split(',') : ['sqlite', 'postgres']
).filter((engine): engine is Engine => engine === 'sqlite' || engine === 'postgres');
const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 20);

type Row = string[];
function printTable(rows: Row[]): void {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
  console.log('');
}
const percent = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(0)} %` : '-');
/**
 * With BENCH_PROFILE_DIR, each read's load of the app and of its bare SQL is profiled (V8's
 * sampling profiler, in this process) into a .cpuprofile there: where the app's extra cost goes.
 * The profiler costs CPU itself, so its runs' figures are not the ones to compare with others.
 */
const profileDir = process.env.BENCH_PROFILE_DIR ? path.resolve(process.env.BENCH_PROFILE_DIR) : null;
async function startProfile() {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 100 });
  await post('Profiler.start');
  return {
    stop: async (file: string) => {
      const { profile } = (await post('Profiler.stop')) as { profile: unknown };
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function load(url: string, headers: Record<string, string> = {}, duration = seconds) {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    rps: result.requests.average,
    mean: result.latency.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * A load from a process of its own (bench/load-apart.mjs), with the CPU this process spent while
 * it ran, per request answered: the server's own cost, which a load generator sharing its thread
 * would blur, and which does not swing with the load generator's share of two cores.
 */
async function loadApart(
  url: string,
  headers: Record<string, string> = {},
  duration = seconds,
  profileName: string | null = null,
) {
  const profileFile = profileDir && profileName ? path.join(profileDir, `${profileName}.cpuprofile`) : null;
  const profiler = profileFile ? await startProfile() : null;
  const child = fork(path.join(root, 'bench', 'load-apart.mjs'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  type Done = { type: 'done'; rps: number; total: number; mean: number; p50: number; p99: number; errors: number };
  let cpuAtStart = process.cpuUsage();
  let phaseStart = 0n;
  const done = await new Promise<Done>((resolve, reject) => {
    child.on('message', (message: { type: string }) => {
      if (message.type === 'ready') {
        cpuAtStart = process.cpuUsage();
        phaseStart = process.hrtime.bigint();
        child.send({ type: 'go', url, connections, duration, headers });
      } else if (message.type === 'done') resolve(message as Done);
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the load generator stopped (${code})`)));
  });
  const cpu = process.cpuUsage(cpuAtStart);
  if (process.env.BENCH_PHASES)
    console.log(`PHASE ${profileName ?? url} ${phaseStart} ${process.hrtime.bigint()} ${done.total}`);
  if (profiler && profileFile) await profiler.stop(profileFile);
  return {
    ...done,
    cpuMicros: done.total > 0 ? (cpu.user + cpu.system) / done.total : 0,
    userMicros: done.total > 0 ? cpu.user / done.total : 0,
  };
}

// ---------------------------------------------------------------- 1. start-up and idle memory

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Starts a server, times the first answered /api/health, optionally watches its idle memory. */
async function startOnce(args: string[], env: Record<string, string>, watchMemory: boolean) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let firstAnswerMs = Number.NaN;
  while (performance.now() - started < 60_000) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) {
      firstAnswerMs = performance.now() - started;
      break;
    }
    await sleep(10);
  }
  const memory = { atThreeSeconds: Number.NaN, idle: Number.NaN };
  if (watchMemory && child.pid) {
    await sleep(3000);
    memory.atThreeSeconds = rssMiB(child.pid);
    await sleep(Math.max(0, idleSeconds - 3) * 1000);
    memory.idle = rssMiB(child.pid);
  }
  child.kill('SIGTERM');
  await exited;
  return { firstAnswerMs, memory };
}

async function benchStartup(): Promise<void> {
  console.log(
    `Start-up (first answered /api/health, median of 3) and memory (RSS 3 s after start, and after ${idleSeconds} s idle)\n`,
  );
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server build failed');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'moa-bench-start-'));
  const env = { DATA_DIR: dataDir, SERVE_CLIENT: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'development' };
  // As npm start runs it: with the heap and allocator settings of scripts/server-runtime.mjs.
  const compiled = serverArgs(path.join('build', 'server.js'));
  const compiledEnv = serverEnvironment(env);
  const tsx = ['--import', 'tsx', path.join('server', 'main.ts')];
  const bare = [path.join('bench', 'bare-server.mjs')];
  try {
    // The first start of a new data folder migrates and seeds: shown, not compared.
    const first = await startOnce(compiled, compiledEnv, false);
    const rows: Row[] = [['process', 'first answer ms', 'RSS at 3 s MiB', `RSS idle MiB`, 'vs bare (time)']];
    const measure = async (args: string[], runEnv: Record<string, string> = env) => {
      const times: number[] = [];
      for (let run = 0; run < 2; run += 1) times.push((await startOnce(args, runEnv, false)).firstAnswerMs);
      const watched = await startOnce(args, runEnv, true);
      times.push(watched.firstAnswerMs);
      times.sort((a, b) => a - b);
      return { ms: times[1]!, memory: watched.memory };
    };
    const bareResult = await measure(bare);
    for (const [name, args, result] of [
      ['Moa, compiled (npm start)', compiled, await measure(compiled, compiledEnv)],
      ['Moa, TypeScript loader at run time (before)', tsx, await measure(tsx)],
      ['bare Fastify + SQLite', bare, bareResult],
    ] as const) {
      void args;
      rows.push([
        name,
        result.ms.toFixed(0),
        result.memory.atThreeSeconds.toFixed(0),
        result.memory.idle.toFixed(0),
        `${(result.ms / bareResult.ms).toFixed(1)}x`,
      ]);
    }
    rows.push(['Moa, compiled, first start (migrate + seed)', first.firstAnswerMs.toFixed(0), '-', '-', '-']);
    printTable(rows);

    // Operator commands: `help` starts the CLI without touching the database.
    const cliRows: Row[] = [['operator command (help), median of 3', 'ms']];
    for (const [name, args] of [
      ['npm run moa, compiled', [path.join('build', 'cli.js'), 'help']],
      ['TypeScript loader at run time (before)', ['--import', 'tsx', path.join('server', 'cli', 'main.ts'), 'help']],
    ] as const) {
      const times: number[] = [];
      for (let run = 0; run < 3; run += 1) {
        const started = performance.now();
        spawnSync(process.execPath, args, { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, stdio: 'ignore' });
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      cliRows.push([name, times[1]!.toFixed(0)]);
    }
    printTable(cliRows);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- 2. API reads

interface Captured {
  sql: string;
  parameters: readonly unknown[];
}

interface ReadTarget {
  name: string;
  path: string;
  signedIn?: boolean;
}

/** Runs captured statements the cheapest way each engine offers: prepared once, reused. */
function bareExecutor(engine: Engine, location: { dataDir: string; url?: string }) {
  if (engine === 'sqlite') {
    const database = new SQLite(sqliteFileFor({ dataDir: location.dataDir }));
    database.pragma('journal_mode = WAL');
    const prepared = new Map<string, SQLite.Statement>();
    return {
      run: async (statements: Captured[]) =>
        statements.map(({ sql, parameters }) => {
          let statement = prepared.get(sql);
          if (!statement) prepared.set(sql, (statement = database.prepare(sql)));
          return statement.reader ? statement.all(...parameters) : statement.run(...parameters);
        }),
      close: async () => database.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: location.url, max: 10 });
  const names = new Map<string, string>();
  return {
    run: async (statements: Captured[]) => {
      const results: unknown[] = [];
      for (const { sql, parameters } of statements) {
        let name = names.get(sql);
        if (!name) names.set(sql, (name = `bench_${names.size}`));
        results.push((await pool.query({ name, text: sql, values: [...parameters] })).rows);
      }
      return results;
    },
    close: () => pool.end(),
  };
}

/**
 * Vacuums and analyzes the bench's tables, as autovacuum has long before anyone reads them in
 * production: rows written in bulk a moment ago have no hint bits and no visibility map yet, so
 * the first reads write to the pages they read, and autovacuum comes for the million-row tables
 * while the loads run, on the same two cores.
 */
async function settlePostgres(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select quote_ident(tablename) as name from pg_tables where schemaname = current_schema()`.execute(db);
  if (rows.length > 0) await sql.raw(`vacuum (analyze) ${rows.map((row) => row.name).join(', ')}`).execute(db);
}

type LoadFigures = Awaited<ReturnType<typeof loadApart>>;
interface ReadResult {
  label: string;
  engine: Engine;
  size: 'demo' | 'large';
  name: string;
  statements: number;
  real: LoadFigures;
  fromMemory: LoadFigures;
  bareSql: LoadFigures;
  /** The bare SQL's CPU per request as a share of the read's, one per round (each round loads both back to back). */
  cpuShares: number[];
  /** The same for the CPU spent in the process's own code (user time), without the kernel's. */
  userShares: number[];
}

async function benchReads(engine: Engine, size: 'demo' | 'large'): Promise<ReadResult[] | string> {
  const label = `${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${size}`;
  const pgSchema = engine === 'postgres' ? await postgresSchemaUrl() : null;
  if (engine === 'postgres' && !pgSchema) return `reads on PostgreSQL (${size}): skipped, no PostgreSQL reachable`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'moa-bench-reads-'));
  const config = parseConfig({
    DATA_DIR: dataDir,
    SERVE_CLIENT: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000000',
    // Nothing runs in the background, so a route's captured statements are its own.
    ORDER_EXPIRY_SWEEP_SECONDS: '0',
    PUSH_SWEEP_INTERVAL_MS: '0',
    GOVERNANCE_CLOSE_SWEEP_SECONDS: '0',
    ...(pgSchema ? { DATABASE_URL: pgSchema.url } : {}),
  });
  let captured: Captured[] | null = null;
  const handle = createDb({ url: config.DATABASE_URL, dataDir, poolSize: 10 });
  // The statements a read runs are taken from a second app on the same database, whose
  // connection reports every statement: the app under load runs as it does in production,
  // without a listener on its queries (Kysely times and reports each one it is given).
  const captureHandle = createDb({
    url: config.DATABASE_URL,
    dataDir,
    poolSize: 2,
    onQuery: (query) => captured?.push({ sql: query.sql, parameters: [...query.parameters] }),
  });
  const bare = Fastify();
  let executor: ReturnType<typeof bareExecutor> | null = null;
  const app = await (async () => {
    await migrateToLatest(handle.db);
    await seedDemoDataOnce(handle.db);
    return buildApp({ config, secrets: loadOrCreateSecrets(dataDir), db: handle, logger: false });
  })();
  const captureApp = await buildApp({
    config,
    secrets: loadOrCreateSecrets(dataDir),
    db: captureHandle,
    logger: false,
  });
  try {
    const db = handle.db;
    // An approved investor's session, written directly: the benchmark measures reading, not signing in.
    const now = new Date();
    const email = 'bench@moa.localhost';
    const userId = await insertUser(db, { email, name: 'Bench' }, now.toISOString());
    await approveIdentity(app, email);
    const expiresAt = new Date(now.getTime() + 3600_000);
    const sessionId = await insertSession(
      db,
      { userId, method: 'EMAIL', ip: '127.0.0.1', userAgent: 'bench', expiresAt: expiresAt.toISOString() },
      now.toISOString(),
    );
    await markSecondFactorPassed(db, sessionId, now.toISOString());
    const token = await signAccessToken(app.ctx.tokenKey, { userId, sessionId, role: 'USER' }, now, expiresAt);
    if (size === 'large') {
      const started = performance.now();
      const filled = await fillLargeData(db, engine);
      console.log(
        `  ${label}: ${filled.projects} projects, ${filled.investors} accounts, ${filled.holdings} holdings and ${filled.entries} ledger entries written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    // The signed-in investor holds many projects, the same way at both sizes (holder-data.ts).
    const holder = await fillHolderData(db, userId, { now, currency: config.CURRENCY });
    // PostgreSQL plans with statistics that count the holder's rows, as autovacuum's ANALYZE has
    // long before anyone reads them in production. Taken before they were written (the generated
    // data's ANALYZE), they made my revenues join every project to find the holder's shares.
    if (engine === 'postgres') await settlePostgres(db);
    // The detail of the project every investor holds at the generated size (a governance project).
    const detailId = holder.productIds[0]!;
    const governanceId = holder.governanceId;
    if (governanceId !== null) {
      for (let index = 1; index <= 3; index += 1) {
        await openAgenda(
          app.ctx,
          {
            productId: governanceId,
            title: `Bench agenda ${index}`,
            body: 'Shall we?',
            options: ['Yes', 'No'],
            endsAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
            quorumPercent: 10,
            thresholdPercent: 50,
            resultsVisibleBeforeClose: true,
            sellerUserId: null,
          },
          { label: 'bench', meta: { ip: 'bench', userAgent: 'bench' } },
        );
      }
    }
    const post = await db
      .selectFrom('posts')
      .select('url_title')
      .where('is_hide', '=', 0)
      .orderBy('posted_at', 'desc')
      .executeTakeFirst();

    const targets: ReadTarget[] = [
      { name: 'health (database round trip)', path: '/api/health' },
      { name: 'categories', path: '/api/v1/categories' },
      // The projects page asks for pages of 9; the home page for its shelves.
      { name: 'project list, page of 9', path: '/api/v1/products?limit=9' },
      { name: 'project list, signed in', path: '/api/v1/products?limit=9', signedIn: true },
      { name: 'home shelves', path: '/api/v1/products/shelves' },
      { name: 'home shelves, signed in', path: '/api/v1/products/shelves', signedIn: true },
      { name: 'project detail', path: `/api/v1/products/${detailId}`, signedIn: true },
      { name: 'posts list', path: '/api/v1/posts' },
      ...(post ? [{ name: 'a post', path: `/api/v1/posts/names/${post.url_title}` }] : []),
      { name: 'users/me', path: '/api/v1/users/me', signedIn: true },
      { name: 'portfolio (my projects)', path: '/api/v1/users/me/products', signedIn: true },
      { name: 'my orders', path: '/api/v1/users/me/orders', signedIn: true },
      { name: 'my revenues', path: '/api/v1/users/me/revenues', signedIn: true },
      { name: 'account activity', path: '/api/v1/users/me/activities', signedIn: true },
      { name: 'notifications', path: '/api/v1/notifications', signedIn: true },
      { name: 'unread count', path: '/api/v1/notifications/unread-count', signedIn: true },
      ...(governanceId
        ? [
            { name: 'governance notices', path: `/api/v1/governance/${governanceId}/notices`, signedIn: true },
            { name: 'governance threads', path: `/api/v1/governance/${governanceId}/threads`, signedIn: true },
            { name: 'governance proposals', path: `/api/v1/governance/${governanceId}/proposals`, signedIn: true },
            { name: 'governance agendas', path: `/api/v1/governance/${governanceId}/agendas`, signedIn: true },
          ]
        : []),
    ];

    const chosen = readFilter
      ? targets.filter((target) => readFilter.some((part) => target.name.includes(part)))
      : targets;
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    executor = bareExecutor(engine, { dataDir, url: pgSchema?.url });
    const memory = new Map<number, { body: string; contentType: string }>();
    const statements = new Map<number, Captured[]>();
    bare.get<{ Params: { index: string } }>('/memory/:index', (request, reply) => {
      const entry = memory.get(Number(request.params.index))!;
      return reply.type(entry.contentType).send(entry.body);
    });
    const run = executor.run;
    bare.get<{ Params: { index: string } }>('/sql/:index', async (request, reply) => {
      const rows = await run(statements.get(Number(request.params.index))!);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(rows));
    });
    const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

    const rows: ReadResult[] = [];
    for (const [index, target] of chosen.entries()) {
      const headers: Record<string, string> = target.signedIn ? { authorization: `Bearer ${token}` } : {};
      // One answer first from each app: work a route does once and then keeps (a "most popular"
      // ranking counted and stored, a statement compiled) is not what it runs per request, so it
      // is not replayed.
      await (await fetch(`${address}${target.path}`, { headers })).arrayBuffer();
      await captureApp.inject({ method: 'GET', url: target.path, headers });
      captured = [];
      const sample = await captureApp.inject({ method: 'GET', url: target.path, headers });
      const run = captured as Captured[];
      captured = null;
      if (sample.statusCode !== 200) {
        console.log(`  ${label}: ${target.name} answered ${sample.statusCode}; left out`);
        continue;
      }
      const contentType = sample.headers['content-type'];
      memory.set(index, {
        body: sample.body,
        contentType: typeof contentType === 'string' ? contentType : 'application/json',
      });
      statements.set(index, run);
      // Each server is loaded briefly first, so every figure is taken with its code compiled by V8.
      if (warmupSeconds > 0) {
        await load(`${address}${target.path}`, headers, warmupSeconds);
        await load(`${bareAddress}/memory/${index}`, {}, warmupSeconds);
        await load(`${bareAddress}/sql/${index}`, {}, warmupSeconds);
      }
      // Rounds take turns between the three servers; each keeps its best round, so a burst of
      // other work on the machine slows one round of one server, not the comparison.
      // The load comes from a process of its own, so this process's CPU per request is the
      // server's alone; the lowest CPU of the rounds is kept beside the best throughput.
      type Figures = Awaited<ReturnType<typeof loadApart>>;
      const best = (current: Figures | null, next: Figures) =>
        current
          ? { ...(current.rps >= next.rps ? current : next), cpuMicros: Math.min(current.cpuMicros, next.cpuMicros) }
          : next;
      let real: Figures | null = null;
      let fromMemory: Figures | null = null;
      let bareSql: Figures | null = null;
      const cpuShares: number[] = [];
      const userShares: number[] = [];
      for (let round = 0; round < rounds; round += 1) {
        const profileName = `${engine}-${size}-${target.name.replace(/[^a-z0-9]+/gi, '-')}-${round}`;
        const realRound = await loadApart(`${address}${target.path}`, headers, seconds, `${profileName}-app`);
        fromMemory = best(fromMemory, await loadApart(`${bareAddress}/memory/${index}`));
        const bareRound = await loadApart(`${bareAddress}/sql/${index}`, {}, seconds, `${profileName}-bare-sql`);
        real = best(real, realRound);
        bareSql = best(bareSql, bareRound);
        if (realRound.cpuMicros > 0) cpuShares.push(bareRound.cpuMicros / realRound.cpuMicros);
        if (realRound.userMicros > 0) userShares.push(bareRound.userMicros / realRound.userMicros);
      }
      if (!real || !fromMemory || !bareSql) throw new Error('BENCH_ROUNDS must be at least 1');
      if (real.errors || fromMemory.errors || bareSql.errors)
        console.log(
          `  ${label}: ${target.name}: ${real.errors} / ${fromMemory.errors} / ${bareSql.errors} failed requests`,
        );
      rows.push({
        label,
        engine,
        size,
        name: target.name,
        statements: run.length,
        real,
        fromMemory,
        bareSql,
        cpuShares,
        userShares,
      });
    }
    return rows;
  } finally {
    await bare.close();
    await app.close();
    await captureApp.close();
    await executor?.close();
    await handle.close();
    await captureHandle.close();
    rmSync(dataDir, { recursive: true, force: true });
    await pgSchema?.drop();
  }
}

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Each read at demo size beside the same read at the generated size: mean latency at each and
 * their ratio (the goal: within 2x), the server's CPU per request at each, and the read's share
 * of its bare-SQL baseline at each size (the goal: at least 70 %).
 *
 * The mean latency is the load's own: with a fixed number of connections, each sending its next
 * request when the last is answered, a request takes connections / throughput on average
 * (Little's law). autocannon's figures come in whole milliseconds, which for reads answered in
 * well under one say only how many requests took a millisecond or more.
 */
function printScale(results: ReadResult[]): void {
  console.log(
    `Reads at scale: demo size beside the generated size (${LARGE.projects.toLocaleString('en')} projects, ` +
      `${LARGE.investors.toLocaleString('en')} investors, ${(LARGE.investors * LARGE.holdingsPerInvestor).toLocaleString('en')} ledger entries); ` +
      `the signed-in investor holds ${HOLDER.projects} projects at both. Latency is the mean in ms over ${connections} connections\n` +
      '(connections / req/s); "of bare SQL" is the median CPU share of the rounds, as in the table above.\n',
  );
  const meanMs = (figures: LoadFigures) => (figures.rps > 0 ? (connections / figures.rps) * 1000 : Number.NaN);
  const rows: Row[] = [
    [
      'engine',
      'read',
      'demo ms',
      'large ms',
      'large vs demo',
      'demo CPU µs/req',
      'large CPU µs/req',
      'CPU large vs demo',
      'demo of bare SQL',
      'large of bare SQL',
      'bare SQL large vs demo',
    ],
  ];
  for (const large of results.filter((result) => result.size === 'large')) {
    const demo = results.find(
      (result) => result.size === 'demo' && result.engine === large.engine && result.name === large.name,
    );
    if (!demo) continue;
    rows.push([
      large.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL',
      large.name,
      meanMs(demo.real).toFixed(2),
      meanMs(large.real).toFixed(2),
      `${(meanMs(large.real) / meanMs(demo.real)).toFixed(2)}x`,
      demo.real.cpuMicros.toFixed(0),
      large.real.cpuMicros.toFixed(0),
      `${(large.real.cpuMicros / demo.real.cpuMicros).toFixed(2)}x`,
      `${(median(demo.cpuShares) * 100).toFixed(0)} %`,
      `${(median(large.cpuShares) * 100).toFixed(0)} %`,
      `${(meanMs(large.bareSql) / meanMs(demo.bareSql)).toFixed(2)}x`,
    ]);
  }
  printTable(rows);
}

// ---------------------------------------------------------------- run

console.log(
  `Moa benchmarks: ${seconds} s per load, ${connections} connections, Node ${process.version}, sections: ${[...sections].join(', ')}\n`,
);

if (sections.has('startup')) await benchStartup();

if (sections.has('reads')) {
  console.log(
    'API reads. Baselines from a bare Fastify in the same process: "memory" sends the route\'s bytes, "bare SQL" runs\n' +
      "the route's own statements (captured with their parameters) through prepared statements and sends the rows.\n" +
      'The load comes from a process of its own. "CPU µs/req" is the serving process\'s CPU per answered request\n' +
      '(on PostgreSQL the database server\'s own CPU is not in it), the lowest of the rounds. "CPU of bare SQL" is the bare\n' +
      "SQL's CPU as a share of the read's, taken in each round from the two loads run back to back: the median of the rounds,\n" +
      'with the lowest and the highest beside it (how far a single round can be trusted). "User CPU of bare SQL" is the same\n' +
      "share of the CPU spent in the process's own code: the kernel's part of a socket write includes waking the load\n" +
      'generator when it sleeps, which it does more often the slower the server answers (see bench/README.md).\n' +
      `Large: ${LARGE.projects.toLocaleString('en')} projects, ${LARGE.investors.toLocaleString('en')} investors, ${(LARGE.investors * LARGE.holdingsPerInvestor).toLocaleString('en')} holdings and ledger entries.\n`,
  );
  const rows: Row[] = [
    [
      'engine, size',
      'read',
      'stmts',
      'req/s',
      'p50',
      'p99',
      'memory req/s',
      'bare SQL req/s',
      'of memory',
      'of bare SQL',
      'CPU µs/req',
      'bare SQL CPU µs/req',
      'CPU of bare SQL',
      'rounds low–high',
      'user CPU of bare SQL',
    ],
  ];
  const results: ReadResult[] = [];
  for (const engine of readEngines) {
    for (const size of withLarge ? (['demo', 'large'] as const) : (['demo'] as const)) {
      const result = await benchReads(engine, size);
      if (typeof result === 'string') console.log(`  ${result}`);
      else results.push(...result);
    }
  }
  for (const result of results) {
    rows.push([
      result.label,
      result.name,
      String(result.statements),
      result.real.rps.toFixed(0),
      String(result.real.p50),
      String(result.real.p99),
      result.fromMemory.rps.toFixed(0),
      result.bareSql.rps.toFixed(0),
      percent(result.real.rps, result.fromMemory.rps),
      percent(result.real.rps, result.bareSql.rps),
      result.real.cpuMicros.toFixed(0),
      result.bareSql.cpuMicros.toFixed(0),
      `${(median(result.cpuShares) * 100).toFixed(0)} %`,
      `${(Math.min(...result.cpuShares) * 100).toFixed(0)}–${(Math.max(...result.cpuShares) * 100).toFixed(0)} %`,
      `${(median(result.userShares) * 100).toFixed(0)} %`,
    ]);
  }
  console.log('');
  printTable(rows);
  if (withLarge) printScale(results);
}

if (sections.has('orders')) {
  const rows: Row[] = [['orders', 'req/s', 'p50 ms', 'p99 ms', 'bare reserve/s', 'bare p50', 'bare p99', 'ratio']];
  for (const row of await runOrderBench(seconds, connections)) {
    if (typeof row === 'string') {
      console.log(`  ${row}`);
      continue;
    }
    console.log(`  ${row.target}: ${row.note}`);
    rows.push([
      row.target,
      row.rps.toFixed(0),
      String(row.p50),
      String(row.p99),
      row.baselineRps.toFixed(0),
      String(row.baselineP50),
      String(row.baselineP99),
      percent(row.rps, row.baselineRps),
    ]);
  }
  console.log('');
  printTable(rows);
}

if (sections.has('orders') || sections.has('balance')) {
  const rows: Row[] = [
    ['balance purchases', 'per s', 'p50 ms', 'p99 ms', 'bare per s', 'bare p50', 'bare p99', 'ratio'],
  ];
  for (const row of await runBalanceBench(seconds, connections)) {
    if (typeof row === 'string') {
      console.log(`  ${row}`);
      continue;
    }
    console.log(`  ${row.target}: ${row.note}`);
    rows.push([
      row.target,
      row.perSecond.toFixed(0),
      String(row.p50),
      String(row.p99),
      row.bareRate.toFixed(0),
      String(row.bareP50),
      String(row.bareP99),
      percent(row.perSecond, row.bareRate),
    ]);
  }
  console.log('');
  printTable(rows);
}

if (sections.has('orders') || sections.has('market')) {
  const fills: Row[] = [['market fills', 'per s', 'p50 ms', 'p99 ms', 'bare per s', 'bare p50', 'bare p99', 'ratio']];
  const books: Row[] = [
    [
      'book read (GET market)',
      '100: per s',
      'p50 ms',
      'p99 ms',
      '10,000: per s',
      'p50 ms',
      'p99 ms',
      '10,000 vs 100 (p50)',
    ],
  ];
  for (const row of await runMarketBench(seconds, connections)) {
    if (typeof row === 'string') {
      console.log(`  ${row}`);
      continue;
    }
    console.log(`  market (${row.engine}): ${row.note}`);
    fills.push([
      row.engine,
      row.fillsPerSecond.toFixed(0),
      String(row.p50),
      String(row.p99),
      row.bareRate.toFixed(0),
      String(row.bareP50),
      String(row.bareP99),
      percent(row.fillsPerSecond, row.bareRate),
    ]);
    books.push([
      row.engine,
      row.book100.rate.toFixed(0),
      String(row.book100.p50),
      String(row.book100.p99),
      row.book10k.rate.toFixed(0),
      String(row.book10k.p50),
      String(row.book10k.p99),
      row.book100.p50 > 0 ? `${(row.book10k.p50 / row.book100.p50).toFixed(2)}x` : '-',
    ]);
  }
  console.log('');
  printTable(fills);
  printTable(books);
}

if (sections.has('orders') || sections.has('signing')) {
  const rows: Row[] = [['list read (SQLite)', 'p50 ms', 'p90 ms', 'p99 ms', 'reads', 'signatures']];
  for (const row of await runSigningBench(seconds)) {
    rows.push([
      row.case,
      String(row.p50),
      String(row.p90),
      String(row.p99),
      String(row.requests),
      String(row.signatures),
    ]);
  }
  console.log('');
  printTable(rows);
}

if (sections.has('fanout')) {
  const { rows, notes } = await runFanoutBench();
  for (const note of notes) console.log(`  ${note}`);
  console.log('');
  printTable(rows);
}

if (sections.has('processes')) {
  const { rows, notes } = await runProcessesBench({ seconds, warmupSeconds, connections });
  for (const note of notes) console.log(`  ${note}`);
  console.log('');
  if (rows.length > 0) printTable(rows);
}

// The client's Lighthouse figures: bench/lighthouse.ts prints its own table beside its baseline page.
if (sections.has('memory')) await runMemoryBench();
if (sections.has('lighthouse')) await runLighthouse();
