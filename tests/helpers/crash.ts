import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { parseConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { deriveDataKeys } from '../../server/crypto';
import { createDb, type Engine } from '../../server/db/client';
import { migrateToLatest } from '../../server/db/migrate';
import { createMailer } from '../../server/mail/mailer';
import { loadOrCreateSecrets } from '../../server/secrets';
import { createFileStore } from '../../server/storage/files';
import { serverArgs, serverEnvironment } from '../../scripts/server-runtime.mjs';

export { freePort } from './server-process';

/**
 * What the crash tests share: a real server process to kill, and a data folder and database
 * prepared for it beside a context the test reads and writes them with.
 */

/** The real server process, through tsx, or compiled as `npm start` runs it. */
export function startTestServer(env: Record<string, string>, compiled = false): ChildProcess {
  return spawn(process.execPath, compiled ? serverArgs('build/server.js') : ['--import', 'tsx', 'server/main.ts'], {
    env: serverEnvironment({
      PATH: process.env.PATH,
      SERVE_CLIENT: 'false',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      ...env,
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function waitForHealth(base: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

export async function databaseUrlFor(engine: Engine): Promise<string | undefined> {
  if (engine === 'sqlite') return undefined;
  const url = inject('postgresUrl')!;
  const schema = `${inject('postgresSchemaPrefix')}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return withSchema.toString();
}

/** A data folder and a database for a server process, and a context to prepare them with. */
export async function prepare(engine: Engine) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'moa-crash-'));
  const databaseUrl = await databaseUrlFor(engine);
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const config = parseConfig({ NODE_ENV: 'test', ...env });
  const secrets = loadOrCreateSecrets(dataDir);
  const handle = createDb({ url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
  await migrateToLatest(handle.db);
  const ctx: AppContext = {
    db: handle.db,
    config,
    mailer: createMailer({ from: config.MAIL_FROM, dataDir }),
    keys: deriveDataKeys(secrets.dataEncryptionKey),
    tokenKey: new TextEncoder().encode(secrets.tokenSigningKey),
    files: createFileStore(config),
    now: () => new Date(),
  };
  return { dataDir, env, handle, ctx };
}
