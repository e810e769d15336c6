import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { totpCodeForStep, totpStepAt } from '../../server/modules/mfa/totp';

/** A clock tests can move; the app reads it for code windows, expiry and locks. */
export function createClock(start = Date.now()) {
  let current = start;
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
    set: (ms: number) => {
      current = ms;
    },
    get ms() {
      return current;
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function latestCode(app: FastifyInstance, email: string): Promise<string> {
  const response = await app.inject({ url: `/api/v1/dev/outbox?email=${encodeURIComponent(email)}` });
  const { messages } = response.json() as { messages: Array<{ text: string }> };
  const match = /\b(\d{6})\b/.exec(messages[0]?.text ?? '');
  if (!match?.[1]) throw new Error(`no code mailed to ${email}`);
  return match[1];
}

export async function requestCode(app: FastifyInstance, email: string, ip = '127.0.0.1'): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/email/code',
    payload: { email },
    remoteAddress: ip,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { challengeId: string }).challengeId;
}

/** Signs in by email code; answers the UNVERIFIED token. */
export async function signInByEmail(app: FastifyInstance, email: string): Promise<string> {
  const challengeId = await requestCode(app, email);
  const code = await latestCode(app, email);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/email/verify',
    payload: { challengeId, code },
    headers: {
      'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { accessToken: string }).accessToken;
}

export function secretOf(url: string): string {
  const secret = new URL(url).searchParams.get('secret');
  if (!secret) throw new Error('no secret in the otpauth URL');
  return secret;
}

export function codeAt(secret: string, date: Date, stepOffset = 0): string {
  return totpCodeForStep(secret, totpStepAt(date.getTime()) + stepOffset);
}

export interface EnrolledUser {
  token: string;
  secret: string;
  recoveryCodes: string[];
}

/**
 * A signed-in user with TOTP set up, holding a USER token. The clock moves one step on, so
 * the setup code's step is behind whatever the test does next.
 */
export async function enrollUser(
  app: FastifyInstance,
  clock: ReturnType<typeof createClock>,
  email: string,
): Promise<EnrolledUser> {
  const unverified = await signInByEmail(app, email);
  const keys = await app.inject({ method: 'POST', url: '/api/v1/mfa/keys', headers: bearer(unverified) });
  expect(keys.statusCode, keys.body).toBe(200);
  const secret = secretOf((keys.json() as { url: string }).url);
  const setup = await app.inject({
    method: 'POST',
    url: '/api/v1/mfa',
    headers: bearer(unverified),
    payload: { code: codeAt(secret, clock.now()) },
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const body = setup.json() as { accessToken: string; recoveryCodes: string[] };
  clock.advance(30_000);
  return { token: body.accessToken, secret, recoveryCodes: body.recoveryCodes };
}

export function errorCode(response: { json: () => unknown }): string | undefined {
  return (response.json() as { errors?: Array<{ code: string }> }).errors?.[0]?.code;
}
