import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDERS_PAGE_SIZE, operatorOrderListSchema, type OperatorOrderRow } from '../../src/domain/operator-orders';
import { setProductSeller } from '../../server/modules/products/sellers';
import { changeUserRole } from '../../server/modules/users/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { createInvestor, createSaleProduct, orderOk, signOrder, type Investor } from '../helpers/orders';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const META = { ip: 'operator', userAgent: 'test operator' };
const EXTRA_ORDERS = ORDERS_PAGE_SIZE + 2;

describe.each(testEngines())('the console’s orders on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-27T09:00:00.000Z'));
  let admin: Investor;
  let seller: Investor;
  let mina: Investor;
  let jun: Investor;
  let sellerProduct: { productId: number; accountMethodId: number };
  let otherProduct: { productId: number; accountMethodId: number };
  const references: Record<string, string> = {};
  let seq = 0;

  async function staff(role: 'ADMIN' | 'SELLER'): Promise<Investor> {
    const person = await createInvestor(t.app, `staff${(seq += 1)}@example.com`, { approve: false });
    await changeUserRole(t.app.ctx, person.userId, role, META);
    return person;
  }

  const call = (who: Investor, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });

  async function list(who: Investor, query: Record<string, string | number> = {}) {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    const response = await call(who, `/api/v1/operator/orders?${search}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    return operatorOrderListSchema.parse(response.json());
  }

  /** Every page of a listing, following the cursor. */
  async function everyPage(who: Investor, query: Record<string, string | number> = {}) {
    const rows: OperatorOrderRow[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(who, { ...query, ...(cursor ? { cursor } : {}) });
      expect(page.orders.length).toBeLessThanOrEqual(ORDERS_PAGE_SIZE);
      rows.push(...page.orders);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    return { rows, pages };
  }

  async function declared(who: Investor, product: { productId: number; accountMethodId: number }, quantity: number) {
    const order = await orderOk(t.app, who, product.productId, { quantity, payMethodId: product.accountMethodId });
    const signed = await signOrder(t.app, who, order);
    expect(signed.statusCode, signed.body).toBe(200);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/manual',
      headers: who.headers,
      payload: { orderId: order.id, payerName: 'KIM MINA' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return order.reference;
  }

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      { RATE_LIMIT_MAX: '1000000', ORDER_EXPIRY_SWEEP_SECONDS: '0', APPROVAL_EXPIRY_SWEEP_SECONDS: '0' },
      undefined,
      { now: clock.now },
    );
    admin = await staff('ADMIN');
    seller = await staff('SELLER');
    mina = await createInvestor(t.app, 'mina.kim@example.com');
    jun = await createInvestor(t.app, 'jun.lee@example.com');
    sellerProduct = await createSaleProduct(t.app, { name: 'Seoul Jazz 50%_night' });
    otherProduct = await createSaleProduct(t.app, { name: 'Busan Harbour Films' });
    await setProductSeller(
      t.app.ctx,
      { email: seller.email, productId: sellerProduct.productId, assigned: true, operator: 'test' },
      META,
    );
    references.minaSellerDeclared = await declared(mina, sellerProduct, 2);
    clock.advance(1_000);
    references.minaSellerReserved = (
      await orderOk(t.app, mina, sellerProduct.productId, { quantity: 1, payMethodId: sellerProduct.accountMethodId })
    ).reference;
    clock.advance(1_000);
    references.junOtherDeclared = await declared(jun, otherProduct, 3);
    clock.advance(1_000);
    // Enough orders for more than one page; several made at the same instant, so the cursor's
    // tie-breaker (the id) is what keeps a page from repeating or skipping one.
    for (let index = 0; index < EXTRA_ORDERS; index += 1) {
      await orderOk(t.app, jun, otherProduct.productId, { quantity: 1, payMethodId: otherProduct.accountMethodId });
      if (index % 5 === 4) clock.advance(1_000);
    }
  });
  afterAll(() => t.close());

  it('refuses an investor with ROLE_REQUIRED and keeps the session', async () => {
    const refused = await call(mina, '/api/v1/operator/orders');
    expect(refused.statusCode).toBe(403);
    expect(errorCode(refused)).toBe('ROLE_REQUIRED');
    const me = await call(mina, '/api/v1/users/me');
    expect(me.statusCode, me.body).toBe(200);
  });

  it('filters by state and by project', async () => {
    const declaredOnes = await list(admin, { state: 'PAYMENT_DECLARED' });
    expect(declaredOnes.orders.map((order) => order.reference).sort()).toEqual(
      [references.minaSellerDeclared, references.junOtherDeclared].sort(),
    );
    expect(declaredOnes.nextCursor).toBeNull();
    const declaredOrder = declaredOnes.orders.find((order) => order.reference === references.minaSellerDeclared)!;
    expect(declaredOrder).toMatchObject({
      state: 'PAYMENT_DECLARED',
      email: 'mina.kim@example.com',
      userId: mina.userId,
      productId: sellerProduct.productId,
      productName: 'Seoul Jazz 50%_night',
      quantity: 2,
      payerName: 'KIM MINA',
    });
    expect(Number.isInteger(declaredOrder.amount)).toBe(true);
    expect(declaredOrder.declaredAt).not.toBeNull();

    const ofProject = await list(admin, { productId: sellerProduct.productId });
    expect(ofProject.orders.map((order) => order.reference).sort()).toEqual(
      [references.minaSellerDeclared, references.minaSellerReserved].sort(),
    );
    const reservedThere = await list(admin, { productId: sellerProduct.productId, state: 'RESERVED' });
    expect(reservedThere.orders.map((order) => order.reference)).toEqual([references.minaSellerReserved]);
    expect((await list(admin, { state: 'REFUNDED' })).orders).toEqual([]);
  });

  it('finds orders by reference, email or project name, any case, wildcards taken literally', async () => {
    const reference = references.junOtherDeclared!;
    const byReference = await list(admin, { q: reference.slice(2).toLowerCase() });
    expect(byReference.orders.map((order) => order.reference)).toEqual([reference]);

    const byEmail = await list(admin, { q: 'MINA.KIM@' });
    expect(byEmail.orders.map((order) => order.reference).sort()).toEqual(
      [references.minaSellerDeclared, references.minaSellerReserved].sort(),
    );
    const byProject = await list(admin, { q: 'seoul jazz' });
    expect(byProject.orders).toHaveLength(2);
    // "%" and "_" are letters here: only the project whose name holds "50%_" matches.
    expect((await list(admin, { q: '50%_' })).orders).toHaveLength(2);
    expect((await list(admin, { q: '%' })).orders).toHaveLength(2);
    expect((await list(admin, { q: 'nobody-here' })).orders).toEqual([]);
    // Search and filters together.
    const declaredOfJun = await list(admin, { q: 'jun.lee', state: 'PAYMENT_DECLARED' });
    expect(declaredOfJun.orders.map((order) => order.reference)).toEqual([reference]);
  });

  it('pages with a cursor: every order once, newest first, or oldest first when asked', async () => {
    const total = 3 + EXTRA_ORDERS;
    const newest = await everyPage(admin);
    expect(newest.pages).toBe(2);
    expect(newest.rows).toHaveLength(total);
    expect(new Set(newest.rows.map((order) => order.id)).size).toBe(total);
    const times = newest.rows.map((order) => order.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(newest.rows.at(-1)!.reference).toBe(references.minaSellerDeclared);

    const oldest = await everyPage(admin, { sort: 'createdAt' });
    expect(oldest.rows.map((order) => order.id)).toEqual(newest.rows.map((order) => order.id).reverse());

    // The same filter holds on every page.
    const reserved = await everyPage(admin, { state: 'RESERVED' });
    expect(reserved.rows).toHaveLength(1 + EXTRA_ORDERS);
    expect(reserved.rows.every((order) => order.state === 'RESERVED')).toBe(true);
  });

  it('refuses a cursor or a filter it does not know', async () => {
    for (const query of ['cursor=not-a-cursor', 'state=PAID', 'sort=amount', 'productId=x', 'limit=5']) {
      const response = await call(admin, `/api/v1/operator/orders?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorCode(response), query).toBe('VALIDATION_FAILED');
    }
  });

  it('shows a seller only the orders of its projects', async () => {
    const mine = await everyPage(seller);
    expect(mine.rows.map((order) => order.reference).sort()).toEqual(
      [references.minaSellerDeclared, references.minaSellerReserved].sort(),
    );
    expect((await list(seller, { q: 'jun.lee' })).orders).toEqual([]);
    expect((await list(seller, { state: 'PAYMENT_DECLARED' })).orders.map((order) => order.reference)).toEqual([
      references.minaSellerDeclared,
    ]);
    const notTheirs = await call(seller, `/api/v1/operator/orders?productId=${otherProduct.productId}`);
    expect(notTheirs.statusCode).toBe(403);
    expect(errorCode(notTheirs)).toBe('ROLE_REQUIRED');

    // A seller with no project sees none.
    const idle = await staff('SELLER');
    expect((await list(idle)).orders).toEqual([]);
  });
});
