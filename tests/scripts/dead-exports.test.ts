import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.')) return [];
    const full = path.join(root, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx|mjs|js)$/.test(name) && !name.endsWith('.gen.ts') ? [full] : [];
  });
}

/** Code that is exported (types are left out: the contract's types document its shapes). */
const EXPORTED = /^export (?:async )?(?:function\*?|const|let|class) ([A-Za-z_$][\w$]*)/gm;
/** Dead today, left to the work that reshapes their modules. */
const KNOWN = new Set(['findVoterIds', 'findHoldingEntries']);

describe('exported code', () => {
  it('is used somewhere: in its file, or by the server, app, service worker, scripts or tests', () => {
    const files = ['server', 'src', 'sw', 'scripts', 'tests', 'e2e', 'bench'].filter(existsSync).flatMap(sources);
    const configs = readdirSync('.').filter((name) => /\.config\.(ts|js|mjs)$/.test(name));
    const texts = new Map([...files, ...configs].map((file) => [file, readFileSync(file, 'utf8')]));
    const dead: string[] = [];
    for (const [file, text] of texts) {
      if (!/^(server|src|sw)\//.test(file)) continue;
      for (const [, name] of text.matchAll(EXPORTED)) {
        if (!name || name === 'Route' || KNOWN.has(name)) continue;
        const word = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`, 'g');
        // Used in its own file (an export no other file needs is a smaller matter) or elsewhere.
        if ((text.match(word)?.length ?? 0) > 1) continue;
        const used = [...texts].some(([other, otherText]) => other !== file && new RegExp(word.source).test(otherText));
        if (!used) dead.push(`${file}: ${name}`);
      }
    }
    expect(dead).toEqual([]);
  });
});
