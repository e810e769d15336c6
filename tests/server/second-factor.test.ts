import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenResponseSchema, mfaSetupResponseSchema } from '../../src/domain/auth';
import { otpUrlSchema } from '../../src/domain/schemas';
import { meSchema } from '../../src/domain/session';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, codeAt, createClock, enrollUser, errorCode, secretOf, signInByEmail } from '../helpers/auth';
import { testEngines } from '../helpers/db';

describe.each(testEngines())('two-step sign-in (TOTP) on %s', (engine) => {
  let t: TestApp;
  const clock = createClock();
  let counter = 0;
  const nextEmail = () => `otp${(counter += 1)}@example.com`;

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_IN_CODES_PER_IP: '1000', AUTH_RATE_LIMIT_MAX: '1000' }, undefined, {
      now: clock.now,
    });
  });
  afterAll(() => t.close());

  const post = (url: string, token: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
  const me = async (token: string) =>
    meSchema.parse((await t.app.inject({ url: '/api/v1/users/me', headers: bearer(token) })).json());
  const roleOf = (token: string) =>
    (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { role: string }).role;

  it('sets up: keys with a 160-bit secret, a first code, recovery codes once, and a USER token', async () => {
    const token = await signInByEmail(t.app, nextEmail());
    const keys = await post('/api/v1/mfa/keys', token);
    expect(keys.statusCode).toBe(200);
    expect(keys.headers['cache-control']).toBe('no-store');
    const url = otpUrlSchema.parse((keys.json() as { url: string }).url);
    const secret = secretOf(url);
    expect(secret.replace(/=+$/, '').length * 5).toBeGreaterThanOrEqual(160);

    // Asking again soon after answers the same secret, so a reload shows the same key.
    expect(secretOf((await post('/api/v1/mfa/keys', token)).json().url as string)).toBe(secret);

    const setup = await post('/api/v1/mfa', token, { code: codeAt(secret, clock.now()) });
    expect(setup.statusCode, setup.body).toBe(200);
    const body = mfaSetupResponseSchema.parse(setup.json());
    expect(new Set(body.recoveryCodes).size).toBe(10);
    expect(roleOf(body.accessToken)).toBe('USER');
    expect((await me(body.accessToken)).userPayload).toMatchObject({ isOtpEnabled: true, role: 'USER' });

    // Stored encrypted and hashed, never as given.
    const factor = await t.db.db.selectFrom('totp_factors').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(factor)).not.toContain(secret);
    const codes = await t.db.db.selectFrom('recovery_codes').select('code_hash').execute();
    for (const code of body.recoveryCodes) expect(JSON.stringify(codes)).not.toContain(code);
  });

  it('refuses the keys call with a body, and setup with a malformed code', async () => {
    const token = await signInByEmail(t.app, nextEmail());
    const withBody = await post('/api/v1/mfa/keys', token, { secret: 'AAAA' });
    expect(withBody.statusCode).toBe(400);
    expect(errorCode(withBody)).toBe('VALIDATION_FAILED');
    for (const payload of [{}, { code: '12345' }, { code: '12345a' }, { code: '123456', extra: 1 }]) {
      const response = await post('/api/v1/mfa', token, payload);
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('VALIDATION_FAILED');
    }
    const noKeys = await post('/api/v1/mfa', token, { code: '123456' });
    expect(errorCode(noKeys)).toBe('CONFLICT');
  });

  it('needs a session for every second-factor call', async () => {
    for (const url of ['/api/v1/mfa/keys', '/api/v1/mfa', '/api/v1/mfa/verify']) {
      const response = await t.app.inject({ method: 'POST', url, payload: { code: '123456' } });
      expect(response.statusCode).toBe(401);
      expect(errorCode(response)).toBe('UNAUTHORIZED');
    }
  });

  it('verifies at the next sign-in: UNVERIFIED until the code passes, then USER', async () => {
    const email = nextEmail();
    const user = await enrollUser(t.app, clock, email);
    const token = await signInByEmail(t.app, email);
    expect((await me(token)).userPayload).toMatchObject({ isOtpEnabled: true, role: 'UNVERIFIED' });

    // Actions need the second factor first.
    const early = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/names',
      headers: bearer(token),
      payload: { name: 'Early' },
    });
    expect(errorCode(early)).toBe('OTP_REQUIRED');

    const verified = await post('/api/v1/mfa/verify', token, { code: codeAt(user.secret, clock.now()) });
    expect(verified.statusCode, verified.body).toBe(200);
    const { accessToken } = accessTokenResponseSchema.parse(verified.json());
    expect(roleOf(accessToken)).toBe('USER');
  });

  it('accepts the previous 30 s step, refuses older and future ones', async () => {
    const email = nextEmail();
    const user = await enrollUser(t.app, clock, email);
    // Move past the setup code's step, so the previous step is one nobody used.
    clock.advance(30_000);
    const token = await signInByEmail(t.app, email);
    const tooOld = await post('/api/v1/mfa/verify', token, { code: codeAt(user.secret, clock.now(), -2) });
    expect(errorCode(tooOld)).toBe('OTP_INVALID');
    const future = await post('/api/v1/mfa/verify', token, { code: codeAt(user.secret, clock.now(), 1) });
    expect(errorCode(future)).toBe('OTP_INVALID');
    const previous = await post('/api/v1/mfa/verify', token, { code: codeAt(user.secret, clock.now(), -1) });
    expect(previous.statusCode, previous.body).toBe(200);
  });

  it('never accepts a time step twice, even in another session or later in the window', async () => {
    const email = nextEmail();
    const user = await enrollUser(t.app, clock, email);
    const code = codeAt(user.secret, clock.now());
    const first = await signInByEmail(t.app, email);
    expect((await post('/api/v1/mfa/verify', first, { code })).statusCode).toBe(200);
    const second = await signInByEmail(t.app, email);
    const replay = await post('/api/v1/mfa/verify', second, { code });
    expect(replay.statusCode).toBe(401);
    expect(errorCode(replay)).toBe('OTP_INVALID');
    clock.advance(20_000);
    expect(errorCode(await post('/api/v1/mfa/verify', second, { code }))).toBe('OTP_INVALID');
  });

  it('lets exactly one of two simultaneous uses of a code through', async () => {
    const email = nextEmail();
    const user = await enrollUser(t.app, clock, email);
    const a = await signInByEmail(t.app, email);
    const b = await signInByEmail(t.app, email);
    const code = codeAt(user.secret, clock.now());
    const results = await Promise.all([
      post('/api/v1/mfa/verify', a, { code }),
      post('/api/v1/mfa/verify', b, { code }),
      post('/api/v1/mfa/verify', a, { code }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('locks after 5 wrong codes in 15 minutes, from any IP, with Retry-After', async () => {
    const email = nextEmail();
    const user = await enrollUser(t.app, clock, email);
    const token = await signInByEmail(t.app, email);
    const good = codeAt(user.secret, clock.now());
    const wrong = good === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/mfa/verify',
        headers: bearer(token),
        payload: { code: wrong },
        remoteAddress: `198.51.100.${i + 1}`,
      });
      expect(errorCode(response)).toBe('OTP_INVALID');
    }
    const locked = await post('/api/v1/mfa/verify', token, { code: good });
    expect(locked.statusCode).toBe(429);
    expect(errorCode(locked)).toBe('RATE_LIMITED');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Recovery codes are locked too.
    expect(errorCode(await post('/api/v1/mfa/verify', token, { recoveryCode: user.recoveryCodes[0] }))).toBe(
      'RATE_LIMITED',
    );

    clock.advance(retryAfter * 1000 + 1000);
    const after = await post('/api/v1/mfa/verify', token, { code: codeAt(user.secret, clock.now()) });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('accepts each recovery code once', async () => {
    const email = nextEmail();
    const user = await enrollUser(t.app, clock, email);
    const token = await signInByEmail(t.app, email);
    const recoveryCode = user.recoveryCodes[3]!;
    const used = await post('/api/v1/mfa/verify', token, { recoveryCode: recoveryCode.toLowerCase() });
    expect(used.statusCode, used.body).toBe(200);
    const again = await signInByEmail(t.app, email);
    const reused = await post('/api/v1/mfa/verify', again, { recoveryCode });
    expect(errorCode(reused)).toBe('OTP_INVALID');
    expect(errorCode(await post('/api/v1/mfa/verify', again, { recoveryCode: 'ABCDE-FGHJK' }))).toBe('OTP_INVALID');
    const malformed = await post('/api/v1/mfa/verify', again, { recoveryCode: 'x', code: '123456' });
    expect(errorCode(malformed)).toBe('VALIDATION_FAILED');
  });

  it('regenerates recovery codes with a fresh code; the old ones stop working', async () => {
    const email = nextEmail();
    const user = await enrollUser(t.app, clock, email);
    const response = await post('/api/v1/mfa/recovery-codes', user.token, { code: codeAt(user.secret, clock.now()) });
    expect(response.statusCode, response.body).toBe(200);
    const { recoveryCodes } = response.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    const token = await signInByEmail(t.app, email);
    expect(errorCode(await post('/api/v1/mfa/verify', token, { recoveryCode: user.recoveryCodes[0] }))).toBe(
      'OTP_INVALID',
    );
    expect((await post('/api/v1/mfa/verify', token, { recoveryCode: recoveryCodes[0] })).statusCode).toBe(200);
  });

  it('resets the authenticator only after a fresh code, and ends other sessions', async () => {
    const email = nextEmail();
    const user = await enrollUser(t.app, clock, email);
    const other = await signInByEmail(t.app, email);
    clock.advance(11 * 60_000);
    const stale = await post('/api/v1/mfa/keys', user.token);
    expect(errorCode(stale)).toBe('OTP_REQUIRED');

    const fresh = await post('/api/v1/mfa/verify', user.token, { code: codeAt(user.secret, clock.now()) });
    const freshToken = accessTokenResponseSchema.parse(fresh.json()).accessToken;
    clock.advance(30_000);
    const keys = await post('/api/v1/mfa/keys', freshToken);
    expect(keys.statusCode, keys.body).toBe(200);
    const newSecret = secretOf((keys.json() as { url: string }).url);
    expect(newSecret).not.toBe(user.secret);
    const confirmed = await post('/api/v1/mfa', freshToken, { code: codeAt(newSecret, clock.now()) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    expect(errorCode(await t.app.inject({ url: '/api/v1/users/me', headers: bearer(other) }))).toBe('UNAUTHORIZED');
    clock.advance(30_000);
    const next = await signInByEmail(t.app, email);
    expect(errorCode(await post('/api/v1/mfa/verify', next, { code: codeAt(user.secret, clock.now()) }))).toBe(
      'OTP_INVALID',
    );
    expect((await post('/api/v1/mfa/verify', next, { code: codeAt(newSecret, clock.now()) })).statusCode).toBe(200);
  });

  it('answers CONFLICT to verify before any setup', async () => {
    const token = await signInByEmail(t.app, nextEmail());
    expect(errorCode(await post('/api/v1/mfa/verify', token, { code: '123456' }))).toBe('CONFLICT');
  });
});

describe.each(testEngines())('a test server with TOTP_TEST_PAST_STEPS on %s', (engine) => {
  let t: TestApp;
  const clock = createClock();

  beforeAll(async () => {
    t = await createTestApp(engine, { TOTP_TEST_PAST_STEPS: '120' }, undefined, { now: clock.now });
  });
  afterAll(() => t.close());

  const verify = (token: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/mfa/verify', headers: bearer(token), payload: { code } });

  it('accepts a code from that many steps further back, each step once, and nothing older', async () => {
    const email = 'older-steps@example.com';
    const user = await enrollUser(t.app, clock, email);
    const token = await signInByEmail(t.app, email);
    expect(errorCode(await verify(token, codeAt(user.secret, clock.now(), -122)))).toBe('OTP_INVALID');
    expect(errorCode(await verify(token, codeAt(user.secret, clock.now(), 1)))).toBe('OTP_INVALID');
    const oldest = codeAt(user.secret, clock.now(), -121);
    expect((await verify(token, oldest)).statusCode).toBe(200);
    const again = await signInByEmail(t.app, email);
    expect(errorCode(await verify(again, oldest))).toBe('OTP_INVALID');
    expect((await verify(again, codeAt(user.secret, clock.now(), -60))).statusCode).toBe(200);
  });
});
