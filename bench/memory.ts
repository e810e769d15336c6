/**
 * Memory of the compiled server over a day's kind of work: resident size (and the main thread's
 * heap in use) after start, after serving public pages to visitors (rendered with their first
 * paint, in both languages), after API reads, and after a quiet spell. Beside it, in the same
 * run, the same server with page rendering off, and a bare Fastify + SQLite process idle for as
 * long. Resident size is read from /proc; the heap from a preloaded probe
 * (`--require bench/memory-probe.cjs`, answering SIGUSR2), the only flag the processes get.
 *
 *   npm run bench -- --only=memory
 *   BENCH_PAGES=1000 BENCH_READS=10000 BENCH_QUIET_SECONDS=30 npm run bench -- --only=memory
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverArgs, serverEnvironment } from '../scripts/server-runtime.mjs';

const root = path.resolve(import.meta.dirname, '..');
const pages = Number(process.env.BENCH_PAGES ?? 1000);
const reads = Number(process.env.BENCH_READS ?? 10_000);
const quietSeconds = Number(process.env.BENCH_QUIET_SECONDS ?? 30);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const GOAL_MIB = 120;
const probe = path.join(root, 'bench', 'memory-probe.cjs');

function rssMiB(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return Math.round(kb / 1024);
}

/** Resident size and the main thread's heap in use, MiB. */
interface Reading {
  rss: number;
  heap: number;
}

/** Asks the probe in the process for its figures (SIGUSR2) and waits for the new answer. */
async function read(pid: number, file: string): Promise<Reading> {
  const last = () => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as { seq: number; heapUsed: number };
    } catch {
      return null;
    }
  };
  const before = last()?.seq ?? 0;
  process.kill(pid, 'SIGUSR2');
  for (let tries = 0; tries < 200; tries += 1) {
    const answer = last();
    if (answer && answer.seq > before) return { rss: rssMiB(pid), heap: Math.round(answer.heapUsed / 1048576) };
    await sleep(25);
  }
  return { rss: rssMiB(pid), heap: Number.NaN };
}

interface Figures {
  start: Reading;
  pages: Reading | null;
  reads: Reading | null;
  quiet: Reading;
}

/** Node's arguments for the compiled server as npm start runs it (with its heap flags), the probe preloaded. */
const moa = serverArgs(path.join('build', 'server.js'), ['--require', probe]);

async function run(args: string[], env: Record<string, string>, work: boolean): Promise<Figures> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://127.0.0.1:${port}`;
  const probeFile = path.join(tmpdir(), `moa-memory-probe-${port}.json`);
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      MEMORY_PROBE_FILE: probeFile,
    },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    for (let tries = 0; ; tries += 1) {
      if (
        await fetch(`${base}/api/health`).then(
          (answer) => answer.ok,
          () => false,
        )
      )
        break;
      if (tries > 600) throw new Error(`${args.join(' ')} did not start`);
      await sleep(100);
    }
    await sleep(3000);
    const figures: Figures = {
      start: await read(child.pid!, probeFile),
      pages: null,
      reads: null,
      quiet: { rss: 0, heap: 0 },
    };
    if (work) {
      type Listed = { productPayloads?: { id: number }[]; postPayloads?: { urlTitle: string }[] };
      const products =
        ((await (await fetch(`${base}/api/v1/products?limit=50`)).json()) as Listed).productPayloads ?? [];
      const posts = ((await (await fetch(`${base}/api/v1/posts?limit=20`)).json()) as Listed).postPayloads ?? [];
      const addresses = [
        '/',
        '/projects',
        '/blog',
        '/faq',
        '/landing',
        ...products.map((product) => `/projects/${product.id}`),
        ...posts.map((post) => `/blog/${post.urlTitle}`),
      ];
      // Each visitor from an address of its own, as on the open web (the API's limits are per address).
      for (let i = 0; i < pages; i += 1) {
        const answer = await fetch(base + addresses[i % addresses.length], {
          headers: { 'accept-language': i % 2 ? 'ko' : 'en', 'x-forwarded-for': `198.51.100.${i % 250}` },
        });
        await answer.text();
      }
      figures.pages = await read(child.pid!, probeFile);
      const apis = [
        '/api/v1/products?limit=9',
        '/api/v1/categories',
        ...products.map((product) => `/api/v1/products/${product.id}`),
      ];
      for (let i = 0; i < reads; i += 10) {
        await Promise.all(
          Array.from({ length: 10 }, (_, j) =>
            fetch(base + apis[(i + j) % apis.length]).then((answer) => answer.text()),
          ),
        );
      }
      figures.reads = await read(child.pid!, probeFile);
    }
    await sleep(quietSeconds * 1000);
    figures.quiet = await read(child.pid!, probeFile);
    return figures;
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(probeFile, { force: true });
  }
}

export async function runMemoryBench(): Promise<void> {
  console.log(
    `Memory, RSS MiB (main thread's heap in use MiB): 3 s after start, after ${pages} public pages, after ${reads} API reads, after ${quietSeconds} s quiet\n`,
  );
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server build failed');
  const vite = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (vite.status !== 0) throw new Error('the client build failed');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'moa-bench-memory-'));
  const env = { DATA_DIR: dataDir, NODE_ENV: 'development', TRUST_PROXY: 'true' };
  // The server's environment as npm start gives it (MALLOC_ARENA_MAX); the bare process runs without.
  const moaEnv = serverEnvironment(env);
  try {
    // The first start of a new data folder migrates and seeds; the measured ones start on it.
    await run(moa, moaEnv, false);
    const cell = (reading: Reading | null) =>
      reading ? `${reading.rss} (${Number.isNaN(reading.heap) ? '-' : reading.heap})` : '-';
    const measured: Array<[string, Figures]> = [
      ['Moa, compiled (npm start)', await run(moa, moaEnv, true)],
      ['Moa, pages not rendered (baseline)', await run(moa, { ...moaEnv, RENDER_PAGES: 'false' }, true)],
      [
        'bare Fastify + SQLite, idle',
        await run(['--require', probe, path.join('bench', 'bare-server.mjs')], env, false),
      ],
    ];
    const rows = [
      ['process', 'start', 'pages', 'reads', 'quiet'],
      ...measured.map(([name, figures]) => [
        name,
        cell(figures.start),
        cell(figures.pages),
        cell(figures.reads),
        cell(figures.quiet),
      ]),
    ];
    const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
    for (const row of rows) console.log(row.map((text, column) => text.padEnd(widths[column]!)).join('  '));
    const quiet = measured[0]![1].quiet.rss;
    console.log(
      `\nAfter the quiet spell: ${quiet} MiB resident, goal under ${GOAL_MIB} MiB (${quiet < GOAL_MIB ? 'met' : 'missed'}); bare Fastify + SQLite: ${measured[2]![1].quiet.rss} MiB.\n`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
