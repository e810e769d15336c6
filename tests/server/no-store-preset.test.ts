import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const full = path.join(root, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

/** A quoted string in code (not a comment) that spells a cache rule of its own. */
const SPELLED = /(['"`])[^'"`\n]*no-store[^'"`\n]*\1/;

describe('the no-store preset', () => {
  it('is the only place the server spells no-store; every answer takes it from presets.ts', () => {
    const spelled = sources('server').flatMap((file) =>
      file === path.join('server', 'plugins', 'presets.ts')
        ? []
        : readFileSync(file, 'utf8')
            .split('\n')
            .map((line, index) => ({ line: line.trim(), at: `${file}:${index + 1}` }))
            .filter(({ line }) => !/^(\/\/|\/?\*)/.test(line) && SPELLED.test(line))
            .map(({ at }) => at),
    );
    expect(spelled).toEqual([]);
  });
});
