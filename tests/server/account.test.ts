import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityListSchema, challengeResponseSchema } from '../../src/domain/auth';
import { meSchema } from '../../src/domain/session';
import { banUser, unbanUser } from '../../server/modules/users/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, codeAt, createClock, enrollUser, errorCode, latestCode, signInByEmail } from '../helpers/auth';
import { testEngines } from '../helpers/db';

describe.each(testEngines())('the account and its sessions on %s', (engine) => {
  let t: TestApp;
  const clock = createClock();
  let counter = 0;
  const nextEmail = () => `acct${(counter += 1)}@example.com`;
  const operator = { ip: '10.0.0.1', userAgent: 'moa-operator' };

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      { SIGN_IN_CODES_PER_IP: '1000', AUTH_RATE_LIMIT_MAX: '1000', SESSION_TTL_MINUTES: '60' },
      undefined,
      { now: clock.now },
    );
  });
  afterAll(() => t.close());

  const me = (token: string) => t.app.inject({ url: '/api/v1/users/me', headers: bearer(token) });
  const put = (url: string, token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url, headers: bearer(token), payload });

  it('GET /users/me needs a valid token', async () => {
    expect(errorCode(await t.app.inject({ url: '/api/v1/users/me' }))).toBe('UNAUTHORIZED');
    for (const authorization of ['Bearer nope', 'Basic abc', 'Bearer a.b.c', 'Bearer ']) {
      const response = await t.app.inject({ url: '/api/v1/users/me', headers: { authorization } });
      expect(response.statusCode).toBe(401);
      expect(errorCode(response)).toBe('UNAUTHORIZED');
    }
  });

  it('changes the name, and refuses fields a user may not set', async () => {
    const { token } = await enrollUser(t.app, clock, nextEmail());
    const response = await put('/api/v1/users/me/names', token, { name: '  Kim Minji ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(meSchema.parse(response.json()).userPayload.name).toBe('Kim Minji');

    for (const payload of [
      { name: 'X', role: 'ADMIN' },
      { name: 'X', kycStatus: 'GREEN' },
      { name: 'X', isBanned: false },
      { name: 'X', allowedProductIds: [1, 2] },
      { name: '' },
      { name: 'a'.repeat(61) },
      { name: '<script>' },
    ]) {
      const refused = await put('/api/v1/users/me/names', token, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorCode(refused)).toBe('VALIDATION_FAILED');
    }
    const badge = await put('/api/v1/users/me/badge/hide', token, { isHideBadge: true, kycStatus: 'GREEN' });
    expect(badge.statusCode).toBe(400);
    const profile = meSchema.parse((await me(token)).json()).userPayload;
    expect(profile).toMatchObject({
      name: 'Kim Minji',
      role: 'USER',
      kycStatus: 'NONE',
      isBanned: false,
      isHideBadge: false,
    });
    expect(profile.allowedProductIds).toEqual([]);
  });

  it('hides and shows the badge', async () => {
    const { token } = await enrollUser(t.app, clock, nextEmail());
    expect(
      meSchema.parse((await put('/api/v1/users/me/badge/hide', token, { isHideBadge: true })).json()).userPayload
        .isHideBadge,
    ).toBe(true);
    expect(
      meSchema.parse((await put('/api/v1/users/me/badge/hide', token, { isHideBadge: false })).json()).userPayload
        .isHideBadge,
    ).toBe(false);
    expect((await put('/api/v1/users/me/badge/hide', token, { isHideBadge: 'yes' })).statusCode).toBe(400);
  });

  it('changes the email only after a code sent to the new address comes back', async () => {
    const email = nextEmail();
    const { token } = await enrollUser(t.app, clock, email);
    const newEmail = `new-${email}`;
    const started = await put('/api/v1/users/me/emails', token, { email: newEmail });
    expect(started.statusCode, started.body).toBe(200);
    const { challengeId } = challengeResponseSchema.parse(started.json());
    expect(meSchema.parse((await me(token)).json()).userPayload.email).toBe(email);

    const code = await latestCode(t.app, newEmail);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/me/emails/verify',
      headers: bearer(token),
      payload: { challengeId, code: code === '000000' ? '000001' : '000000' },
    });
    expect(errorCode(wrong)).toBe('SIGN_IN_FAILED');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/me/emails/verify',
      headers: bearer(token),
      payload: { challengeId, code },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(meSchema.parse(confirmed.json()).userPayload.email).toBe(newEmail);

    // The new address signs in to the same account; the old one starts a new account.
    const viaNew = await signInByEmail(t.app, newEmail);
    expect(meSchema.parse((await me(viaNew)).json()).userPayload).toMatchObject({
      email: newEmail,
      isOtpEnabled: true,
    });
    const viaOld = await signInByEmail(t.app, email);
    expect(meSchema.parse((await me(viaOld)).json()).userPayload).toMatchObject({ email, isOtpEnabled: false });

    expect((await put('/api/v1/users/me/emails', token, { email: 'bad' })).statusCode).toBe(400);
    expect(errorCode(await put('/api/v1/users/me/emails', token, { email: newEmail }))).toBe('CONFLICT');
  });

  it('a code for a sign-in cannot confirm an email change', async () => {
    const { token } = await enrollUser(t.app, clock, nextEmail());
    const other = nextEmail();
    const signInChallenge = challengeResponseSchema.parse(
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/email/code', payload: { email: other } })).json(),
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/me/emails/verify',
      headers: bearer(token),
      payload: { challengeId: signInChallenge.challengeId, code: await latestCode(t.app, other) },
    });
    expect(errorCode(response)).toBe('SIGN_IN_FAILED');
  });

  it('logout revokes the session: the same token is refused afterwards', async () => {
    const { token } = await enrollUser(t.app, clock, nextEmail());
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    expect(errorCode(await me(token))).toBe('UNAUTHORIZED');
    expect(errorCode(await put('/api/v1/users/me/names', token, { name: 'Again' }))).toBe('UNAUTHORIZED');
    expect(errorCode(await t.app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: bearer(token) }))).toBe(
      'UNAUTHORIZED',
    );
  });

  it('logout of all devices ends every session of the user', async () => {
    const email = nextEmail();
    const user = await enrollUser(t.app, clock, email);
    const other = await signInByEmail(t.app, email);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/users/logout/all', headers: bearer(user.token) });
    expect(out.statusCode).toBe(204);
    expect(errorCode(await me(user.token))).toBe('UNAUTHORIZED');
    expect(errorCode(await me(other))).toBe('UNAUTHORIZED');
  });

  it('an expired token is refused', async () => {
    const { token } = await enrollUser(t.app, clock, nextEmail());
    clock.advance(61 * 60_000);
    expect(errorCode(await me(token))).toBe('UNAUTHORIZED');
  });

  it('the cookie is honoured on GET only; changes need the Bearer header', async () => {
    const { token } = await enrollUser(t.app, clock, nextEmail());
    const read = await t.app.inject({ url: '/api/v1/users/me', cookies: { access_token: token } });
    expect(read.statusCode).toBe(200);
    const write = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/names',
      cookies: { access_token: token },
      payload: { name: 'Forged' },
    });
    expect(write.statusCode).toBe(401);
    expect(errorCode(write)).toBe('UNAUTHORIZED');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      cookies: { access_token: token },
    });
    expect(errorCode(logout)).toBe('UNAUTHORIZED');
    expect((await me(token)).statusCode).toBe(200);
  });

  it('a ban ends sessions; the user signs in to read and see the reason, and every action is BANNED', async () => {
    const email = nextEmail();
    const user = await enrollUser(t.app, clock, email);
    const id = meSchema.parse((await me(user.token)).json()).userPayload.id;
    await banUser(t.app.ctx, id, 'Chargeback under review', operator);
    expect(errorCode(await me(user.token))).toBe('UNAUTHORIZED');

    const token = await signInByEmail(t.app, email);
    clock.advance(30_000);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mfa/verify',
      headers: bearer(token),
      payload: { code: codeAt(user.secret, clock.now()) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const banned = (verified.json() as { accessToken: string }).accessToken;
    expect(meSchema.parse((await me(banned)).json()).userPayload).toMatchObject({
      isBanned: true,
      banReason: 'Chargeback under review',
    });
    expect((await t.app.inject({ url: '/api/v1/users/me/activities', headers: bearer(banned) })).statusCode).toBe(200);
    for (const [url, payload] of [
      ['/api/v1/users/me/names', { name: 'X' }],
      ['/api/v1/users/me/emails', { email: 'x@example.com' }],
      ['/api/v1/users/me/badge/hide', { isHideBadge: true }],
    ] as const) {
      const response = await put(url, banned, payload);
      expect(response.statusCode).toBe(403);
      expect(errorCode(response)).toBe('BANNED');
    }
    const regenerate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/mfa/recovery-codes',
      headers: bearer(banned),
      payload: { code: '123456' },
    });
    expect(errorCode(regenerate)).toBe('BANNED');

    await unbanUser(t.app.ctx, id, operator);
    expect((await put('/api/v1/users/me/names', banned, { name: 'Back' })).statusCode).toBe(200);
  });

  it('lists the audit log newest first with device and approximate origin, and only the own events', async () => {
    const email = nextEmail();
    const user = await enrollUser(t.app, clock, email);
    await put('/api/v1/users/me/names', user.token, { name: 'Logged' });
    const token = await signInByEmail(t.app, email);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/mfa/verify',
      headers: bearer(token),
      payload: { code: '000000' },
    });
    const response = await t.app.inject({ url: '/api/v1/users/me/activities', headers: bearer(user.token) });
    expect(response.statusCode).toBe(200);
    const { activities } = activityListSchema.parse(response.json());
    const types = activities.map((a) => a.type);
    expect(types).toEqual(
      expect.arrayContaining(['SIGN_IN', 'OTP_ENABLED', 'NAME_CHANGED', 'SECOND_FACTOR_FAILED'].filter(Boolean)),
    );
    expect(types.indexOf('NAME_CHANGED')).toBeLessThan(types.indexOf('OTP_ENABLED'));
    const signIn = activities.find((a) => a.type === 'SIGN_IN')!;
    expect(signIn.device).toBe('Chrome on macOS');
    expect(signIn.origin).toBe('127.0.0.x network');
    expect(signIn.detail).toEqual({ method: 'EMAIL' });

    const stranger = await enrollUser(t.app, clock, nextEmail());
    const theirs = activityListSchema.parse(
      (await t.app.inject({ url: '/api/v1/users/me/activities', headers: bearer(stranger.token) })).json(),
    );
    expect(theirs.activities.map((a) => a.type)).not.toContain('NAME_CHANGED');
    expect(
      (await t.app.inject({ url: '/api/v1/users/me/activities?limit=0', headers: bearer(user.token) })).statusCode,
    ).toBe(400);
  });

  it('the account area needs the second factor', async () => {
    const token = await signInByEmail(t.app, nextEmail());
    expect(errorCode(await t.app.inject({ url: '/api/v1/users/me/activities', headers: bearer(token) }))).toBe(
      'OTP_REQUIRED',
    );
  });
});
