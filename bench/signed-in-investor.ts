/**
 * An investor as a phone meets the signed-in pages: signed in with the second factor passed, the
 * identity approved, holding tokens of a governance project bought through a confirmed order, and
 * an agenda open on that project. Built the way a person and an operator build it: through the
 * API (sign-in code, authenticator, identity files, order, contract, declared transfer) and the
 * operator's command line (identity review, payment confirmation, agenda). Only finding the
 * project reads the database.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Secret, TOTP } from 'otpauth';
import { findGovernanceProject } from '../e2e/governance-helpers';

export interface SignedInInvestor {
  accessToken: string;
  /** A public governance project (held, with an open agenda, when the investor holds). */
  productId: number;
}

const root = path.resolve(import.meta.dirname, '..');

function moa(dataDir: string, ...args: string[]): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/main.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`moa ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout.trim();
}

/** The first public demo project with governance (e2e/governance-helpers.ts finds it the same way). */
function governanceProjectId(dataDir: string): number {
  const db = new Database(path.join(dataDir, 'moa.sqlite'), { readonly: true });
  try {
    return findGovernanceProject(db);
  } finally {
    db.close();
  }
}

/** An approved investor signed in; with `holds`, holding tokens of a governance project with an open agenda. */
export async function signedInInvestor(
  appUrl: string,
  dataDir: string,
  email: string,
  holds: boolean,
): Promise<SignedInInvestor> {
  const call = async <T>(method: string, route: string, token?: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${appUrl}${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  // Sign in with an emailed code, then set up the authenticator: the token that comes back has
  // the second factor passed.
  const { challengeId } = await call<{ challengeId: string }>('POST', '/api/v1/auth/email/code', undefined, { email });
  const outbox = await call<{ messages: { text: string }[] }>(
    'GET',
    `/api/v1/dev/outbox?email=${encodeURIComponent(email)}`,
  );
  const code = /\b(\d{6})\b/.exec(outbox.messages[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  const first = await call<{ accessToken: string }>('POST', '/api/v1/auth/email/verify', undefined, {
    challengeId,
    code,
  });
  const { url } = await call<{ url: string }>('POST', '/api/v1/mfa/keys', first.accessToken);
  const totp = new TOTP({ secret: Secret.fromBase32(new URL(url).searchParams.get('secret')!) });
  const { accessToken } = await call<{ accessToken: string }>('POST', '/api/v1/mfa', first.accessToken, {
    code: totp.generate(),
  });

  // The identity check as the form sends it, approved by an operator.
  const upload = async (name: string, type: string, bytes: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return (await call<{ id: string }>('POST', '/api/v1/kyc/files', accessToken, form)).id;
  };
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(256, 7)]);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256, 9)]);
  await call('POST', '/api/v1/kyc/submissions', accessToken, {
    legalName: 'Bench Investor',
    dateOfBirth: '1990-01-01',
    countryOfResidence: 'KR',
    investorType: 'INDIVIDUAL',
    documentType: 'PASSPORT',
    frontFileId: await upload('passport.jpg', 'image/jpeg', jpeg),
    selfieFileId: await upload('selfie.png', 'image/png', png),
  });
  moa(dataDir, 'kyc:review', email, 'GREEN');
  const productId = governanceProjectId(dataDir);
  if (!holds) return { accessToken, productId };

  // Tokens of a governance project: an order, its contract signed, the transfer declared and
  // confirmed by an operator.
  const product = await call<{ payMethods: { id: number; payMethodType: string }[] }>(
    'GET',
    `/api/v1/products/${productId}`,
    accessToken,
  );
  const method = product.payMethods.find((entry) => entry.payMethodType === 'ACCOUNT');
  if (!method) throw new Error(`project ${productId} takes no bank transfer`);
  const order = await call<{ id: string; reference: string }>(
    'POST',
    `/api/v1/products/${productId}/investors`,
    accessToken,
    { quantity: 5, payMethodId: method.id },
  );
  const { sha256 } = await call<{ sha256: string }>(
    'GET',
    `/api/v1/products/${productId}/sign?orderId=${order.id}`,
    accessToken,
  );
  await call('POST', `/api/v1/products/${productId}/sign`, accessToken, {
    orderId: order.id,
    legalName: 'Bench Investor',
    contractSha256: sha256,
    consents: { terms: true, risks: true, electronicSignature: true },
  });
  await call('POST', '/api/v1/payment/manual', accessToken, { orderId: order.id, payerName: 'Bench Investor' });
  moa(dataDir, 'payment:confirm', order.reference);

  // Something for holders to vote on.
  moa(
    dataDir,
    'agenda:open',
    String(productId),
    '+72h',
    '0',
    '50',
    'Extend the tour by two cities',
    'The venues are booked if holders agree.',
    'Yes',
    'No',
  );
  return { accessToken, productId };
}
