import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = 'docs/decisions';
const records = readdirSync(dir).filter((name) => /^\d{4}-.+\.md$/.test(name));

function files(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.')) return [];
    const full = path.join(root, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.(md|ts|tsx|mjs|js)$/.test(name) ? [full] : [];
  });
}

describe('the decision records', () => {
  it('have one number each, so a citation by number names one record', () => {
    const byNumber = new Map<string, string[]>();
    for (const name of records) byNumber.set(name.slice(0, 4), [...(byNumber.get(name.slice(0, 4)) ?? []), name]);
    expect([...byNumber.values()].filter((names) => names.length > 1)).toEqual([]);
  });

  it('open with their own number', () => {
    const wrong = records.filter((name) => {
      const title = readFileSync(path.join(dir, name), 'utf8').split('\n')[0] ?? '';
      return !title.startsWith(`# ${name.slice(0, 4)}`);
    });
    expect(wrong).toEqual([]);
  });

  it('are cited by file names that exist', () => {
    const known = new Set(records);
    const broken = ['docs', 'src', 'server', 'tests', 'e2e', 'scripts', 'README.md'].flatMap((root) =>
      (root.endsWith('.md') ? [root] : files(root)).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/\b(\d{4}-[a-z0-9-]+)\.md\b/g)]
          .map((match) => `${match[1]}.md`)
          .filter((name) => !known.has(name))
          .map((name) => `${file}: ${name}`),
      ),
    );
    expect(broken).toEqual([]);
  });
});
