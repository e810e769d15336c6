import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRequirement } from '../../server/plugins/auth';
import { insertCategory, insertProduct } from '../../server/modules/products/factory';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createClock, enrollUser, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { approveIdentity } from '../helpers/kyc';

describe.each(testEngines())("requireAuth({ level: 'kyc' }) on %s", (engine) => {
  let t: TestApp;
  const clock = createClock();
  let productId = 0;
  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_IN_CODES_PER_IP: '100', AUTH_RATE_LIMIT_MAX: '100' }, undefined, {
      now: clock.now,
    });
    productId = await insertProduct(t.db.db, { categoryId: await insertCategory(t.db.db, 'Film'), name: 'Short film' });
  });
  afterAll(() => t.close());

  it('refuses a verified session without an approved identity with KYC_REQUIRED, keeping the session', async () => {
    const { token } = await enrollUser(t.app, clock, 'pending@example.com');
    const urls = [
      `/api/v1/products/${productId}/documents/999/versions/1`,
      `/api/v1/products/${productId}`,
      '/api/v1/users/me/orders',
    ];
    for (const url of urls) {
      const refused = await t.app.inject({ url, headers: bearer(token) });
      expect([url, refused.statusCode, errorCode(refused)]).toEqual([url, 403, 'KYC_REQUIRED']);
    }
    const actions = [
      { method: 'POST' as const, url: '/api/v1/products/subscribe', payload: { productId } },
      { method: 'POST' as const, url: `/api/v1/products/${productId}/whitelist` },
      { method: 'GET' as const, url: `/api/v1/products/${productId}/whitelist` },
      { method: 'POST' as const, url: `/api/v1/products/${productId}/market/orders`, payload: {} },
      { method: 'POST' as const, url: '/api/v1/users/me/withdrawals', payload: {} },
      { method: 'POST' as const, url: '/api/v1/kyc/investor', payload: {} },
    ];
    for (const action of actions) {
      const refused = await t.app.inject({ ...action, headers: bearer(token) });
      expect([action.url, refused.statusCode, errorCode(refused)]).toEqual([action.url, 403, 'KYC_REQUIRED']);
    }
    expect((await t.app.inject({ url: '/api/v1/users/me', headers: bearer(token) })).statusCode).toBe(200);

    const approved = (await enrollUser(t.app, clock, 'approved@example.com')).token;
    await approveIdentity(t.app, 'approved@example.com');
    const passed = await Promise.all(urls.map((url) => t.app.inject({ url, headers: bearer(approved) })));
    expect(passed.map((response) => response.statusCode)).toEqual([404, 200, 200]);
    const acted = [];
    for (const action of actions) acted.push(await t.app.inject({ ...action, headers: bearer(approved) }));
    // The project is open to all: subscribing works, asking for access is a conflict, its state is
    // ALLOW; the empty bodies reach validation.
    expect(acted.map((response) => errorCode(response) ?? response.statusCode)).toEqual([
      200,
      'CONFLICT',
      200,
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
    ]);
  });

  it('says so in the API reference', () => {
    expect(describeRequirement({ level: 'kyc' })).toContain('approved identity');
  });
});
