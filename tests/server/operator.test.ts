import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  approvalListResponseSchema,
  distributionOutcomeSchema,
  distributionPreviewSchema,
  orderOutcomeSchema,
  queueResponseSchema,
} from '../../src/domain/operator';
import type { AppContext } from '../../server/context';
import { commands } from '../../server/cli/commands';
import { storeUpload } from '../../server/modules/kyc/files';
import { submitIdentity } from '../../server/modules/kyc/service';
import { commitRevenueDistribution } from '../../server/modules/operator/actions';
import { expireDueApprovals } from '../../server/modules/operator/approvals';
import { commandLineOperator } from '../../server/modules/operator/service';
import { setProductSeller } from '../../server/modules/products/sellers';
import { insertHolding } from '../../server/modules/products/factory';
import { insertWhitelistRequest } from '../../server/modules/products/repository';
import { changeUserRole } from '../../server/modules/users/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { sampleFiles } from '../helpers/kyc';
import { createInvestor, createSaleProduct, orderOk, signOrder, type Investor } from '../helpers/orders';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const META = { ip: 'operator', userAgent: 'test operator' };
/** 10.00 a token: 50 tokens are exactly the four-eyes amount, 51 are above it. */
const THRESHOLD = 50_000;

describe.each(testEngines())('the operator API on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-25T09:00:00.000Z'));
  let adminA: Investor;
  let adminB: Investor;
  let seller: Investor;
  let investor: Investor;
  let sellerProduct: { productId: number; accountMethodId: number };
  let otherProduct: { productId: number; accountMethodId: number };
  let seq = 0;

  const run = (name: string, ...args: string[]) => commands[name]!.run(t.app.ctx, args);

  async function staff(role: 'ADMIN' | 'SELLER'): Promise<Investor> {
    const person = await createInvestor(t.app, `staff${(seq += 1)}@example.com`, { approve: false });
    await changeUserRole(t.app.ctx, person.userId, role, META);
    return person;
  }

  function call(who: Investor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = {}) {
    return t.app.inject({
      method,
      url,
      headers: { ...who.headers, ...headers },
      ...(payload ? { payload } : {}),
    });
  }

  /** An order of `quantity` tokens whose payment the investor has declared. */
  async function declaredOrder(productId: number, accountMethodId: number, quantity: number, buyer = investor) {
    const order = await orderOk(t.app, buyer, productId, { quantity, payMethodId: accountMethodId });
    const signed = await signOrder(t.app, buyer, order);
    expect(signed.statusCode, signed.body).toBe(200);
    const declared = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/manual',
      headers: buyer.headers,
      payload: { orderId: order.id, payerName: 'KIM MINA' },
    });
    expect(declared.statusCode, declared.body).toBe(200);
    return order;
  }

  async function orderState(reference: string) {
    const row = await t.app.ctx.db
      .selectFrom('orders')
      .select(['state', 'id'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    return row.state;
  }

  async function auditOf(type: string) {
    const rows = await t.app.ctx.db
      .selectFrom('audit_events')
      .select(['user_id', 'actor', 'detail'])
      .where('type', '=', type)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => ({ ...row, detail: JSON.parse(row.detail ?? '{}') as Record<string, string> }));
  }

  async function propose(who: Investor, reference: string, action: string, payload: object = { reason: 'No match' }) {
    const response = await call(who, 'POST', `/api/v1/operator/orders/${reference}/${action}`, payload);
    expect(response.statusCode, response.body).toBe(200);
    const outcome = orderOutcomeSchema.parse(response.json());
    expect(outcome.status).toBe('PROPOSED');
    return outcome.approval!;
  }

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      {
        RATE_LIMIT_MAX: '1000000',
        ORDER_EXPIRY_SWEEP_SECONDS: '0',
        APPROVAL_EXPIRY_SWEEP_SECONDS: '0',
        FOUR_EYES_PAYMENT_THRESHOLD: String(THRESHOLD),
        APPROVAL_TTL_HOURS: '2',
      },
      undefined,
      { now: clock.now },
    );
    adminA = await staff('ADMIN');
    adminB = await staff('ADMIN');
    seller = await staff('SELLER');
    investor = await createInvestor(t.app, 'holder@example.com');
    sellerProduct = await createSaleProduct(t.app, { name: 'Seller project' });
    otherProduct = await createSaleProduct(t.app, { name: 'Other project' });
    await setProductSeller(
      t.app.ctx,
      { email: seller.email, productId: sellerProduct.productId, assigned: true, operator: 'test' },
      META,
    );
  });
  afterAll(() => t.close());

  it('counts what waits, with the oldest age, and a seller only its projects', async () => {
    await declaredOrder(otherProduct.productId, otherProduct.accountMethodId, 2);
    clock.advance(90_000);
    await declaredOrder(sellerProduct.productId, sellerProduct.accountMethodId, 1);
    clock.advance(30_000);

    const all = queueResponseSchema.parse((await call(adminA, 'GET', '/api/v1/operator/queue')).json());
    expect(all.scope).toBe('ALL');
    expect(all.items.map((item) => item.kind)).toEqual([
      'IDENTITY_CHECKS',
      'INVESTOR_VERIFICATIONS',
      'WHITELIST_REQUESTS',
      'DECLARED_PAYMENTS',
      'UNMATCHED_STATEMENT_LINES',
      'GIFT_CLAIMS_TO_SHIP',
      'REPORTED_POSTS',
      'APPROVALS_WAITING',
    ]);
    const payments = all.items.find((item) => item.kind === 'DECLARED_PAYMENTS')!;
    expect(payments).toMatchObject({ count: 2, oldestAgeSeconds: 120, tracked: true });
    expect(all.items.find((item) => item.kind === 'UNMATCHED_STATEMENT_LINES')).toMatchObject({
      count: 0,
      tracked: true,
    });
    expect(all.items.find((item) => item.kind === 'APPROVALS_WAITING')).toMatchObject({ count: 0, oldestAt: null });

    const mine = queueResponseSchema.parse((await call(seller, 'GET', '/api/v1/operator/queue')).json());
    expect(mine).toMatchObject({ scope: 'ASSIGNED', productIds: [sellerProduct.productId] });
    expect(mine.items.map((item) => item.kind)).not.toContain('IDENTITY_CHECKS');
    expect(mine.items.find((item) => item.kind === 'DECLARED_PAYMENTS')).toMatchObject({
      count: 1,
      oldestAgeSeconds: 30,
    });
  });

  it('refuses every operator route to an investor, and to a seller outside its projects, keeping the session', async () => {
    const foreign = await declaredOrder(otherProduct.productId, otherProduct.accountMethodId, 3);
    const pending = await propose(adminA, foreign.reference, 'reject-payment');
    await insertWhitelistRequest(t.app.ctx.db, otherProduct.productId, investor.userId, clock.now().toISOString());
    const today = clock.now().toISOString().slice(0, 10);
    // A gift claim in the project the seller does not sell.
    await insertHolding(t.app.ctx.db, {
      productId: otherProduct.productId,
      userId: investor.userId,
      quantity: 10,
      firstInvestedAt: clock.now().toISOString(),
    });
    const gifts = await call(investor, 'GET', `/api/v1/claim/check?id=${otherProduct.productId}`);
    const claimed = await call(investor, 'POST', '/api/v1/claim/gift', {
      productId: otherProduct.productId,
      giftId: (gifts.json() as { availableGift: { id: number } }).availableGift.id,
      delivery: { recipientName: 'Kim Mina', address: '1 Jong-ro, Seoul', phone: '+82 10-0000-0000' },
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    const foreignClaimId = (claimed.json() as { id: string }).id;

    // The governance routes take ids of notices, posts and votings: operator-governance.test.ts walks them.
    const routes = t.app.routeTable.filter(
      (route) =>
        route.url.startsWith('/api/v1/operator/') &&
        !route.url.startsWith('/api/v1/operator/governance/') &&
        route.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThanOrEqual(18);
    const urlOf = (url: string) =>
      url
        .replace('/gifts/:id', `/gifts/${foreignClaimId}`)
        .replace('/projects/:id', `/projects/${otherProduct.productId}`)
        .replace(':reference', foreign.reference)
        .replace(':id', pending.id)
        .replace(':userId', investor.userId)
        .replace(':productId', String(otherProduct.productId));
    const payloadOf = (method: string, url: string): object | undefined => {
      if (method === 'GET' || url.endsWith('/allow') || url.endsWith('/decline') || url.endsWith('/unban')) return;
      if (url.endsWith('/approve') || url.endsWith('/confirm-payment') || url.endsWith('/ship')) return {};
      if (url.includes('/distributions')) return { productId: otherProduct.productId, amount: 100, recordDate: today };
      if (url.endsWith('/decision')) return { answer: 'GREEN' };
      if (url.endsWith('/role')) return { role: 'ADMIN' };
      return { reason: 'Walking every route' };
    };
    // Reads a seller may make: answered for its own projects only (checked below).
    const sellerReads = new Set([
      'GET /api/v1/operator/queue',
      'GET /api/v1/operator/payments',
      'GET /api/v1/operator/whitelist-requests',
      'GET /api/v1/operator/orders',
      'GET /api/v1/operator/gifts',
      'GET /api/v1/operator/projects',
      'GET /api/v1/operator/project-choices',
    ]);

    for (const route of routes) {
      const method = route.method as 'GET' | 'POST' | 'PUT';
      const url = urlOf(route.url);
      const headers = { 'idempotency-key': `walk-${route.method}-${route.url.length}-key` };
      const asInvestor = await call(investor, method, url, payloadOf(method, route.url), headers);
      expect(asInvestor.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(errorCode(asInvestor), `${route.method} ${route.url}`).toBe('ROLE_REQUIRED');

      const asSeller = await call(seller, method, url, payloadOf(method, route.url), headers);
      if (sellerReads.has(`${route.method} ${route.url}`)) {
        expect(asSeller.statusCode, `${route.method} ${route.url}`).toBe(200);
        expect(asSeller.body).not.toContain(foreign.reference);
        expect(asSeller.body).not.toContain('Other project');
      } else {
        expect(asSeller.statusCode, `${route.method} ${route.url}: ${asSeller.body}`).toBe(403);
        expect(errorCode(asSeller), `${route.method} ${route.url}`).toBe('ROLE_REQUIRED');
      }
    }
    // Nothing happened, and both sessions are still valid.
    expect(await orderState(foreign.reference)).toBe('PAYMENT_DECLARED');
    const claim = await t.app.ctx.db
      .selectFrom('gift_claims')
      .select('state')
      .where('id', '=', foreignClaimId)
      .executeTakeFirstOrThrow();
    expect(claim.state).toBe('REQUESTED');
    for (const who of [investor, seller]) {
      expect((await t.app.inject({ url: '/api/v1/users/me', headers: who.headers })).statusCode).toBe(200);
    }
    const approvals = approvalListResponseSchema.parse(
      (await call(adminA, 'GET', '/api/v1/operator/approvals')).json(),
    );
    expect(approvals.approvals.find((approval) => approval.id === pending.id)?.state).toBe('PENDING');
  });

  it('lets a seller confirm a small payment in its own project, and only an admin propose a large one', async () => {
    const small = await declaredOrder(sellerProduct.productId, sellerProduct.accountMethodId, 5);
    const confirmed = await call(seller, 'POST', `/api/v1/operator/orders/${small.reference}/confirm-payment`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(orderOutcomeSchema.parse(confirmed.json())).toMatchObject({
      status: 'APPLIED',
      approval: null,
      order: { reference: small.reference, state: 'CONFIRMED' },
    });
    const large = await declaredOrder(sellerProduct.productId, sellerProduct.accountMethodId, 51);
    const refused = await call(seller, 'POST', `/api/v1/operator/orders/${large.reference}/confirm-payment`, {});
    expect(errorCode(refused)).toBe('ROLE_REQUIRED');
    expect(await orderState(large.reference)).toBe('PAYMENT_DECLARED');
  });

  it('applies a large confirmation only when a different admin approves, once, audited', async () => {
    const atThreshold = await declaredOrder(otherProduct.productId, otherProduct.accountMethodId, 50);
    const direct = await call(adminA, 'POST', `/api/v1/operator/orders/${atThreshold.reference}/confirm-payment`, {});
    expect(orderOutcomeSchema.parse(direct.json()).status).toBe('APPLIED');

    const large = await declaredOrder(otherProduct.productId, otherProduct.accountMethodId, 51);
    const approval = await propose(adminA, large.reference, 'confirm-payment', {});
    expect(approval).toMatchObject({
      kind: 'CONFIRM_PAYMENT',
      state: 'PENDING',
      proposedBy: `operator:${adminA.email}`,
    });
    // A double click proposes nothing new.
    expect((await propose(adminA, large.reference, 'confirm-payment', {})).id).toBe(approval.id);
    expect(await orderState(large.reference)).toBe('PAYMENT_DECLARED');

    const self = await call(adminA, 'POST', `/api/v1/operator/approvals/${approval.id}/approve`);
    expect(self.statusCode).toBe(403);
    expect(errorCode(self)).toBe('APPROVAL_SELF');
    expect(await orderState(large.reference)).toBe('PAYMENT_DECLARED');

    const approved = await call(adminB, 'POST', `/api/v1/operator/approvals/${approval.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      approval: { id: approval.id, state: 'APPROVED', decidedBy: `operator:${adminB.email}` },
      order: { reference: large.reference, state: 'CONFIRMED' },
    });
    const again = await call(adminB, 'POST', `/api/v1/operator/approvals/${approval.id}/approve`);
    expect(errorCode(again)).toBe('APPROVAL_CLOSED');

    const proposed = (await auditOf('APPROVAL_PROPOSED')).filter((row) => row.detail.approvalId === approval.id);
    expect(proposed).toEqual([expect.objectContaining({ user_id: adminA.userId, actor: 'operator' })]);
    const decided = (await auditOf('APPROVAL_APPROVED')).filter((row) => row.detail.approvalId === approval.id);
    expect(decided).toEqual([expect.objectContaining({ user_id: adminB.userId, actor: 'operator' })]);
    const effect = (await auditOf('ORDER_PAYMENT_CONFIRMED')).filter((row) => row.detail.reference === large.reference);
    expect(effect).toEqual([
      expect.objectContaining({
        actor: 'operator',
        detail: expect.objectContaining({ actor: `operator:${adminB.email}` }),
      }),
    ]);
  });

  it('gives one effect when admins approve the same proposal at the same moment', async () => {
    const adminC = await staff('ADMIN');
    const large = await declaredOrder(otherProduct.productId, otherProduct.accountMethodId, 60);
    const approval = await propose(adminA, large.reference, 'confirm-payment', {});
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        call(index % 2 ? adminB : adminC, 'POST', `/api/v1/operator/approvals/${approval.id}/approve`),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((each) => each.statusCode !== 200)) {
      expect(errorCode(answer), answer.body).toBe('APPROVAL_CLOSED');
    }
    const order = await t.app.ctx.db
      .selectFrom('orders')
      .select('id')
      .where('reference', '=', large.reference)
      .executeTakeFirstOrThrow();
    const entries = await t.app.ctx.db
      .selectFrom('holding_entries')
      .select('quantity')
      .where('order_id', '=', order.id)
      .execute();
    expect(entries.map((entry) => Number(entry.quantity))).toEqual([60]);
    expect((await auditOf('APPROVAL_APPROVED')).filter((row) => row.detail.approvalId === approval.id)).toHaveLength(1);
  });

  it('refuses an expired proposal, and the sweep expires each one once', async () => {
    const order = await declaredOrder(otherProduct.productId, otherProduct.accountMethodId, 4);
    const late = await propose(adminA, order.reference, 'reject-payment');
    clock.advance(2 * 3_600_000);
    const refused = await call(adminB, 'POST', `/api/v1/operator/approvals/${late.id}/approve`);
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('APPROVAL_EXPIRED');
    expect(await orderState(order.reference)).toBe('PAYMENT_DECLARED');

    // Earlier tests' proposals expired too: sweep them first, so the count below is this one's.
    await expireDueApprovals(t.app.ctx);
    const swept = await propose(adminA, order.reference, 'reject-payment');
    expect(swept.id).not.toBe(late.id);
    clock.advance(2 * 3_600_000 + 1);
    const counts = await Promise.all([1, 2, 3].map(() => expireDueApprovals(t.app.ctx)));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    const expired = await auditOf('APPROVAL_EXPIRED');
    expect(expired.filter((row) => row.detail.approvalId === late.id)).toHaveLength(1);
    expect(expired.filter((row) => row.detail.approvalId === swept.id)).toEqual([
      expect.objectContaining({ actor: 'system', user_id: null }),
    ]);
    const list = approvalListResponseSchema.parse(
      (await call(adminB, 'GET', '/api/v1/operator/approvals?state=EXPIRED')).json(),
    );
    expect(list.approvals.map((approval) => approval.id)).toEqual(expect.arrayContaining([late.id, swept.id]));
    expect(errorCode(await call(adminB, 'POST', `/api/v1/operator/approvals/${swept.id}/approve`))).toBe(
      'APPROVAL_CLOSED',
    );
  });

  it('rejects a proposal without applying it, and applies a refund and a rejected payment once approved', async () => {
    const confirmed = await declaredOrder(otherProduct.productId, otherProduct.accountMethodId, 7);
    await call(adminA, 'POST', `/api/v1/operator/orders/${confirmed.reference}/confirm-payment`, {});
    const refund = await propose(adminA, confirmed.reference, 'refund', { reason: 'Investor withdrew' });
    const rejected = await call(adminB, 'POST', `/api/v1/operator/approvals/${refund.id}/reject`, {
      reason: 'Not agreed',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ state: 'REJECTED', reason: 'Not agreed' });
    expect(errorCode(await call(adminB, 'POST', `/api/v1/operator/approvals/${refund.id}/approve`))).toBe(
      'APPROVAL_CLOSED',
    );
    expect(await orderState(confirmed.reference)).toBe('CONFIRMED');

    const again = await propose(adminB, confirmed.reference, 'refund', { reason: 'Investor withdrew' });
    expect(again.id).not.toBe(refund.id);
    const applied = await call(adminA, 'POST', `/api/v1/operator/approvals/${again.id}/approve`);
    expect(applied.json()).toMatchObject({ order: { state: 'REFUNDED' } });

    const unmatched = await declaredOrder(otherProduct.productId, otherProduct.accountMethodId, 2);
    const rejection = await propose(adminA, unmatched.reference, 'reject-payment');
    await call(adminB, 'POST', `/api/v1/operator/approvals/${rejection.id}/approve`);
    expect(await orderState(unmatched.reference)).toBe('REJECTED');
    // An order that cannot take the action is refused before anyone is asked.
    const refused = await call(adminA, 'POST', `/api/v1/operator/orders/${unmatched.reference}/refund`, {
      reason: 'late',
    });
    expect(errorCode(refused)).toBe('ORDER_STATE_CONFLICT');
  });

  it('previews exact shares and commits a distribution once per key, through four eyes', async () => {
    const today = clock.now().toISOString().slice(0, 10);
    const request = { productId: otherProduct.productId, amount: 1_000_003, recordDate: today, memo: 'November' };
    const preview = await call(adminA, 'POST', '/api/v1/operator/distributions/preview', request);
    expect(preview.statusCode, preview.body).toBe(200);
    const shares = distributionPreviewSchema.parse(preview.json());
    expect(shares.shares.reduce((sum, share) => sum + share.amount, 0)).toBe(request.amount);
    expect(shares.shares[0]!.email).toBe(investor.email);

    const noKey = await call(adminA, 'POST', '/api/v1/operator/distributions', request);
    expect(errorCode(noKey)).toBe('VALIDATION_FAILED');
    const key = { 'idempotency-key': 'november-2026-payout' };
    const first = distributionOutcomeSchema.parse(
      (await call(adminA, 'POST', '/api/v1/operator/distributions', request, key)).json(),
    );
    expect(first.status).toBe('PROPOSED');
    const clicked = distributionOutcomeSchema.parse(
      (await call(adminA, 'POST', '/api/v1/operator/distributions', request, key)).json(),
    );
    expect(clicked.approval!.id).toBe(first.approval!.id);

    const approved = await call(adminB, 'POST', `/api/v1/operator/approvals/${first.approval!.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const committed = approved.json().distribution as { distributionId: number; holders: number };
    expect(committed.holders).toBe(shares.holders);

    // A retry of the same key answers the committed distribution; nothing new is written.
    const retry = distributionOutcomeSchema.parse(
      (await call(adminA, 'POST', '/api/v1/operator/distributions', request, key)).json(),
    );
    expect(retry).toMatchObject({
      status: 'APPLIED',
      distribution: { distributionId: committed.distributionId, isReplay: true },
    });
    const otherKey = { 'idempotency-key': 'november-2026-again' };
    const repeated = await call(adminA, 'POST', '/api/v1/operator/distributions', request, otherKey);
    expect(repeated.statusCode).toBe(409);
    expect(errorCode(repeated)).toBe('DISTRIBUTION_REPEATED');
    const reused = await call(adminA, 'POST', '/api/v1/operator/distributions', { ...request, amount: 5 }, key);
    expect(errorCode(reused)).toBe('IDEMPOTENCY_KEY_REUSED');
    const marked = await call(
      adminA,
      'POST',
      '/api/v1/operator/distributions',
      { ...request, isNewDistribution: true },
      otherKey,
    );
    expect(distributionOutcomeSchema.parse(marked.json()).status).toBe('PROPOSED');

    const rows = await t.app.ctx.db
      .selectFrom('revenue_distributions')
      .select(['id', 'created_by'])
      .where('product_id', '=', otherProduct.productId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.created_by).toBe(`operator:${adminA.email}, approved by operator:${adminB.email}`);
    const audited = await auditOf('REVENUE_DISTRIBUTED');
    expect(audited).toEqual([
      expect.objectContaining({
        actor: 'operator',
        user_id: null,
        detail: expect.objectContaining({
          distributionId: String(committed.distributionId),
          approvalId: first.approval!.id,
        }),
      }),
    ]);
  });

  it('commits one distribution when the same one is committed twice at once', async () => {
    // One person's deployment: four eyes off, so the commits race on the database itself.
    const ctx: AppContext = { ...t.app.ctx, config: { ...t.app.ctx.config, FOUR_EYES: false } };
    const operator = commandLineOperator('test', META);
    const held = await declaredOrder(otherProduct.productId, otherProduct.accountMethodId, 3);
    await call(adminA, 'POST', `/api/v1/operator/orders/${held.reference}/confirm-payment`, {});
    const recordDate = clock.now().toISOString().slice(0, 10);
    const request = { productId: otherProduct.productId, amount: 777_777, recordDate };
    const sameKey = await Promise.allSettled(
      Array.from({ length: 6 }, () => commitRevenueDistribution(ctx, operator, request, 'double-click-key')),
    );
    expect(sameKey.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(
      Array.from({ length: 6 }, () => 'ok'),
    );
    const ids = sameKey.map((result) =>
      result.status === 'fulfilled' ? result.value.distribution!.distributionId : null,
    );
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).not.toBeNull();

    const request2 = { ...request, amount: 555_555 };
    const otherKeys = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) =>
        commitRevenueDistribution(ctx, operator, request2, `second-operator-${index}`),
      ),
    );
    expect(otherKeys.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of otherKeys) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'DISTRIBUTION_REPEATED' });
    }
    const rows = await t.app.ctx.db
      .selectFrom('revenue_distributions')
      .select('amount')
      .where('product_id', '=', otherProduct.productId)
      .where('amount', 'in', [777_777, 555_555])
      .execute();
    expect(rows.map((row) => Number(row.amount)).sort()).toEqual([555_555, 777_777]);
  });

  it('follows four eyes on the command line: --as names the admin, the proposal prints its id', async () => {
    const order = await declaredOrder(otherProduct.productId, otherProduct.accountMethodId, 70);
    const output = await run('payment:confirm', order.reference);
    const id = /Approval (\S+) proposed/.exec(output)?.[1];
    expect(id).toBeTruthy();
    expect(await orderState(order.reference)).toBe('PAYMENT_DECLARED');
    expect(await run('approval:list')).toContain(id!);
    await expect(run('approval:approve', id!)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(run('approval:approve', id!, '--as', investor.email)).rejects.toMatchObject({ code: 'ROLE_REQUIRED' });
    // Proposed by the command line: any admin is the second pair of eyes.
    expect(await run('approval:approve', id!, '--as', adminA.email)).toContain('CONFIRMED');

    const named = await declaredOrder(otherProduct.productId, otherProduct.accountMethodId, 2);
    const proposal = /Approval (\S+) proposed/.exec(
      await run('payment:reject', named.reference, '--as', adminA.email, 'No', 'transfer'),
    )?.[1];
    await expect(run('approval:approve', proposal!, '--as', adminA.email)).rejects.toMatchObject({
      code: 'APPROVAL_SELF',
    });
    expect(await run('approval:reject', proposal!, '--as', adminB.email, 'Found', 'it')).toContain('Rejected');
    expect(await orderState(named.reference)).toBe('PAYMENT_DECLARED');

    // Granting ADMIN once two admins exist is proposed, then applied by another admin.
    const grant = await run('user:role', seller.email, 'ADMIN', '--as', adminA.email);
    const grantId = /Approval (\S+) proposed/.exec(grant)?.[1];
    expect(grantId).toBeTruthy();
    const role = async () =>
      (await t.app.ctx.db.selectFrom('users').select('role').where('id', '=', seller.userId).executeTakeFirstOrThrow())
        .role;
    expect(await role()).toBe('SELLER');
    await run('approval:approve', grantId!, '--as', adminB.email);
    expect(await role()).toBe('ADMIN');
    await changeUserRole(t.app.ctx, seller.userId, 'SELLER', META);
  });

  it('answers reviews, access requests and bans through the same services as the command line', async () => {
    const applicant = await createInvestor(t.app, 'applicant@example.com', { approve: false });
    const front = await storeUpload(t.app.ctx, { user: { id: applicant.userId } }, sampleFiles.jpeg);
    const selfie = await storeUpload(t.app.ctx, { user: { id: applicant.userId } }, sampleFiles.png);
    await submitIdentity(
      t.app.ctx,
      { user: { id: applicant.userId } },
      {
        legalName: 'Park Jisoo',
        dateOfBirth: '1990-01-01',
        countryOfResidence: 'KR',
        investorType: 'INDIVIDUAL',
        documentType: 'PASSPORT',
        frontFileId: front.id,
        selfieFileId: selfie.id,
      },
      META,
    );
    const answer = await call(adminA, 'POST', `/api/v1/operator/identity-reviews/${applicant.userId}/decision`, {
      answer: 'RED',
      rejectType: 'RETRY',
      message: 'The photo is blurred.',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'completed', answer: 'RED', rejectType: 'RETRY' });
    const noVerification = await call(
      adminA,
      'POST',
      `/api/v1/operator/investor-verifications/${applicant.userId}/decision`,
      {
        answer: 'GREEN',
      },
    );
    expect(errorCode(noVerification)).toBe('CONFLICT');

    await insertWhitelistRequest(t.app.ctx.db, sellerProduct.productId, applicant.userId, clock.now().toISOString());
    const listed = await call(seller, 'GET', '/api/v1/operator/whitelist-requests');
    expect(listed.json().requests).toEqual([
      expect.objectContaining({ userId: applicant.userId, productId: sellerProduct.productId }),
    ]);
    const declined = await call(
      seller,
      'POST',
      `/api/v1/operator/whitelist-requests/${sellerProduct.productId}/${applicant.userId}/decline`,
    );
    expect(declined.statusCode, declined.body).toBe(200);
    const twice = await call(
      seller,
      'POST',
      `/api/v1/operator/whitelist-requests/${sellerProduct.productId}/${applicant.userId}/decline`,
    );
    expect(errorCode(twice)).toBe('CONFLICT');
    // Asked again, declined with a reason: the reason is kept in the audit entry.
    clock.advance(1_000);
    await insertWhitelistRequest(t.app.ctx.db, sellerProduct.productId, applicant.userId, clock.now().toISOString());
    const withReason = await call(
      seller,
      'POST',
      `/api/v1/operator/whitelist-requests/${sellerProduct.productId}/${applicant.userId}/decline`,
      { reason: 'Professional investors only' },
    );
    expect(withReason.statusCode, withReason.body).toBe(200);
    expect((await auditOf('WHITELIST_DECLINED')).at(-1)?.detail).toMatchObject({
      productId: String(sellerProduct.productId),
      reason: 'Professional investors only',
    });
    const allowed = await call(
      seller,
      'POST',
      `/api/v1/operator/whitelist-requests/${sellerProduct.productId}/${applicant.userId}/allow`,
    );
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await auditOf('WHITELIST_DECLINED')).at(-1)?.detail.operator).toBe(`operator:${seller.email}`);

    const banned = await call(adminA, 'POST', `/api/v1/operator/users/${applicant.userId}/ban`, {
      reason: 'Fraud check',
    });
    expect(banned.statusCode, banned.body).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/users/me', headers: applicant.headers })).statusCode).toBe(401);
    expect((await call(adminA, 'POST', `/api/v1/operator/users/${applicant.userId}/unban`)).statusCode).toBe(200);
    const user = await t.app.ctx.db
      .selectFrom('users')
      .select('is_banned')
      .where('id', '=', applicant.userId)
      .executeTakeFirstOrThrow();
    expect(Number(user.is_banned)).toBe(0);
  });

  it('applies every action at once when four eyes is off', async () => {
    const ctx: AppContext = { ...t.app.ctx, config: { ...t.app.ctx.config, FOUR_EYES: false } };
    const order = await declaredOrder(otherProduct.productId, otherProduct.accountMethodId, 80);
    const output = await commands['payment:confirm']!.run(ctx, [order.reference]);
    expect(output).toContain('CONFIRMED');
    expect(await commands['order:refund']!.run(ctx, [order.reference, 'Withdrawn'])).toContain('REFUNDED');
  });
});
