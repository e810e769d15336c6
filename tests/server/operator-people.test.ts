import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { roleOutcomeSchema } from '../../src/domain/operator';
import {
  giftListSchema,
  giftShipOutcomeSchema,
  peopleListSchema,
  personDetailSchema,
} from '../../src/domain/operator-people';
import { accountCommands } from '../../server/cli/account-commands';
import { setProductSeller } from '../../server/modules/products/sellers';
import { insertHolding } from '../../server/modules/products/factory';
import { changeUserRole } from '../../server/modules/users/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { createInvestor, createSaleProduct, newSession, orderOk, type Investor } from '../helpers/orders';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const META = { ip: 'operator', userAgent: 'test operator' };

describe.each(testEngines())('the console’s people and gifts on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-26T09:00:00.000Z'));
  let admin: Investor;
  let secondAdmin: Investor;
  let seller: Investor;
  let investor: Investor;
  let collector: Investor;
  let sellerProductId: number;
  let otherProductId: number;
  let sellerClaimId: string;
  let otherClaimId: string;
  let seq = 0;

  async function staff(role: 'ADMIN' | 'SELLER'): Promise<Investor> {
    const person = await createInvestor(t.app, `staff${(seq += 1)}@example.com`, { approve: false });
    await changeUserRole(t.app.ctx, person.userId, role, META);
    return person;
  }

  const call = (who: Investor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  async function claimGift(who: Investor, productId: number) {
    const check = await call(who, 'GET', `/api/v1/claim/check?id=${productId}`);
    expect(check.statusCode, check.body).toBe(200);
    const gift = (check.json() as { availableGift: { id: number; isDigital: boolean } }).availableGift;
    const claimed = await call(who, 'POST', '/api/v1/claim/gift', {
      productId,
      giftId: gift.id,
      ...(gift.isDigital
        ? {}
        : { delivery: { recipientName: 'Lee Dana', address: '7 Sejong-daero, Seoul', phone: '+82 10-5555-0101' } }),
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    clock.advance(60_000);
    return (claimed.json() as { id: string }).id;
  }

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      { RATE_LIMIT_MAX: '1000000', ORDER_EXPIRY_SWEEP_SECONDS: '0', APPROVAL_EXPIRY_SWEEP_SECONDS: '0' },
      undefined,
      { now: clock.now },
    );
    admin = await staff('ADMIN');
    secondAdmin = await staff('ADMIN');
    seller = await staff('SELLER');
    investor = await createInvestor(t.app, 'ha.eun@example.com', { legalName: 'Park Haeun' });
    await t.app.ctx.db.updateTable('users').set({ name: 'Haeun Park' }).where('id', '=', investor.userId).execute();
    collector = await createInvestor(t.app, 'collector@example.com');
    const sellerProduct = await createSaleProduct(t.app, { name: 'Seller project' });
    const otherProduct = await createSaleProduct(t.app, {
      name: 'Other project',
      gifts: [{ title: 'Digital poster', description: 'A signed poster', isDigital: true, limitQuantity: 1 }],
    });
    sellerProductId = sellerProduct.productId;
    otherProductId = otherProduct.productId;
    await setProductSeller(
      t.app.ctx,
      { email: seller.email, productId: sellerProductId, assigned: true, operator: 'test' },
      META,
    );
    const since = clock.now().toISOString();
    await insertHolding(t.app.ctx.db, {
      productId: sellerProductId,
      userId: investor.userId,
      quantity: 12,
      firstInvestedAt: since,
    });
    await insertHolding(t.app.ctx.db, {
      productId: otherProductId,
      userId: collector.userId,
      quantity: 3,
      firstInvestedAt: since,
    });
    await orderOk(t.app, investor, sellerProductId, { quantity: 2, payMethodId: sellerProduct.accountMethodId });
    sellerClaimId = await claimGift(investor, sellerProductId);
    otherClaimId = await claimGift(collector, otherProductId);
  });
  afterAll(() => t.close());

  it('refuses an investor everywhere and a seller where only an admin may, keeping their sessions', async () => {
    const adminOnly: [method: 'GET' | 'POST' | 'PUT', url: string, body?: object][] = [
      ['GET', '/api/v1/operator/people?q=example'],
      ['GET', `/api/v1/operator/people/${investor.userId}`],
      ['POST', `/api/v1/operator/users/${collector.userId}/ban`, { reason: 'Not theirs' }],
      ['POST', `/api/v1/operator/users/${collector.userId}/unban`],
      ['PUT', `/api/v1/operator/users/${collector.userId}/role`, { role: 'SELLER' }],
    ];
    const sellerToo: typeof adminOnly = [
      ['GET', '/api/v1/operator/gifts'],
      ['POST', `/api/v1/operator/gifts/${sellerClaimId}/ship`, { tracking: 'X' }],
    ];
    for (const [who, routes] of [
      [investor, [...adminOnly, ...sellerToo]],
      [seller, adminOnly],
    ] as const) {
      for (const [method, url, body] of routes) {
        const refused = await call(who, method, url, body);
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(errorCode(refused)).toBe('ROLE_REQUIRED');
      }
      expect((await call(who, 'GET', '/api/v1/users/me')).statusCode).toBe(200);
    }
    const claims = await t.app.ctx.db.selectFrom('gift_claims').select('state').execute();
    expect(claims.map((claim) => claim.state).sort()).toEqual(['REQUESTED', 'REVEALED']);
  });

  it('finds people by email and by name, a page at a time, and answers a bad cursor clearly', async () => {
    const byEmail = await call(admin, 'GET', '/api/v1/operator/people?q=HA.EUN@');
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(byEmail.headers['cache-control']).toBe('no-store');
    expect(peopleListSchema.parse(byEmail.json()).people).toEqual([
      expect.objectContaining({ userId: investor.userId, email: investor.email, kycStatus: 'GREEN', isBanned: false }),
    ]);
    const byName = peopleListSchema.parse((await call(admin, 'GET', '/api/v1/operator/people?q=haeun%20park')).json());
    expect(byName.people.map((person) => person.userId)).toEqual([investor.userId]);
    const wildcard = peopleListSchema.parse((await call(admin, 'GET', '/api/v1/operator/people?q=%25')).json());
    expect(wildcard.people).toEqual([]);

    for (let index = 0; index < 27; index += 1) {
      await createInvestor(t.app, `crowd${index}@example.com`, { approve: false });
      clock.advance(1000);
    }
    const first = peopleListSchema.parse((await call(admin, 'GET', '/api/v1/operator/people?q=crowd')).json());
    expect(first.people).toHaveLength(25);
    expect(first.people[0]!.email).toBe('crowd26@example.com');
    expect(first.nextCursor).toBeTruthy();
    const second = peopleListSchema.parse(
      (
        await call(admin, 'GET', `/api/v1/operator/people?q=crowd&cursor=${encodeURIComponent(first.nextCursor!)}`)
      ).json(),
    );
    expect(second.people.map((person) => person.email)).toEqual(['crowd1@example.com', 'crowd0@example.com']);
    expect(second.nextCursor).toBeNull();

    const bad = await call(admin, 'GET', '/api/v1/operator/people?cursor=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(errorCode(bad)).toBe('VALIDATION_FAILED');
    const missing = await call(admin, 'GET', '/api/v1/operator/people/00000000-0000-4000-8000-000000000000');
    expect(errorCode(missing)).toBe('NOT_FOUND');
    expect(errorCode(await call(admin, 'GET', '/api/v1/operator/people/not-a-user'))).toBe('VALIDATION_FAILED');
  });

  it('shows a person’s identity state, holdings, orders, sessions and audit events', async () => {
    const response = await call(admin, 'GET', `/api/v1/operator/people/${investor.userId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const person = personDetailSchema.parse(response.json());
    expect(person).toMatchObject({ email: investor.email, name: 'Haeun Park', role: 'USER', kycStatus: 'GREEN' });
    expect(person.identity).toMatchObject({ answer: 'GREEN' });
    expect(person.holdings).toEqual([
      expect.objectContaining({ productId: sellerProductId, productName: 'Seller project', quantity: 12 }),
    ]);
    expect(person.orders).toEqual([
      expect.objectContaining({ productId: sellerProductId, quantity: 2, amount: 2000, state: 'RESERVED' }),
    ]);
    expect(person.sessions.some((session) => session.isActive)).toBe(true);
    const types = person.history.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['KYC_REVIEW_UPDATED', 'GIFT_CLAIMED']));
  });

  it('bans and unbans through the routes, audited, and the banned person is refused', async () => {
    const empty = await call(admin, 'POST', `/api/v1/operator/users/${collector.userId}/ban`, { reason: ' ' });
    expect(errorCode(empty)).toBe('VALIDATION_FAILED');
    const banned = await call(admin, 'POST', `/api/v1/operator/users/${collector.userId}/ban`, {
      reason: 'Chargeback under review',
    });
    expect(banned.statusCode, banned.body).toBe(200);
    expect((await call(collector, 'GET', '/api/v1/users/me')).statusCode).toBe(401);
    const again = await newSession(t.app, collector.userId, collector.email);
    const refused = await call(again, 'POST', '/api/v1/claim/gift', { productId: otherProductId, giftId: 1 });
    expect(errorCode(refused)).toBe('BANNED');

    const person = personDetailSchema.parse(
      (await call(admin, 'GET', `/api/v1/operator/people/${collector.userId}`)).json(),
    );
    expect(person).toMatchObject({ isBanned: true, banReason: 'Chargeback under review' });
    expect(person.sessions.filter((session) => session.isActive)).toHaveLength(1);
    expect(person.history.find((event) => event.type === 'BANNED')?.detail.reason).toBe('Chargeback under review');

    const lifted = await call(admin, 'POST', `/api/v1/operator/users/${collector.userId}/unban`, {
      reason: 'Chargeback withdrawn',
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    const after = personDetailSchema.parse(
      (await call(admin, 'GET', `/api/v1/operator/people/${collector.userId}`)).json(),
    );
    expect(after.isBanned).toBe(false);
    expect(after.history.find((event) => event.type === 'UNBANNED')?.detail.reason).toBe('Chargeback withdrawn');
    expect((await call(again, 'GET', '/api/v1/users/me')).statusCode).toBe(200);
  });

  it('proposes a grant of ADMIN for a second admin to approve, and changes other roles at once', async () => {
    const proposed = await call(admin, 'PUT', `/api/v1/operator/users/${investor.userId}/role`, { role: 'ADMIN' });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const outcome = roleOutcomeSchema.parse(proposed.json());
    expect(outcome).toMatchObject({ status: 'PROPOSED', role: 'USER' });
    expect(outcome.approval).toMatchObject({ kind: 'GRANT_ADMIN', state: 'PENDING' });
    const approved = await call(secondAdmin, 'POST', `/api/v1/operator/approvals/${outcome.approval!.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const back = await call(admin, 'PUT', `/api/v1/operator/users/${investor.userId}/role`, { role: 'USER' });
    expect(roleOutcomeSchema.parse(back.json())).toMatchObject({ status: 'APPLIED', role: 'USER' });
  });

  it('lists claims oldest first, a seller its own projects only, and ships one once', async () => {
    const all = giftListSchema.parse((await call(admin, 'GET', '/api/v1/operator/gifts')).json()).claims;
    expect(all.map((claim) => claim.id)).toEqual([sellerClaimId]);
    expect(all[0]).toMatchObject({ state: 'REQUESTED', isDigital: false, recipientName: 'Lee Dana' });
    const revealed = giftListSchema.parse(
      (await call(admin, 'GET', '/api/v1/operator/gifts?state=REVEALED')).json(),
    ).claims;
    expect(revealed).toEqual([expect.objectContaining({ id: otherClaimId, isDigital: true, state: 'REVEALED' })]);
    expect(
      giftListSchema.parse((await call(seller, 'GET', '/api/v1/operator/gifts?state=REVEALED')).json()).claims,
    ).toEqual([]);
    expect(errorCode(await call(admin, 'GET', '/api/v1/operator/gifts?state=LOST'))).toBe('VALIDATION_FAILED');

    const notTheirs = await call(seller, 'POST', `/api/v1/operator/gifts/${otherClaimId}/ship`, {});
    expect(errorCode(notTheirs)).toBe('ROLE_REQUIRED');
    const digital = await call(admin, 'POST', `/api/v1/operator/gifts/${otherClaimId}/ship`, {});
    expect(digital.statusCode).toBe(409);
    expect(errorCode(digital)).toBe('CONFLICT');

    const shipped = await call(seller, 'POST', `/api/v1/operator/gifts/${sellerClaimId}/ship`, {
      tracking: ' CJ 6543-2100 ',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(giftShipOutcomeSchema.parse(shipped.json())).toEqual({
      id: sellerClaimId,
      state: 'SHIPPED',
      tracking: 'CJ 6543-2100',
    });
    const twice = await call(admin, 'POST', `/api/v1/operator/gifts/${sellerClaimId}/ship`, { tracking: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(errorCode(twice)).toBe('CONFLICT');
    expect((twice.json() as { errors: { message: string }[] }).errors[0]!.message).toContain('already shipped');
    await expect(accountCommands['gift:ship']!.run(t.app.ctx, [sellerClaimId])).rejects.toMatchObject({
      code: 'CONFLICT',
    });

    const audit = await t.app.ctx.db
      .selectFrom('audit_events')
      .select(['user_id', 'detail'])
      .where('type', '=', 'GIFT_SHIPPED')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.user_id).toBe(investor.userId);
    expect(JSON.parse(audit[0]!.detail!)).toMatchObject({
      tracking: 'CJ 6543-2100',
      operator: `operator:${seller.email}`,
    });
    expect(giftListSchema.parse((await call(admin, 'GET', '/api/v1/operator/gifts')).json()).claims).toEqual([]);
    const missing = await call(admin, 'POST', '/api/v1/operator/gifts/00000000-0000-4000-8000-000000000000/ship', {});
    expect(errorCode(missing)).toBe('NOT_FOUND');
    const long = await call(admin, 'POST', `/api/v1/operator/gifts/${sellerClaimId}/ship`, {
      tracking: 'x'.repeat(201),
    });
    expect(errorCode(long)).toBe('VALIDATION_FAILED');
  });
});
