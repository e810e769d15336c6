import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRequirement } from '../../server/plugins/auth';
import { insertCategory, insertProduct } from '../../server/modules/products/factory';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createClock, enrollUser, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { recordReviewDecision, verifiedIdentityOf } from '../../server/modules/kyc/service';
import { approveIdentity, submitIdentityFor } from '../helpers/kyc';

interface KycRoute {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  payload?: object;
  /** What an approved caller gets past the level: a status, or the error code of a later check. */
  approved: number | string;
}

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

  /**
   * Every route of the KYC group. Empty bodies and unknown orders get past the level on purpose:
   * an approved caller then meets the route's own checks, which shows the level let them through.
   */
  function kycRoutes(): KycRoute[] {
    const order = randomUUID();
    return [
      { method: 'GET', url: `/api/v1/products/${productId}/documents/999/versions/1`, approved: 'NOT_FOUND' },
      { method: 'GET', url: `/api/v1/products/${productId}`, approved: 200 },
      { method: 'GET', url: '/api/v1/users/me/orders', approved: 200 },
      { method: 'POST', url: '/api/v1/products/subscribe', payload: { productId }, approved: 200 },
      // The project is open to all: asking for access is a conflict, its state is ALLOW.
      { method: 'POST', url: `/api/v1/products/${productId}/whitelist`, approved: 'CONFLICT' },
      { method: 'GET', url: `/api/v1/products/${productId}/whitelist`, approved: 200 },
      {
        method: 'POST',
        url: `/api/v1/products/${productId}/market/orders`,
        payload: {},
        approved: 'VALIDATION_FAILED',
      },
      { method: 'POST', url: '/api/v1/users/me/withdrawals', payload: {}, approved: 'VALIDATION_FAILED' },
      { method: 'POST', url: '/api/v1/kyc/investor', payload: {}, approved: 'VALIDATION_FAILED' },
      // Orders, contracts and payments.
      { method: 'POST', url: `/api/v1/products/${productId}/investors`, payload: {}, approved: 'VALIDATION_FAILED' },
      { method: 'GET', url: `/api/v1/products/${productId}/sign?orderId=${order}`, approved: 'NOT_FOUND' },
      { method: 'POST', url: `/api/v1/products/${productId}/sign`, payload: {}, approved: 'VALIDATION_FAILED' },
      { method: 'GET', url: `/api/v1/products/${productId}/sign/status?orderId=${order}`, approved: 'NOT_FOUND' },
      { method: 'GET', url: `/api/v1/payment/manual?id=${order}`, approved: 'NOT_FOUND' },
      { method: 'POST', url: '/api/v1/payment/manual', payload: {}, approved: 'VALIDATION_FAILED' },
      { method: 'GET', url: `/api/v1/orders/${order}`, approved: 'NOT_FOUND' },
      { method: 'POST', url: `/api/v1/orders/${order}/cancel`, approved: 'NOT_FOUND' },
      // The identities an investor buys under.
      { method: 'GET', url: '/api/v1/kyc/purchase/list', approved: 200 },
      { method: 'POST', url: '/api/v1/kyc/setting/default', payload: {}, approved: 'VALIDATION_FAILED' },
      // Holder gifts and payout details.
      { method: 'GET', url: `/api/v1/claim/check?id=${productId}`, approved: 200 },
      { method: 'GET', url: `/api/v1/claim/gift?productId=${productId}`, approved: 200 },
      { method: 'POST', url: '/api/v1/claim/gift', payload: {}, approved: 'VALIDATION_FAILED' },
      { method: 'PUT', url: '/api/v1/users/me/bank-details', payload: {}, approved: 'VALIDATION_FAILED' },
    ];
  }

  it('refuses a verified session without an approved identity with KYC_REQUIRED, keeping the session', async () => {
    const { token } = await enrollUser(t.app, clock, 'pending@example.com');
    const routes = kycRoutes();
    for (const route of routes) {
      const refused = await t.app.inject({ ...route, headers: bearer(token) });
      const what = `${route.method} ${route.url}`;
      expect([what, refused.statusCode, errorCode(refused)]).toEqual([what, 403, 'KYC_REQUIRED']);
    }
    expect((await t.app.inject({ url: '/api/v1/users/me', headers: bearer(token) })).statusCode).toBe(200);

    const approved = (await enrollUser(t.app, clock, 'approved@example.com')).token;
    await approveIdentity(t.app, 'approved@example.com');
    for (const route of routes) {
      const passed = await t.app.inject({ ...route, headers: bearer(approved) });
      const what = `${route.method} ${route.url}`;
      expect([what, errorCode(passed) ?? passed.statusCode]).toEqual([what, route.approved]);
    }
  });

  it('refuses an identity still waiting for review, and one declined, the same way', async () => {
    const waiting = (await enrollUser(t.app, clock, 'waiting@example.com')).token;
    await submitIdentityFor(t.app, 'waiting@example.com');
    const declined = (await enrollUser(t.app, clock, 'declined@example.com')).token;
    const declinedId = await submitIdentityFor(t.app, 'declined@example.com');
    const operator = { ip: 'operator', userAgent: 'test operator' };
    await recordReviewDecision(t.app.ctx, declinedId, { answer: 'RED', rejectType: 'FINAL', message: 'No.' }, operator);
    for (const token of [waiting, declined]) {
      for (const route of kycRoutes()) {
        const refused = await t.app.inject({ ...route, headers: bearer(token) });
        const what = `${route.method} ${route.url}`;
        expect([what, refused.statusCode, errorCode(refused)]).toEqual([what, 403, 'KYC_REQUIRED']);
      }
    }
  });

  it('leaves the services behind the level no gate of their own: a missing level is a wiring mistake', () => {
    const waiting = {
      id: 'review',
      reviewStatus: 'pending' as const,
      reviewAnswer: null,
      rejectType: null,
      message: null,
      legalName: 'Kim Mina',
      investorType: 'INDIVIDUAL' as const,
      entityName: null,
    };
    expect(() => verifiedIdentityOf({ review: null })).toThrow(/without requireAuth/);
    expect(() => verifiedIdentityOf({ review: waiting })).toThrow(/without requireAuth/);
    const approved = { ...waiting, reviewStatus: 'completed' as const, reviewAnswer: 'GREEN' as const };
    expect(verifiedIdentityOf({ review: approved }).legalName).toBe('Kim Mina');
  });

  it('says so in the API reference', () => {
    expect(describeRequirement({ level: 'kyc' })).toContain('approved identity');
  });
});
