import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The data folder holds the database, its WAL, uploaded identity documents, the mail outbox and
 * the secrets: readable by the server's own user only (folders 0700, files 0600). New files
 * are created that way; an existing folder from an older install is tightened at start.
 */
export function makeDataDirPrivate(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir, 0);
}

function tighten(target: string, depth: number): void {
  const stat = statSync(target);
  if (stat.isDirectory()) {
    if ((stat.mode & 0o077) !== 0) chmodSync(target, 0o700);
    if (depth > 4) return;
    for (const entry of readdirSync(target)) tighten(path.join(target, entry), depth + 1);
  } else if (stat.isFile() && (stat.mode & 0o077) !== 0) {
    chmodSync(target, 0o600);
  }
}
