import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import Database from 'better-sqlite3';
import { signInEnrolledUser } from './auth-helpers';

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  return dir;
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

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(256, 7)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256, 9)]);

/**
 * An identity check sent through the API as the form sends it, then approved by an operator
 * with the command line: the same path as a real review.
 */
export async function approveIdentity(request: APIRequestContext, accessToken: string, email: string): Promise<void> {
  const headers = { authorization: `Bearer ${accessToken}` };
  const upload = async (name: string, mimeType: string, buffer: Buffer) => {
    const response = await request.post('/api/v1/kyc/files', {
      headers,
      multipart: { file: { name, mimeType, buffer } },
    });
    if (!response.ok()) throw new Error(`upload failed: ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  };
  const submitted = await request.post('/api/v1/kyc/submissions', {
    headers,
    data: {
      legalName: 'Test Investor',
      dateOfBirth: '1990-01-01',
      countryOfResidence: 'KR',
      investorType: 'INDIVIDUAL',
      documentType: 'PASSPORT',
      frontFileId: await upload('passport.jpg', 'image/jpeg', JPEG),
      selfieFileId: await upload('selfie.png', 'image/png', PNG),
    },
  });
  if (!submitted.ok()) throw new Error(`submission failed: ${await submitted.text()}`);
  moa('kyc:review', email, 'GREEN');
}

/** A signed-in investor with two-step sign-in and an approved identity, signed in in `context`. */
export async function signInApprovedInvestor(
  request: APIRequestContext,
  context: BrowserContext,
  baseURL: string,
  email: string,
) {
  const user = await signInEnrolledUser(request, context, baseURL, email);
  await approveIdentity(request, user.accessToken, email);
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
