import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import Database from 'better-sqlite3';
import { createEnrolledUser } from './auth-helpers';

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  return dir;
}

/**
 * Stands in for an operator's approved identity review, written straight to the e2e
 * server's database as a fixture, until the identity capability has its own review flow.
 */
export function approveIdentity(email: string): void {
  const db = new Database(path.join(dataDir(), 'moa.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const result = db.prepare("update users set kyc_status = 'GREEN' where email = ?").run(email);
    if (result.changes !== 1) throw new Error(`no user ${email}`);
  } finally {
    db.close();
  }
}

/** Runs an operator command against the e2e server's data folder, as an operator would. */
export function moa(...args: string[]): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/main.ts', ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir() },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`moa ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout.trim();
}

/** A signed-in investor with two-step sign-in and an approved identity, signed in in `context`. */
export async function signInApprovedInvestor(
  request: APIRequestContext,
  context: BrowserContext,
  baseURL: string,
  email: string,
) {
  const user = await createEnrolledUser(request, email);
  approveIdentity(email);
  await context.addCookies([{ name: 'access_token', value: user.accessToken, url: baseURL, secure: true }]);
  return user;
}

export function projectIdByName(name: string): number {
  const db = new Database(path.join(dataDir(), 'moa.sqlite'), { readonly: true });
  try {
    const row = db.prepare('select id from products where name = ?').get(name) as { id: number } | undefined;
    if (!row) throw new Error(`no project ${name}`);
    return row.id;
  } finally {
    db.close();
  }
}
