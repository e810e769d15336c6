import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenResponseSchema, challengeResponseSchema } from '../../src/domain/auth';
import { meSchema } from '../../src/domain/session';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createClock, errorCode, latestCode, requestCode, signInByEmail } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { GOOGLE_TEST_CLIENT_ID, startGoogleKeyServer } from '../helpers/google';

describe.each(testEngines())('sign-in on %s', (engine) => {
  let t: TestApp;
  let google: Awaited<ReturnType<typeof startGoogleKeyServer>>;
  const clock = createClock();

  beforeAll(async () => {
    google = await startGoogleKeyServer();
    t = await createTestApp(
      engine,
      {
        GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID,
        GOOGLE_JWKS_URL: google.jwksUrl,
        SIGN_IN_CODES_PER_IP: '1000',
        AUTH_RATE_LIMIT_MAX: '1000',
      },
      undefined,
      { now: clock.now },
    );
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  const verify = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/email/verify', payload });
  const me = (token: string) => t.app.inject({ url: '/api/v1/users/me', headers: bearer(token) });

  describe('email one-time code', () => {
    it('mails a 6-digit code and signs in a new user with an UNVERIFIED token', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/email/code',
        payload: { email: '  Mina@Example.com ' },
      });
      expect(response.statusCode).toBe(200);
      const { challengeId } = challengeResponseSchema.parse(response.json());
      const code = await latestCode(t.app, 'mina@example.com');
      expect(code).toMatch(/^\d{6}$/);

      const signedIn = await verify({ challengeId, code });
      expect(signedIn.statusCode).toBe(200);
      const { accessToken, expiresAt } = accessTokenResponseSchema.parse(signedIn.json());
      const payload = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
        role: string;
        exp: number;
      };
      expect(payload.role).toBe('UNVERIFIED');
      expect(new Date(expiresAt).getTime()).toBe(payload.exp * 1000);

      const profile = meSchema.parse((await me(accessToken)).json());
      expect(profile.userPayload).toMatchObject({
        email: 'mina@example.com',
        name: null,
        legalName: null,
        countryOfResidence: null,
        investorType: 'INDIVIDUAL',
        kycStatus: 'NONE',
        isKycVerified: false,
        isBanned: false,
        isOtpEnabled: false,
        role: 'UNVERIFIED',
      });
      expect(profile.kycPayload).toEqual({
        reviewStatus: 'init',
        reviewAnswer: null,
        rejectType: null,
        reviewMessage: null,
      });
    });

    it('answers the same for known and unknown addresses, and signs the same address into the same account', async () => {
      const first = await signInByEmail(t.app, 'same@example.com');
      const known = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/email/code',
        payload: { email: 'same@example.com' },
      });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/email/code',
        payload: { email: 'nobody@example.com' },
      });
      expect(known.statusCode).toBe(unknown.statusCode);
      expect(Object.keys(known.json() as object)).toEqual(Object.keys(unknown.json() as object));
      const second = await signInByEmail(t.app, 'same@example.com');
      const a = meSchema.parse((await me(first)).json());
      const b = meSchema.parse((await me(second)).json());
      expect(a.userPayload.id).toBe(b.userPayload.id);
    });

    it('stores only a hash of the code', async () => {
      const challengeId = await requestCode(t.app, 'hash@example.com');
      const code = await latestCode(t.app, 'hash@example.com');
      const row = await t.db.db
        .selectFrom('email_challenges')
        .selectAll()
        .where('id', '=', challengeId)
        .executeTakeFirstOrThrow();
      expect(row.code_hash).not.toContain(code);
      expect(JSON.stringify(row)).not.toContain(`"${code}"`);
    });

    it('refuses a wrong code, then a reused code, then a code from another attempt', async () => {
      const email = 'reuse@example.com';
      const first = await requestCode(t.app, email);
      const firstCode = await latestCode(t.app, email);
      const wrong = firstCode === '000000' ? '111111' : '000000';
      const refused = await verify({ challengeId: first, code: wrong });
      expect(refused.statusCode).toBe(401);
      expect(errorCode(refused)).toBe('SIGN_IN_FAILED');

      expect((await verify({ challengeId: first, code: firstCode })).statusCode).toBe(200);
      const reused = await verify({ challengeId: first, code: firstCode });
      expect(reused.statusCode).toBe(401);
      expect(errorCode(reused)).toBe('SIGN_IN_FAILED');

      const second = await requestCode(t.app, email);
      const secondCode = await latestCode(t.app, email);
      const third = await requestCode(t.app, email);
      // The second attempt's code does not open the third attempt.
      if (secondCode !== (await latestCode(t.app, email))) {
        const crossed = await verify({ challengeId: third, code: secondCode });
        expect(errorCode(crossed)).toBe('SIGN_IN_FAILED');
      }
      expect((await verify({ challengeId: second, code: secondCode })).statusCode).toBe(200);
    });

    it('lets exactly one of two simultaneous uses of a code through', async () => {
      const email = 'race@example.com';
      const challengeId = await requestCode(t.app, email);
      const code = await latestCode(t.app, email);
      const results = await Promise.all([verify({ challengeId, code }), verify({ challengeId, code })]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    });

    it('refuses an expired code', async () => {
      const email = 'late@example.com';
      const challengeId = await requestCode(t.app, email);
      const code = await latestCode(t.app, email);
      clock.advance(10 * 60_000 + 1000);
      const response = await verify({ challengeId, code });
      expect(response.statusCode).toBe(401);
      expect(errorCode(response)).toBe('SIGN_IN_FAILED');
      expect((response.json() as { errors: Array<{ message: string }> }).errors[0]!.message).toMatch(/expired/);
    });

    it('kills a code after five wrong guesses, even with the right code next', async () => {
      const email = 'guess@example.com';
      const challengeId = await requestCode(t.app, email);
      const code = await latestCode(t.app, email);
      const wrong = code === '123456' ? '654321' : '123456';
      for (let i = 0; i < 5; i += 1) expect((await verify({ challengeId, code: wrong })).statusCode).toBe(401);
      expect((await verify({ challengeId, code })).statusCode).toBe(401);
    });

    it('limits codes per address with RATE_LIMITED and Retry-After', async () => {
      const email = 'flood@example.com';
      for (let i = 0; i < 5; i += 1) await requestCode(t.app, email);
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/email/code', payload: { email } });
      expect(response.statusCode).toBe(429);
      expect(errorCode(response)).toBe('RATE_LIMITED');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      clock.advance(15 * 60_000 + 1000);
      await requestCode(t.app, email);
    });

    it.each([
      [{}, 'body'],
      [{ email: 'not-an-email' }, 'body.email'],
      [{ email: 'a@example.com', role: 'ADMIN' }, 'role'],
    ])('refuses a malformed code request %j', async (payload, mentions) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/email/code', payload });
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('VALIDATION_FAILED');
      expect(response.body).toContain(mentions);
    });

    it.each([
      [{ challengeId: 'nope', code: '123456' }],
      [{ challengeId: '8b0f6a36-8a4e-4c1e-9a53-1f8a3c2f2e10', code: '12345' }],
      [{ challengeId: '8b0f6a36-8a4e-4c1e-9a53-1f8a3c2f2e10', code: 'abcdef' }],
    ])('refuses a malformed verification %j', async (payload) => {
      const response = await verify(payload);
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('VALIDATION_FAILED');
    });

    it('answers SIGN_IN_FAILED for an unknown challenge', async () => {
      const response = await verify({ challengeId: '8b0f6a36-8a4e-4c1e-9a53-1f8a3c2f2e10', code: '123456' });
      expect(response.statusCode).toBe(401);
      expect(errorCode(response)).toBe('SIGN_IN_FAILED');
    });
  });

  describe('Google ID token', () => {
    const signInWith = (credential: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/google', payload: { credential } });
    const nowSeconds = () => Math.floor(clock.ms / 1000);

    it('publishes the client id to the browser', async () => {
      const response = await t.app.inject({ url: '/api/v1/auth/config' });
      expect(response.json()).toEqual({ googleClientId: GOOGLE_TEST_CLIENT_ID });
    });

    it.each(['https://accounts.google.com', 'accounts.google.com'])(
      'signs in with a valid token from issuer %s, keyed by subject',
      async (iss) => {
        const sub = `sub-${iss.length}`;
        const token = await google.sign(
          { iss, sub, email: `g${iss.length}@gmail.com`, email_verified: true, name: 'Jisoo' },
          { nowSeconds: nowSeconds() },
        );
        const response = await signInWith(token);
        expect(response.statusCode, response.body).toBe(200);
        const { accessToken } = accessTokenResponseSchema.parse(response.json());
        const profile = meSchema.parse((await me(accessToken)).json());
        expect(profile.userPayload).toMatchObject({
          email: `g${iss.length}@gmail.com`,
          name: 'Jisoo',
          role: 'UNVERIFIED',
        });

        // The same subject with another address is the same account.
        const again = await google.sign(
          { iss, sub, email: `renamed${iss.length}@gmail.com`, email_verified: true },
          { nowSeconds: nowSeconds() },
        );
        const second = accessTokenResponseSchema.parse((await signInWith(again)).json());
        expect(meSchema.parse((await me(second.accessToken)).json()).userPayload.id).toBe(profile.userPayload.id);
      },
    );

    it('joins an existing email account only when Google vouches for the address', async () => {
      const emailToken = await signInByEmail(t.app, 'owner@example.com');
      const owner = meSchema.parse((await me(emailToken)).json()).userPayload;

      const unvouched = await google.sign(
        { sub: 'attacker-1', email: 'owner@example.com', email_verified: false },
        { nowSeconds: nowSeconds() },
      );
      const refused = await signInWith(unvouched);
      expect(refused.statusCode).toBe(401);
      expect(errorCode(refused)).toBe('SIGN_IN_FAILED');
      const noFlag = await google.sign({ sub: 'attacker-2', email: 'owner@example.com' }, { nowSeconds: nowSeconds() });
      expect(errorCode(await signInWith(noFlag))).toBe('SIGN_IN_FAILED');

      const vouched = await google.sign(
        { sub: 'owner-google', email: 'owner@example.com', email_verified: true },
        { nowSeconds: nowSeconds() },
      );
      const linked = accessTokenResponseSchema.parse((await signInWith(vouched)).json());
      expect(meSchema.parse((await me(linked.accessToken)).json()).userPayload.id).toBe(owner.id);
    });

    it('refuses a token for another audience', async () => {
      const token = await google.sign(
        { aud: 'someone-else.apps.googleusercontent.com', sub: 'x1', email: 'x1@gmail.com', email_verified: true },
        { nowSeconds: nowSeconds() },
      );
      expect(errorCode(await signInWith(token))).toBe('SIGN_IN_FAILED');
    });

    it('refuses a token from another issuer', async () => {
      const token = await google.sign(
        { iss: 'https://evil.example.com', sub: 'x2', email: 'x2@gmail.com', email_verified: true },
        { nowSeconds: nowSeconds() },
      );
      expect(errorCode(await signInWith(token))).toBe('SIGN_IN_FAILED');
    });

    it('refuses an expired token', async () => {
      const token = await google.sign(
        { sub: 'x3', email: 'x3@gmail.com', email_verified: true },
        { nowSeconds: nowSeconds() - 7200, expiresInSeconds: 3600 },
      );
      expect(errorCode(await signInWith(token))).toBe('SIGN_IN_FAILED');
    });

    it('refuses a token signed by another key', async () => {
      const token = await google.sign(
        { sub: 'x4', email: 'x4@gmail.com', email_verified: true },
        { nowSeconds: nowSeconds(), key: google.otherKey },
      );
      const response = await signInWith(token);
      expect(response.statusCode).toBe(401);
      expect(errorCode(response)).toBe('SIGN_IN_FAILED');
    });

    it('refuses an unsigned token (alg: none)', async () => {
      const token = google.unsigned({ sub: 'x5', email: 'x5@gmail.com', email_verified: true });
      expect(errorCode(await signInWith(token))).toBe('SIGN_IN_FAILED');
    });

    it('refuses garbage and a missing credential', async () => {
      expect(errorCode(await signInWith('not.a.token-at-all-really'))).toBe('SIGN_IN_FAILED');
      const missing = await t.app.inject({ method: 'POST', url: '/api/v1/auth/google', payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(errorCode(missing)).toBe('VALIDATION_FAILED');
    });
  });
});

describe('without a Google client id', () => {
  it('hides Google sign-in and keeps the CSP closed to Google', async () => {
    const t = await createTestApp('sqlite');
    expect((await t.app.inject({ url: '/api/v1/auth/config' })).json()).toEqual({ googleClientId: null });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/google',
      payload: { credential: 'x'.repeat(40) },
    });
    expect(response.statusCode).toBe(404);
    const csp = (await t.app.inject({ url: '/auth/signin' })).headers['content-security-policy'] as string;
    expect(csp).not.toContain('accounts.google.com');
    await t.close();
  });

  it('with a client id, the CSP allows exactly the Google Identity Services origins', async () => {
    const t = await createTestApp('sqlite', { GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID });
    const csp = (await t.app.inject({ url: '/auth/signin' })).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' https://accounts.google.com/gsi/client");
    expect(csp).toContain('frame-src https://accounts.google.com/gsi/');
    expect(csp).toContain('https://accounts.google.com/gsi/style');
    await t.close();
  });

  it('limits codes per IP', async () => {
    const t = await createTestApp('sqlite', { SIGN_IN_CODES_PER_IP: '3' });
    for (let i = 0; i < 3; i += 1) await requestCode(t.app, `ip${i}@example.com`, '203.0.113.9');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/code',
      payload: { email: 'ip9@example.com' },
      remoteAddress: '203.0.113.9',
    });
    expect(response.statusCode).toBe(429);
    expect(errorCode(response)).toBe('RATE_LIMITED');
    await requestCode(t.app, 'ip9@example.com', '203.0.113.10');
    await t.close();
  });
});
