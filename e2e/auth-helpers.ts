import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { SignJWT, decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';

/** The e2e server signs tokens with this key, so a test can forge an expired one. Test-only. */
export const E2E_TOKEN_SIGNING_KEY = 'e2e-token-signing-key-for-tests-only-0123456789';

export async function latestMailedCode(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.get(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`);
  const { messages } = (await response.json()) as { messages: Array<{ text: string }> };
  const match = /\b(\d{6})\b/.exec(messages[0]?.text ?? '');
  if (!match?.[1]) throw new Error(`no code mailed to ${email}`);
  return match[1];
}

/**
 * The e2e server accepts authenticator codes from this many steps before the previous one
 * (TOTP_TEST_PAST_STEPS, which only a server with NODE_ENV=test takes). Test-only.
 */
export const E2E_TOTP_PAST_STEPS = 120;
const STEP_MS = 30_000;
/** Steps a code may spend between being made here and being checked by the server (10 minutes). */
const SLACK_STEPS = 20;

/**
 * A code for a time step nobody used yet: a step accepted once is never accepted again. Each
 * code takes the step after the last one used, at least SLACK_STEPS newer than the oldest step the
 * e2e server accepts, so no test waits for the clock to reach a new step.
 */
export function freshTotpCode(secret: string, lastUsedStep: number): { code: string; step: number } {
  const now = Math.floor(Date.now() / STEP_MS);
  const step = Math.max(lastUsedStep + 1, now - 1 - E2E_TOTP_PAST_STEPS + SLACK_STEPS);
  if (step > now) throw new Error(`no unused time step left for this user (last used ${lastUsedStep}, now ${now})`);
  return { code: new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * STEP_MS }), step };
}

export async function signInWithEmailCode(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
  await page.getByLabel('Sign-in code').fill(await latestMailedCode(page.request, email));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A user with two-step sign-in set up, made through the API. */
export async function createEnrolledUser(request: APIRequestContext, email: string) {
  const { challengeId } = (await (await request.post('/api/v1/auth/email/code', { data: { email } })).json()) as {
    challengeId: string;
  };
  const code = await latestMailedCode(request, email);
  const { accessToken } = (await (
    await request.post('/api/v1/auth/email/verify', { data: { challengeId, code } })
  ).json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const { url } = (await (await request.post('/api/v1/mfa/keys', { headers })).json()) as { url: string };
  const secret = new URL(url).searchParams.get('secret')!;
  const first = freshTotpCode(secret, -1);
  const setup = await request.post('/api/v1/mfa', { headers, data: { code: first.code } });
  const body = (await setup.json()) as { accessToken: string; recoveryCodes: string[] };
  return { secret, lastStep: first.step, accessToken: body.accessToken, recoveryCodes: body.recoveryCodes };
}

/** The same token with its expiry moved into the past, signed as the server would. */
export async function expiredCopyOf(token: string): Promise<string> {
  const claims = decodeJwt(token);
  const past = Math.floor(Date.now() / 1000) - 60;
  return new SignJWT({ ...claims, iat: past - 3600, exp: past })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(E2E_TOKEN_SIGNING_KEY));
}

/** A refused code answers 401, which Chromium logs as a failed resource; nothing else may appear. */
export const unexpectedErrors = (errors: string[]) =>
  errors.filter((error) => !/Failed to load resource: the server responded with a status of 401/.test(error));

/** A user with two-step sign-in set up, signed in in `context` (the browser holds the token cookie). */
export async function signInEnrolledUser(
  request: APIRequestContext,
  context: BrowserContext,
  baseURL: string,
  email: string,
) {
  const user = await createEnrolledUser(request, email);
  await context.addCookies([{ name: 'access_token', value: user.accessToken, url: baseURL, secure: true }]);
  return user;
}
