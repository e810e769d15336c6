import { chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { collect, freePort, startServer, waitFor } from '../helpers/server-process';

/** The real server process without demo data, quiet but for warnings. */
const start = (env: Record<string, string>) => startServer({ LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'false', ...env });
const waitLong = (check: () => Promise<boolean>) => waitFor(check, 60_000);

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('the server process and its data folder', () => {
  it('refuses to start in production without a mail server, naming the variable', { timeout: 60_000 }, async () => {
    const child = start({ NODE_ENV: 'production', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'moa-')) });
    const { output, exited } = collect(child);
    expect(await exited).toBe(1);
    expect(output().trim()).toMatch(/^Invalid environment variable SMTP_URL: required when NODE_ENV is production/);
  });

  it('keeps every acknowledged write through kill -9, with a sound database and private files', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'moa-crash-')), 'data');
    // An older install's folder, readable by everyone: tightened at start.
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, 'notes.txt'), 'old', { mode: 0o644 });
    const port = await freePort();
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '1000000',
      CONTACT_RATE_LIMIT_MAX: '1000000',
    };
    const first = start(env);
    const firstRun = collect(first);
    const base = `http://127.0.0.1:${port}`;
    await waitLong(async () => (await fetch(`${base}/api/health`)).ok);
    expect(firstRun.output()).toContain('development mailbox');
    expect(firstRun.output()).not.toContain('key=');

    // A burst of writes from several clients at once; the server is killed in the middle of it.
    const acknowledged: string[] = [];
    let isKilled = false;
    let sent = 0;
    const client = async () => {
      while (!isKilled) {
        const name = `Burst ${(sent += 1)}`;
        try {
          const response = await fetch(`${base}/api/v1/contact`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              name,
              email: 'burst@example.com',
              topic: 'other',
              message: 'A message in a burst.',
            }),
          });
          if (response.status === 201) acknowledged.push(name);
        } catch {
          return;
        }
      }
    };
    const clients = Array.from({ length: 8 }, client);
    await waitLong(async () => acknowledged.length >= 100);
    first.kill('SIGKILL');
    isKilled = true;
    await firstRun.exited;
    await Promise.all(clients);
    expect(acknowledged.length).toBeGreaterThanOrEqual(100);

    // Restarted on the same folder: it recovers, serves, and has every acknowledged write.
    const second = start(env);
    const secondRun = collect(second);
    await waitLong(async () => (await fetch(`${base}/api/health`)).ok);
    const file = path.join(dataDir, 'moa.sqlite');
    const database = new SQLite(file, { readonly: true });
    expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
    const stored = new Set(
      (database.prepare('select name from contact_messages').all() as Array<{ name: string }>).map((row) => row.name),
    );
    database.close();
    const missing = acknowledged.filter((name) => !stored.has(name));
    expect(missing).toEqual([]);

    // Private: folders 0700, the database, its WAL and shared memory, the outbox and secrets 0600.
    expect(modeOf(dataDir)).toBe(0o700);
    for (const name of [
      'moa.sqlite',
      'moa.sqlite-wal',
      'moa.sqlite-shm',
      'outbox.jsonl',
      'secrets.json',
      'notes.txt',
    ]) {
      expect(modeOf(path.join(dataDir, name)), name).toBe(0o600);
    }
    second.kill('SIGTERM');
    expect(await secondRun.exited).toBe(0);
  }, 240_000);
});
