/**
 * Lighthouse (mobile, default throttling) on the public pages and the signed-in pages, each
 * printed beside a bare baseline page built and measured in the same run: React 19 + TanStack
 * Router + Query showing the same nine project cards from the same API (bench/baseline-app).
 * Figures depend on the machine; read the ratios of one run, not runs of different days.
 *
 * The signed-in pages are those of an investor with a session (bench/signed-in-investor.ts):
 * the account overview of a newly approved investor, and of one holding a governance project
 * (its portfolio), that project's page, /invest for it and its agendas. Every run starts without
 * the device's saved data (IndexedDB, local storage), as a first visit.
 *
 *   npx tsx bench/lighthouse.ts                  build both, 3 runs per page, medians
 *   LIGHTHOUSE_RUNS=1 npx tsx bench/lighthouse.ts
 *   LIGHTHOUSE_SKIP_BUILD=1 ...                  measure the app's existing dist/
 *   LIGHTHOUSE_PAGES=/projects,/invest ...       only these pages (and the baseline); a signed-in
 *                                                page by its name in the table, e.g. portfolio
 *   LIGHTHOUSE_REPORT_DIR=out ...                also write each run's full report as JSON there
 *
 * Exits non-zero when a page misses the goals of issues #16 and #29 (score 95, on /projects in
 * every run; layout shift 0.02; first and largest paint of public pages within 1.2x the
 * baseline's), so it can gate a release; tests never run it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { freePort, waitFor } from '../tests/helpers/server-process';
import { signedInInvestor } from './signed-in-investor';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const goals = { score: 95, cls: 0.02, paintRatio: 1.2 };
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR ? path.resolve(process.env.LIGHTHOUSE_REPORT_DIR) : undefined;
const onlyPages = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Calls to the API during the load (each list and the categories should be asked for once). */
  api: number;
}

