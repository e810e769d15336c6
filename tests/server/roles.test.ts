import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityListSchema } from '../../src/domain/auth';
import { meSchema } from '../../src/domain/session';
import { changeUserRole } from '../../server/modules/users/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createClock, enrollUser, errorCode, signInByEmail } from '../helpers/auth';
import { testEngines } from '../helpers/db';

/** Two operator routes, as the operator area will declare them. */
function operatorRoutes(app: FastifyInstance) {
  app.post('/api/v1/test/admin-only', { preValidation: app.requireAuth({ level: 'verified', role: 'ADMIN' }) }, () => ({
    ok: true,
  }));
  app.post(
    '/api/v1/test/seller-only',
    { preValidation: app.requireAuth({ level: 'verified', role: 'SELLER', isAction: true }) },
    () => ({ ok: true }),
  );
}

describe.each(testEngines())('roles on %s', (engine) => {
  let t: TestApp;
  const clock = createClock();
  const operator = { ip: 'operator', userAgent: 'test operator' };
  let counter = 0;
  const nextEmail = () => `role${(counter += 1)}@example.com`;

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_IN_CODES_PER_IP: '1000', AUTH_RATE_LIMIT_MAX: '1000' }, operatorRoutes, {
      now: clock.now,
    });
  });
  afterAll(() => t.close());

  const call = (url: string, token: string) => t.app.inject({ method: 'POST', url, headers: bearer(token) });
  const me = async (token: string) => {
    const response = await t.app.inject({ url: '/api/v1/users/me', headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return meSchema.parse(response.json()).userPayload;
  };
  const userIdOf = async (token: string) => (await me(token)).id;

  it('refuses a missing role with ROLE_REQUIRED and keeps the session', async () => {
    const { token } = await enrollUser(t.app, clock, nextEmail());
    for (const url of ['/api/v1/test/admin-only', '/api/v1/test/seller-only']) {
      const refused = await call(url, token);
      expect(refused.statusCode).toBe(403);
      expect(errorCode(refused)).toBe('ROLE_REQUIRED');
    }
    // Still signed in: the same token reads the profile.
    expect((await me(token)).role).toBe('USER');
  });

  it('counts a grant and a revocation on the next request, without a new sign-in', async () => {
    const { token } = await enrollUser(t.app, clock, nextEmail());
    const userId = await userIdOf(token);

    await changeUserRole(t.app.ctx, userId, 'SELLER', operator);
    clock.advance(1000);
    expect((await call('/api/v1/test/seller-only', token)).statusCode).toBe(200);
    expect(errorCode(await call('/api/v1/test/admin-only', token))).toBe('ROLE_REQUIRED');
    expect((await me(token)).role).toBe('SELLER');

    await changeUserRole(t.app.ctx, userId, 'ADMIN', operator);
    clock.advance(1000);
    expect((await call('/api/v1/test/admin-only', token)).statusCode).toBe(200);
    // ADMIN may do what a SELLER may.
    expect((await call('/api/v1/test/seller-only', token)).statusCode).toBe(200);

    await changeUserRole(t.app.ctx, userId, 'USER', operator);
    expect(errorCode(await call('/api/v1/test/admin-only', token))).toBe('ROLE_REQUIRED');
    expect((await me(token)).role).toBe('USER');

    const activity = await t.app.inject({ url: '/api/v1/users/me/activities', headers: bearer(token) });
    const changes = activityListSchema
      .parse(activity.json())
      .activities.filter((event) => event.type === 'ROLE_CHANGED')
      .map((event) => event.detail);
    expect(changes).toEqual([
      { from: 'ADMIN', to: 'USER' },
      { from: 'SELLER', to: 'ADMIN' },
      { from: 'USER', to: 'SELLER' },
    ]);
  });

  it('asks for the second factor before looking at the role', async () => {
    const { token } = await enrollUser(t.app, clock, nextEmail());
    const userId = await userIdOf(token);
    await changeUserRole(t.app.ctx, userId, 'ADMIN', operator);
    const unverified = await signInByEmail(t.app, (await me(token)).email!);
    expect(errorCode(await call('/api/v1/test/admin-only', unverified))).toBe('OTP_REQUIRED');
    expect((await me(unverified)).role).toBe('UNVERIFIED');
  });

  it('refuses giving an account the role it already has', async () => {
    const { token } = await enrollUser(t.app, clock, nextEmail());
    await expect(changeUserRole(t.app.ctx, await userIdOf(token), 'USER', operator)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });
});
