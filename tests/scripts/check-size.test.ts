import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { budgets, checkFirstPage, measureFirstPage } from '../../scripts/check-size';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function build(files: Record<string, string | Buffer>, head: string) {
  dir = mkdtempSync(path.join(tmpdir(), 'moa-size-'));
  mkdirSync(path.join(dir, 'assets'));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><head>${head}</head><body></body></html>`);
}

describe('the first page size budget', () => {
  it('counts the entry, its module preloads and the stylesheets, and nothing loaded later', () => {
    build(
      {
        'assets/entry.js': 'export const a = 1;'.repeat(50),
        'assets/dep.js': 'export const b = 2;'.repeat(50),
        'assets/lazy.js': randomBytes(50_000),
        'assets/app.css': 'body{color:red}'.repeat(20),
        'assets/font.woff2': randomBytes(1000),
      },
      `<link rel="preload" href="/assets/font.woff2" as="font" crossorigin>
       <script type="module" crossorigin src="/assets/entry.js"></script>
       <link rel="modulepreload" crossorigin href="/assets/dep.js">
       <link rel="stylesheet" crossorigin href="/assets/app.css">`,
    );
    const size = measureFirstPage(dir);
    expect(size.files.map((f) => f.file).sort()).toEqual(['/assets/app.css', '/assets/dep.js', '/assets/entry.js']);
    expect(size.script).toBeGreaterThan(0);
    expect(size.script).toBeLessThan(200);
    expect(checkFirstPage(dir).ok).toBe(true);
  });

  it('fails when the preloaded JavaScript grows past the budget', () => {
    // Random bytes do not compress, so the brotli size is about the raw size.
    build(
      { 'assets/entry.js': 'export {};', 'assets/huge.js': randomBytes(budgets.script + 1000) },
      `<script type="module" src="/assets/entry.js"></script><link rel="modulepreload" href="/assets/huge.js">`,
    );
    const verdict = checkFirstPage(dir);
    expect(verdict.ok).toBe(false);
    expect(verdict.lines.join('\n')).toContain('/assets/huge.js');
  });
});