/** The median of the runs that finished (a run Lighthouse could not finish has no figures). */
const median = (values: number[]) => {
  const finished = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  return finished.length ? finished[Math.floor(finished.length / 2)]! : Number.NaN;
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** Serves the baseline's build (its .br copies, like the app's server) and sends the API to the app. */
function serveBaseline(dir: string, apiPort: number, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/api/')) {
      const upstream = httpRequest(
        { host: '127.0.0.1', port: apiPort, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
      return;
    }
    let file = path.join(dir, path.normalize(url.pathname));
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(dir, 'index.html');
    const headers: Record<string, string> = {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': file.includes(`${path.sep}assets${path.sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    };
    const wantsBrotli = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (wantsBrotli && existsSync(`${file}.br`)) {
      headers['Content-Encoding'] = 'br';
      res.writeHead(200, headers);
      res.end(readFileSync(`${file}.br`));
    } else {
      res.writeHead(200, headers);
      res.end(readFileSync(file));
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** A page's medians, and every run's figures (the goal for /projects holds in each run). */
interface Measured extends Figures {
  runs: Figures[];
}

async function measure(
  url: string,
  port: number,
  name: string,
  /** Before each run: Lighthouse clears the origin's cookies with its storage, the session with them. */
  beforeRun: () => Promise<void> = async () => undefined,
): Promise<Measured> {
  const all: Figures[] = [];
  for (let run = 0; run < runs; run++) {
    await beforeRun();
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Each run a first visit: without the query cache an earlier run saved on the device.
      clearStorageTypes: [
        'file_systems',
        'shader_cache',
        'service_workers',
        'cache_storage',
        'indexeddb',
        'local_storage',
      ],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      const file = `${new URL(url).port}-${name.replace(/[^a-z0-9]+/gi, '-')}-${run}.json`;
      writeFileSync(path.join(reportDir, file), JSON.stringify(result.lhr));
      // The run's own trace, which Chrome's DevTools (Performance) opens: what each task was made of.
      writeFileSync(
        path.join(reportDir, file.replace(/\.json$/, '.trace.json')),
        JSON.stringify(result.artifacts.Trace),
      );
    }
    const { audits, categories, runtimeError } = result.lhr;
    // A run Lighthouse could not finish scores 0 with no figures: say why beside the table.
    if (runtimeError) console.warn(`  ${url} (run ${run + 1}): ${runtimeError.code}: ${runtimeError.message}`);
    all.push({
      score: runtimeError ? Number.NaN : Math.round((categories.performance?.score ?? 0) * 100),
      fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
      lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      api: ((audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? []).filter(
        (item) => new URL(item.url).pathname.startsWith('/api/'),
      ).length,
    });
  }
  return {
    score: median(all.map((f) => f.score)),
    fcp: median(all.map((f) => f.fcp)),
    lcp: median(all.map((f) => f.lcp)),
    tbt: median(all.map((f) => f.tbt)),
    cls: median(all.map((f) => f.cls)),
    api: median(all.map((f) => f.api)),
    runs: all,
  };
}

/** Builds, measures and prints the table; sets a non-zero exit code when a page misses a goal. */
export async function runLighthouse(): Promise<void> {
  if (!process.env.LIGHTHOUSE_SKIP_BUILD) {
    console.log('Building the app…');
    const app = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (app.status !== 0) process.exit(app.status ?? 1);
  }
  const baselineDir = mkdtempSync(path.join(tmpdir(), 'moa-baseline-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'moa-lighthouse-'));
  console.log('Building the baseline…');
  await build({
    configFile: path.join(root, 'bench/baseline-app/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: baselineDir, emptyOutDir: true },
  });

  const appPort = await freePort();
  const baselinePort = await freePort();
  let server: ChildProcess | undefined;
  let baseline: Server | undefined;
  const debugPort = await freePort();
  // Lighthouse drives the browser Playwright starts, through its debugging port.
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [`--remote-debugging-port=${debugPort}`, '--disable-gpu', '--no-sandbox', '--disable-dev-shm-usage'],
  });
  try {
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '100000',
      },
    });
    const appUrl = `http://127.0.0.1:${appPort}`;
    await waitFor(async () => (await fetch(`${appUrl}/api/v1/categories`)).ok, 60_000);
    // The server loads its page renderer with the first page it renders; the runs measure pages
    // of a server that has rendered one already, as a visitor meets it.
    await fetch(`${appUrl}/`);
    baseline = await serveBaseline(baselineDir, appPort, baselinePort);

    const posts = (await (await fetch(`${appUrl}/api/v1/posts?limit=1`)).json()) as {
      postPayloads: { urlTitle: string }[];
    };
    const post = posts.postPayloads[0]?.urlTitle;
    const pages = [
      '/',
      '/projects',
      '/blog',
      ...(post ? [`/blog/${encodeURIComponent(post)}`] : []),
      '/landing',
      '/faq',
    ];

    // The signed-in pages (each selected in LIGHTHOUSE_PAGES by its key or its name, or all of
    // them by `signed-in`): an investor newly approved, and one holding a governance project.
    const investor = (email: string, holds: boolean) => async () => signedInInvestor(appUrl, dataDir, email, holds);
    const newcomer = investor('newcomer@example.com', false);
    const holder = investor('holder@example.com', true);
    interface SignedInPage {
      key: string;
      name: (productId: number) => string;
      page: (productId: number) => string;
      as: typeof holder;
    }
    const allSignedIn: SignedInPage[] = [
      { key: 'overview', name: () => '/account/overview', page: () => '/account/overview', as: newcomer },
      { key: 'portfolio', name: () => 'portfolio (overview of a holder)', page: () => '/account/overview', as: holder },
      { key: 'project', name: (id) => `/projects/${id}`, page: (id) => `/projects/${id}`, as: holder },
      { key: 'invest', name: () => '/invest', page: (id) => `/invest/?productId=${id}`, as: holder },
      {
        key: 'governance',
        name: (id) => `/governance/agenda/${id}`,
        page: (id) => `/governance/agenda/${id}`,
        as: holder,
      },
    ];
    const signedIn = allSignedIn.filter(
      ({ key }) => !onlyPages || onlyPages.includes(key) || onlyPages.includes('signed-in'),
    );
    const sessions = new Map<typeof holder, Promise<{ accessToken: string; productId: number }>>();
    const sessionOf = (as: typeof holder) => {
      if (!sessions.has(as)) sessions.set(as, as());
      return sessions.get(as)!;
    };

    console.log(`Lighthouse mobile, ${runs} run(s) per page, medians.`);
    const base = await measure(`http://127.0.0.1:${baselinePort}/`, debugPort, 'baseline');
    const rows: [string, Measured, { signedIn: boolean }][] = [
      ['baseline (bare nine cards)', base, { signedIn: false }],
    ];
    for (const page of pages.filter((p) => !onlyPages || onlyPages.includes(p)))
      rows.push([page, await measure(`${appUrl}${page}`, debugPort, page), { signedIn: false }]);
    // The session is the access cookie in the browser's own context, the one Lighthouse's tabs use.
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
    try {
      for (const { name, page, as } of signedIn) {
        const { accessToken, productId } = await sessionOf(as);
        const signIn = () =>
          cdp.contexts()[0]!.addCookies([{ name: 'access_token', value: accessToken, url: appUrl, secure: true }]);
        rows.push([
          name(productId),
          await measure(`${appUrl}${page(productId)}`, debugPort, name(productId), signIn),
          { signedIn: true },
        ]);
      }
    } finally {
      await cdp.close();
    }

    const misses: string[] = [];
    console.log(
      ['page'.padEnd(40), 'score', 'FCP ms', '(x)', 'LCP ms', '(x)', 'TBT ms', 'CLS', 'API']
        .map((c) => c.padStart(7))
        .join(' '),
    );
    for (const [name, f, { signedIn: isSignedIn }] of rows) {
      const fcpRatio = f.fcp / base.fcp;
      const lcpRatio = f.lcp / base.lcp;
      console.log(
        [
          name.padEnd(40),
          String(f.score).padStart(7),
          f.fcp.toFixed(0).padStart(7),
          fcpRatio.toFixed(2).padStart(7),
          f.lcp.toFixed(0).padStart(7),
          lcpRatio.toFixed(2).padStart(7),
          f.tbt.toFixed(0).padStart(7),
          f.cls.toFixed(3).padStart(7),
          String(f.api).padStart(7),
        ].join(' '),
      );
      if (name === rows[0]![0]) continue;
      // /projects holds its score in every run, not only in the median.
      const lowest = Math.min(...f.runs.map((run) => run.score).filter((score) => !Number.isNaN(score)));
      if (Number.isNaN(f.score)) misses.push(`${name}: no run finished`);
      else if (name === '/projects' && lowest < goals.score)
        misses.push(`${name}: lowest score ${lowest} < ${goals.score}`);
      else if (f.score < goals.score) misses.push(`${name}: score ${f.score} < ${goals.score}`);
      if (f.cls > goals.cls) misses.push(`${name}: layout shift ${f.cls.toFixed(3)} > ${goals.cls}`);
      // Paints are held to the bare page's for public pages, which the server paints.
      if (isSignedIn) continue;
      if (fcpRatio > goals.paintRatio) misses.push(`${name}: first paint ${fcpRatio.toFixed(2)}x the baseline's`);
      if (lcpRatio > goals.paintRatio) misses.push(`${name}: largest paint ${lcpRatio.toFixed(2)}x the baseline's`);
    }
    const projects = rows.find(([name]) => name === '/projects')?.[1];
    if (projects) {
      const scores = projects.runs.map((run) => run.score);
      const finished = scores.filter((score) => !Number.isNaN(score));
      console.log(
        `\n/projects per run: ${scores.join(', ')} (lowest ${Math.min(...finished)}, median ${projects.score})`,
      );
    }
    if (misses.length) {
      console.log(`\nMissed goals:\n  ${misses.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      console.log('\nEvery page meets the goals.');
    }
  } finally {
    await browser.close();
    baseline?.close();
    server?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(baselineDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run on its own (npx tsx bench/lighthouse.ts) or from bench/run.ts, which imports runLighthouse.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await runLighthouse();
