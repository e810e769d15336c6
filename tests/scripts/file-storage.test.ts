import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Files users and operators send go through one storage interface (server/storage/files.ts), so
 * they can live in a bucket that every machine shares. This scan fails when server code outside
 * that module writes files, or reaches into the data folder, unless it is one of the few
 * machine-local things named below with the reason it may.
 */

function sources(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const full = path.join(root, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

const STORAGE_MODULE = 'server/storage/';

/** Node's calls that create, change or remove files. */
const WRITES =
  /^(writeFile|appendFile|mkdir|mkdtemp|rename|unlink|rm|rmdir|copyFile|cp|createWriteStream|open|truncate|symlink|link|chmod|chown|utimes)(Sync)?$/;

/** Each file outside the storage module that may write files or name the data folder, and why. */
const ALLOWED: Record<string, { writes: boolean; dataDir: boolean; why: string }> = {
  'server/config.ts': { writes: false, dataDir: true, why: 'defines DATA_DIR' },
  'server/data-dir.ts': { writes: true, dataDir: true, why: 'creates the data folder and keeps it private' },
  'server/secrets.ts': {
    writes: true,
    dataDir: true,
    why: 'secrets.json, only for secrets the environment does not give',
  },
  'server/db/client.ts': {
    writes: true,
    dataDir: true,
    why: 'the SQLite database file (PostgreSQL for several machines)',
  },
  'server/mail/mailer.ts': {
    writes: true,
    dataDir: true,
    why: 'the development mail outbox (production requires SMTP_URL)',
  },
  'server/main.ts': { writes: false, dataDir: true, why: 'hands the data folder to the above at start' },
  'server/app.ts': { writes: false, dataDir: true, why: 'hands the data folder to the database and the mailer' },
  'server/cli/main.ts': { writes: true, dataDir: true, why: 'creates the data folder for the operator commands' },
};

/** What a source does: the write calls it imports from node:fs, and whether it names the data folder. */
function scan(text: string): { writes: string[]; dataDir: boolean } {
  const writes: string[] = [];
  for (const match of text.matchAll(/import\s+([^;]+?)\s+from\s+['"](?:node:)?fs(?:\/promises)?['"]/g)) {
    const clause = match[1]!;
    // A namespace or default import can reach every call.
    if (!clause.includes('{') || /^\w+\s*,|\*\s+as/.test(clause)) writes.push(clause.trim());
    for (const name of /\{([^}]*)\}/.exec(clause)?.[1]?.split(',') ?? []) {
      const imported = name
        .trim()
        .split(/\s+as\s+/)[0]!
        .replace(/^type\s+/, '');
      if (WRITES.test(imported)) writes.push(imported);
    }
  }
  for (const match of text.matchAll(/require\(\s*['"](?:node:)?fs(?:\/promises)?['"]\s*\)/g)) writes.push(match[0]);
  for (const match of text.matchAll(/import\(\s*['"](?:node:)?fs(?:\/promises)?['"]\s*\)/g)) writes.push(match[0]);
  return { writes, dataDir: /\bdataDir\b|\bDATA_DIR\b/.test(text) };
}

describe('files of users and operators', () => {
  const files = sources('server').filter((file) => !file.startsWith(STORAGE_MODULE));
  const scanned = new Map(files.map((file) => [file, scan(readFileSync(file, 'utf8'))]));

  it('are written and read only through the storage module', () => {
    const offenders: string[] = [];
    for (const [file, found] of scanned) {
      const allowed = ALLOWED[file];
      if (found.writes.length > 0 && !allowed?.writes)
        offenders.push(`${file} writes files: ${found.writes.join(', ')}`);
      if (found.dataDir && !allowed?.dataDir) offenders.push(`${file} reaches into the data folder`);
    }
    expect(offenders).toEqual([]);
  });

  it('lists only exceptions that still exist and still need to be one', () => {
    const stale = Object.entries(ALLOWED).flatMap(([file, allowed]) => {
      const found = scanned.get(file);
      if (!found) return [`${file} is gone`];
      if (allowed.writes && found.writes.length === 0) return [`${file} no longer writes files`];
      if (allowed.dataDir && !found.dataDir) return [`${file} no longer names the data folder`];
      return [];
    });
    expect(stale).toEqual([]);
  });

  it('tells a write or a data folder path from a read', () => {
    expect(scan("import { readFile } from 'node:fs/promises';\nreadFile(x);")).toEqual({ writes: [], dataDir: false });
    expect(scan("import { readFile, writeFile as put } from 'node:fs/promises';").writes).toEqual(['writeFile']);
    expect(scan("import { existsSync, mkdirSync } from 'node:fs';").writes).toEqual(['mkdirSync']);
    expect(scan("import fs from 'fs';").writes).toEqual(['fs']);
    expect(scan("import * as fs from 'node:fs';").writes).toEqual(['* as fs']);
    expect(scan("const fs = await import('node:fs');").writes).toHaveLength(1);
    expect(scan('const file = path.join(ctx.config.dataDir, "kyc-uploads");').dataDir).toBe(true);
  });
});
