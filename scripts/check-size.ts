/**
 * The first page's weight budget (issue #16): the JavaScript a first visit must fetch before
 * the app can run (the entry script and every module it preloads, from dist/index.html) and the
 * render-blocking stylesheets, measured brotli-compressed as the server sends them. Run after
 * `vite build` (the build runs it itself, see vite.config.ts), or on its own:
 *
 *   npm run check:size
 *
 * It fails when a budget is exceeded. Raising a budget is a decision: say why in the commit.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

/**
 * The bare React 19 + TanStack Router + Query page showing the same cards, brotli bytes
 * (bench/baseline-app, built the same way; bench/lighthouse.ts builds and measures it).
 */
export const BARE_PAGE_SCRIPT = 89_865;

/**
 * Brotli bytes. The goal of issue #16 is a first page within 1.2x the bare page (107,838 bytes).
 * Each build names its files by fresh hashes, which moves the compressed size by some 50 bytes
 * from build to build, and a budget must not fail a build for that. The budget is that goal
 * rounded up to the 0.1 KB this check prints, plus 0.3 KB that every page now pays for: the
 * Retry-After wait that keeps a 429 from signing the investor out, and addresses read as decimal
 * digits only (about 0.1 KB together, measured), with the build-to-build margin on top; and 0.1 KB
 * for writing a moment without Intl (src/lib/moments.ts, which the offline banner of every page
 * uses): about 0.15 KB that spares every page showing a date the setup of the browser's date
 * library in its first render (docs/decisions/1839-first-renders-without-intl-or-svg-pictures.md);
 * and 0.1 KB for painting signed-in pages on the server (the visitor's session read where the
 * page is rendered, the header's parts that wait for hydration, the takeover of a served page's
 * data): about 0.1 KB that brings a signed-in investor's first paint from the bare shell's 3.5 s
 * to about 1 s (docs/decisions/1840-signed-in-pages-painted-by-the-server.md).
 * And 0.1 KB more for the build-to-build spread, which is wider than the 50 bytes first allowed:
 * five builds of one source (each with its own build time, so its own hashes) measured 108,290
 * to 108,411 bytes, and the last of them failed a budget it had passed the build before.
 * And 0.1 KB for a sign-out that holds the calls made while it is under way (src/lib/session.ts):
 * about 0.15 KB that keeps them from reaching a server that has just ended the session, each a
 * refusal the browser reports and a forced sign-out racing the chosen one
 * (docs/decisions/1848-a-sign-out-holds-the-calls-made-meanwhile.md).
 * A first page that grows past it fails the build.
 */
export const budgets = { script: Math.ceil((1.2 * BARE_PAGE_SCRIPT) / 100) * 100 + 700, style: 12_500 };

export interface FirstPageSize {
  script: number;
  style: number;
  files: { file: string; bytes: number }[];
}

const brotli = (content: Buffer) =>
  brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

export function measureFirstPage(distDir: string): FirstPageSize {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const url = /\b(?:src|href)="(\/[^"]+)"/.exec(tag)?.[1];
    if (!url) continue;
    if (/^<script\b/.test(tag) && /type="module"/.test(tag)) scripts.add(url);
    else if (/rel="modulepreload"/.test(tag)) scripts.add(url);
    else if (/rel="stylesheet"/.test(tag)) styles.add(url);
  }
  const files = [...scripts, ...styles].map((file) => ({
    file,
    bytes: brotli(readFileSync(path.join(distDir, file))),
  }));
  const sum = (set: Set<string>) => files.filter((f) => set.has(f.file)).reduce((total, f) => total + f.bytes, 0);
  return { script: sum(scripts), style: sum(styles), files };
}

/** The budget's verdict, as lines to print; `ok` is false when a budget is exceeded. */
export function checkFirstPage(distDir: string): { ok: boolean; lines: string[] } {
  const size = measureFirstPage(distDir);
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  const over = (size.script > budgets.script ? 1 : 0) + (size.style > budgets.style ? 1 : 0);
  const lines = [
    `First page, brotli: JavaScript ${kb(size.script)} (budget ${kb(budgets.script)}), ` +
      `CSS ${kb(size.style)} (budget ${kb(budgets.style)}), ${size.files.length} files.`,
  ];
  if (over) {
    lines.push('Over budget. The largest files:');
    for (const f of [...size.files].sort((a, b) => b.bytes - a.bytes).slice(0, 8)) {
      lines.push(`  ${kb(f.bytes).padStart(9)}  ${f.file}`);
    }
  }
  return { ok: over === 0, lines };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { ok, lines } = checkFirstPage(path.resolve(import.meta.dirname, '..', 'dist'));
  for (const line of lines) (ok ? console.log : console.error)(line);
  if (!ok) process.exit(1);
}
