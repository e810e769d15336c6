import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  orderQuantityBounds,
  orderQuantityRefusal,
  orderSchema,
  signStatusSchema,
  type Order,
} from '../../src/domain/orders';
import { productDetailSchema } from '../../src/domain/products';
import { commands } from '../../server/cli/commands';
import { ledgerBalance, ledgerBalancesAt } from '../../server/modules/holdings/repository';
import { expireDueOrders } from '../../server/modules/orders/service';
import { insertHolding } from '../../server/modules/products/factory';
import { allowProductForUser } from '../../server/modules/products/service';
import { banUser } from '../../server/modules/users/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import {
  createInvestor,
  createSaleProduct,
  orderOk,
  newSession,
  placeOrder,
  productRemaining,
  signOrder,
  type Investor,
} from '../helpers/orders';
import { pdfText } from '../helpers/pdf-text';

// Rendering signed PDFs and firing hundreds of requests take a while on a busy machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 });

// These tests are about orders, not approvals: four eyes (tests/server/operator.test.ts) is off here.
const ENV = { RATE_LIMIT_MAX: '1000000', ORDER_EXPIRY_SWEEP_SECONDS: '0', FOUR_EYES: 'off' };
const HOUR = 3_600_000;
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe.each(testEngines())('orders on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-22T09:00:00.000Z'));
  let mina: Investor;
  let seq = 0;
  const newInvestor = (options: { legalName?: string; approve?: boolean } = {}) =>
    createInvestor(t.app, `investor${(seq += 1)}@example.com`, options);
  const run = (name: string, ...args: string[]) => commands[name]!.run(t.app.ctx, args);

  beforeAll(async () => {
    t = await createTestApp(engine, ENV, undefined, { now: clock.now });
    mina = await newInvestor();
  });
  afterAll(() => t.close());

  async function detail(productId: number, investor: Investor) {
    const response = await t.app.inject({ url: `/api/v1/products/${productId}`, headers: investor.headers });
    expect(response.statusCode, response.body).toBe(200);
    return productDetailSchema.parse(response.json());
  }

  async function getOrder(investor: Investor, id: string): Promise<Order> {
    const response = await t.app.inject({ url: `/api/v1/orders/${id}`, headers: investor.headers });
    expect(response.statusCode, response.body).toBe(200);
    return orderSchema.parse(response.json());
  }

  it('reserves tokens and answers the order with its timeline, and the payment instructions once signed', async () => {
    const { productId, accountMethodId, cryptoMethodId } = await createSaleProduct(t.app);
    const order = await orderOk(t.app, mina, productId, { quantity: 3, payMethodId: accountMethodId });
    expect(order).toMatchObject({
      state: 'RESERVED',
      quantity: 3,
      pricePerToken: 1000,
      amount: 3000,
      currency: t.config.CURRENCY,
      product: { id: productId, tokenName: 'HRSN' },
      payMethod: { id: accountMethodId, payMethodType: 'ACCOUNT' },
      canCancel: true,
      signFileId: null,
      payment: null,
      next: { code: 'SIGN_CONTRACT' },
    });
    expect(order.reference).toMatch(/^MOA-[2-9A-HJ-NP-Z]{8}$/);
    expect(Date.parse(order.expiresAt) - clock.ms).toBe(72 * HOUR);
    // Payment follows the signature (decision 0502): nothing to pay to before it.
    expect(order.paymentInstructions).toBeNull();
    expect((await getOrder(mina, order.id)).paymentInstructions).toBeNull();
    expect((await signOrder(t.app, mina, order)).statusCode).toBe(200);
    expect((await getOrder(mina, order.id)).paymentInstructions).toEqual({
      payMethodType: 'ACCOUNT',
      bankName: 'KB Kookmin Bank',
      accountNumber: '469001-04-123456',
      accountHolder: 'Moa Escrow Trust',
      amount: 3000,
      currency: t.config.CURRENCY,
      reference: order.reference,
      deadline: order.expiresAt,
    });
    expect(order.timeline.map((event) => [event.type, event.actor])).toEqual([['RESERVED', 'INVESTOR']]);
    expect(await productRemaining(t.app, productId)).toBe(997);
    const seen = await detail(productId, mina);
    expect(seen.remainingQuantity).toBe(997);
    expect(seen.userOpenOrderQuantity).toBe(3);
    expect(seen.userTokenBalance).toBe(0);

    clock.advance(1000);
    const crypto = await orderOk(t.app, mina, productId, { quantity: 2, payMethodId: cryptoMethodId });
    expect(crypto.paymentInstructions).toBeNull();
    expect((await signOrder(t.app, mina, crypto)).statusCode).toBe(200);
    expect((await getOrder(mina, crypto.id)).paymentInstructions).toMatchObject({
      payMethodType: 'CRYPTO',
      walletAddress: '0x1111111111111111111111111111111111111111',
      network: 'Ethereum (ERC-20)',
      asset: 'USDC',
      amount: 2000,
    });
    const mine = await t.app.inject({ url: `/api/v1/users/me/orders?productId=${productId}`, headers: mina.headers });
    expect((mine.json() as { orders: Array<{ id: string }> }).orders.map((o) => o.id)).toEqual([crypto.id, order.id]);
    const other = await newInvestor();
    const peek = await t.app.inject({ url: `/api/v1/orders/${order.id}`, headers: other.headers });
    expect(peek.statusCode).toBe(404);
  });

  it('answers the same order to a retry with the same Idempotency-Key, even when retries race', async () => {
    const { productId, accountMethodId } = await createSaleProduct(t.app);
    const body = { quantity: 4, payMethodId: accountMethodId };
    const key = { 'idempotency-key': 'retry-key-0001' };
    const first = await placeOrder(t.app, mina, productId, body, key);
    expect(first.statusCode).toBe(201);
    const again = await placeOrder(t.app, mina, productId, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    const changed = await placeOrder(t.app, mina, productId, { ...body, quantity: 5 }, key);
    expect(errorCode(changed)).toBe('IDEMPOTENCY_KEY_REUSED');

    const racing = await Promise.all(
      Array.from({ length: 12 }, () =>
        placeOrder(t.app, mina, productId, body, { 'idempotency-key': 'racing-key-0002' }),
      ),
    );
    expect(racing.map((response) => response.statusCode).filter((status) => status >= 300)).toEqual([]);
    expect(new Set(racing.map((response) => response.json().id)).size).toBe(1);
    expect(await productRemaining(t.app, productId)).toBe(1000 - 8);
    const bad = await placeOrder(t.app, mina, productId, body, { 'idempotency-key': 'short' });
    expect(errorCode(bad)).toBe('VALIDATION_FAILED');
  });

  it('refuses exactly the quantities outside orderQuantityBounds, with the code the domain rule names', async () => {
    const facts = { pricePerToken: 2500, userMinInvestment: 6000, userMaxInvestment: 30_000, remainingQuantity: 9 };
    const { productId, accountMethodId } = await createSaleProduct(t.app, facts);
    const holder = await newInvestor();
    await insertHolding(t.app.ctx.db, {
      productId,
      userId: holder.userId,
      quantity: 5,
      firstInvestedAt: clock.now().toISOString(),
    });
    const all = { ...facts, committedQuantity: 5 };
    // Here the maximum (12 tokens, 5 held) leaves 7, and 9 remain on sale: 3 to 7 may be ordered.
    expect(orderQuantityBounds(all)).toEqual({ minQuantity: 3, maxQuantity: 7 });
    for (let quantity = 1; quantity <= 12; quantity += 1) {
      const refusal = orderQuantityRefusal(quantity, all);
      if (refusal === null) continue;
      const response = await placeOrder(t.app, holder, productId, { quantity, payMethodId: accountMethodId });
      expect(errorCode(response), `quantity ${quantity}`).toBe(refusal);
    }
    expect((await placeOrder(t.app, holder, productId, { quantity: 7, payMethodId: accountMethodId })).statusCode).toBe(
      201,
    );
    const after = { ...all, committedQuantity: 12, remainingQuantity: 2 };
    expect(orderQuantityRefusal(1, after)).toBe('BELOW_MIN_INVESTMENT');
    expect(orderQuantityRefusal(3, after)).toBe('ABOVE_MAX_INVESTMENT');
    expect(errorCode(await placeOrder(t.app, holder, productId, { quantity: 3, payMethodId: accountMethodId }))).toBe(
      'ABOVE_MAX_INVESTMENT',
    );
    const other = await newInvestor();
    const soldOut = await placeOrder(t.app, other, productId, { quantity: 3, payMethodId: accountMethodId });
    expect(orderQuantityRefusal(3, { ...after, committedQuantity: 0 })).toBe('SOLD_OUT');
    expect(errorCode(soldOut)).toBe('SOLD_OUT');
  });

  it('refuses with a documented code for each reason', async () => {
    const { productId, accountMethodId } = await createSaleProduct(t.app, {
      userMinInvestment: 3000,
      userMaxInvestment: 10_000,
    });
    const order = (body: Record<string, unknown>, investor = mina, id = productId) =>
      placeOrder(t.app, investor, id, body);
    expect(errorCode(await order({ quantity: 2, payMethodId: accountMethodId }))).toBe('BELOW_MIN_INVESTMENT');
    expect(errorCode(await order({ quantity: 11, payMethodId: accountMethodId }))).toBe('ABOVE_MAX_INVESTMENT');
    expect(errorCode(await order({ quantity: 0, payMethodId: accountMethodId }))).toBe('VALIDATION_FAILED');
    expect(errorCode(await order({ quantity: 1.5, payMethodId: accountMethodId }))).toBe('VALIDATION_FAILED');
    expect(errorCode(await order({ quantity: 3 }))).toBe('VALIDATION_FAILED');

    // Holdings count against the maximum, and so do open orders.
    const holder = await newInvestor();
    await insertHolding(t.app.ctx.db, {
      productId,
      userId: holder.userId,
      quantity: 6,
      firstInvestedAt: clock.now().toISOString(),
    });
    const left = await order({ quantity: 5, payMethodId: accountMethodId }, holder);
    expect(errorCode(left)).toBe('ABOVE_MAX_INVESTMENT');
    expect(left.json().errors[0].message).toContain('at most 4 more');
    expect((await order({ quantity: 4, payMethodId: accountMethodId }, holder)).statusCode).toBe(201);
    expect(errorCode(await order({ quantity: 3, payMethodId: accountMethodId }, holder))).toBe('ABOVE_MAX_INVESTMENT');

    const other = await createSaleProduct(t.app);
    expect(errorCode(await order({ quantity: 3, payMethodId: other.accountMethodId }))).toBe('PAY_METHOD_INVALID');

    const later = await createSaleProduct(t.app, { startsAt: new Date(clock.ms + 86_400_000).toISOString() });
    expect(errorCode(await order({ quantity: 3, payMethodId: later.accountMethodId }, mina, later.productId))).toBe(
      'SALE_NOT_OPEN',
    );
    const ended = await createSaleProduct(t.app, { endsAt: new Date(clock.ms - 1000).toISOString() });
    expect(errorCode(await order({ quantity: 3, payMethodId: ended.accountMethodId }, mina, ended.productId))).toBe(
      'SALE_NOT_OPEN',
    );
    const soldOut = await createSaleProduct(t.app, { remainingQuantity: 0 });
    expect(errorCode(await order({ quantity: 1, payMethodId: soldOut.accountMethodId }, mina, soldOut.productId))).toBe(
      'SOLD_OUT',
    );
    const few = await createSaleProduct(t.app, { remainingQuantity: 2 });
    const tooMany = await order({ quantity: 3, payMethodId: few.accountMethodId }, mina, few.productId);
    expect(errorCode(tooMany)).toBe('SOLD_OUT');
    expect(tooMany.json().errors[0].message).toBe('Only 2 tokens remain.');

    const regD = await createSaleProduct(t.app, { isRegD: true });
    expect(errorCode(await order({ quantity: 1, payMethodId: regD.accountMethodId }, mina, regD.productId))).toBe(
      'INVESTOR_VERIFICATION_REQUIRED',
    );
    const restricted = await createSaleProduct(t.app, { isRestricted: true });
    const restrictedOrder = { quantity: 1, payMethodId: restricted.accountMethodId };
    expect(errorCode(await order(restrictedOrder, mina, restricted.productId))).toBe('WHITELIST_REQUIRED');
    await allowProductForUser(t.app.ctx, restricted.productId, mina.userId, 'test', {
      ip: 'operator',
      userAgent: 'test',
    });
    expect((await order(restrictedOrder, mina, restricted.productId)).statusCode).toBe(201);

    const unverified = await newInvestor({ approve: false });
    expect(errorCode(await order({ quantity: 3, payMethodId: accountMethodId }, unverified))).toBe('KYC_REQUIRED');
    const bannedUser = await newInvestor();
    await banUser(t.app.ctx, bannedUser.userId, 'Chargebacks', { ip: 'operator', userAgent: 'test' });
    const banned = await newSession(t.app, bannedUser.userId, bannedUser.email);
    expect(errorCode(await order({ quantity: 3, payMethodId: accountMethodId }, banned))).toBe('BANNED');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${productId}/investors`,
      payload: { quantity: 3, payMethodId: accountMethodId },
    });
    expect(errorCode(anonymous)).toBe('UNAUTHORIZED');
    // Nothing refused took a token.
    expect(await productRemaining(t.app, productId)).toBe(1000 - 4);
  });

  it('signs, stores the PDF for its owner only, takes the payment and credits the ledger', async () => {
    const { productId, accountMethodId } = await createSaleProduct(t.app);
    const hana = await newInvestor({ legalName: '김하나' });
    const order = await orderOk(t.app, hana, productId, { quantity: 6, payMethodId: accountMethodId });

    const early = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/manual',
      headers: hana.headers,
      payload: { orderId: order.id, payerName: 'Kim Hana' },
    });
    expect(errorCode(early)).toBe('ORDER_STATE_CONFLICT');

    const contract = await t.app.inject({
      url: `/api/v1/products/${productId}/sign?orderId=${order.id}`,
      headers: hana.headers,
    });
    const view = contract.json() as { terms: string; sha256: string; documents: Array<{ sha256: string | null }> };
    expect(view.terms).toContain('김하나');
    expect(view.terms).toContain('한강세션 주식회사');
    expect(view.documents).toHaveLength(2);
    for (const document of view.documents) expect(document.sha256).toMatch(/^[0-9a-f]{64}$/);

    const wrongName = await signOrder(t.app, hana, order, 'Kim Hana');
    expect(errorCode(wrongName)).toBe('LEGAL_NAME_MISMATCH');
    const stale = await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${productId}/sign`,
      headers: hana.headers,
      payload: {
        orderId: order.id,
        legalName: '김하나',
        contractSha256: '0'.repeat(64),
        consents: { terms: true, risks: true, electronicSignature: true },
      },
    });
    expect(errorCode(stale)).toBe('CONTRACT_CHANGED');
    const unticked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${productId}/sign`,
      headers: hana.headers,
      payload: {
        orderId: order.id,
        legalName: '김하나',
        contractSha256: view.sha256,
        consents: { terms: true, risks: false, electronicSignature: true },
      },
    });
    expect(errorCode(unticked)).toBe('VALIDATION_FAILED');

    const signed = await signOrder(t.app, hana, order, ' 김하나 ');
    expect(signed.statusCode, signed.body).toBe(200);
    const status = signStatusSchema.parse(signed.json());
    expect(status).toMatchObject({ status: 'SIGNED', orderState: 'SIGNED', contractSha256: view.sha256 });
    expect(errorCode(await signOrder(t.app, hana, order, '김하나'))).toBe('ORDER_STATE_CONFLICT');
    // The signature and the investor's CONTRACT_SIGNED notification are written together, once.
    const inbox = await t.db.db
      .selectFrom('notifications')
      .select(['type', 'link'])
      .where('user_id', '=', hana.userId)
      .execute();
    expect(inbox).toEqual([{ type: 'CONTRACT_SIGNED', link: '/account/documents' }]);
    const polled = await t.app.inject({
      url: `/api/v1/products/${productId}/sign/status?orderId=${order.id}`,
      headers: hana.headers,
    });
    expect(polled.json()).toEqual(status);

    const file = await t.app.inject({ url: `/api/v1/users/me/sign-files/${status.signFileId}`, headers: hana.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const disposition = String(file.headers['content-disposition']);
    expect(disposition).toContain(`filename="Moa contract ${order.reference} Han River Sessions.pdf"`);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(status.fileName!)}`);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(status.fileName);
    expect(status.fileName).toContain('한강 세션');
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(status.fileSha256);
    const text = await pdfText(file.rawPayload);
    expect(text).toContain('김하나');
    expect(text).toContain('한강 세션 Han River Sessions');
    expect(text).toContain(order.reference);
    expect(text).toContain(view.sha256);
    expect(text).toContain('CONTRACT_SIGNED');

    const stranger = await t.app.inject({
      url: `/api/v1/users/me/sign-files/${status.signFileId}`,
      headers: mina.headers,
    });
    expect(stranger.statusCode).toBe(404);

    const noName = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/manual',
      headers: hana.headers,
      payload: { orderId: order.id, txHash: '0xabcdef0123456789abcdef' },
    });
    expect(errorCode(noName)).toBe('VALIDATION_FAILED');
    const declared = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/manual',
      headers: hana.headers,
      payload: { orderId: order.id, payerName: 'KIM HANA' },
    });
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json()).toMatchObject({
      state: 'PAYMENT_DECLARED',
      canCancel: false,
      payment: { payerName: 'KIM HANA', txHash: null },
      next: { code: 'AWAIT_CONFIRMATION', usualWaitHours: 24, deadline: null },
    });
    const cancelLate = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/cancel`,
      headers: hana.headers,
    });
    expect(errorCode(cancelLate), cancelLate.body).toBe('ORDER_STATE_CONFLICT');
    // A declared payment does not expire, however late the operator is.
    clock.advance(100 * HOUR);
    expect(await expireDueOrders(t.app.ctx)).toBeGreaterThanOrEqual(0);
    const again = await t.app.inject({ url: `/api/v1/payment/manual?id=${order.id}`, headers: hana.headers });
    expect(again.json().state).toBe('PAYMENT_DECLARED');

    const before = await detail(productId, hana);
    const output = await run('payment:confirm', order.reference);
    expect(output).toContain('CONFIRMED');
    await expect(run('payment:confirm', order.reference)).rejects.toMatchObject({ code: 'ORDER_STATE_CONFLICT' });

    const after = await detail(productId, hana);
    expect(after.userTokenBalance).toBe(6);
    expect(after.userOpenOrderQuantity).toBe(0);
    expect(after.inventorCount).toBe(before.inventorCount + 1);
    expect(after.availableGift?.title).toBe('Signed vinyl');
    expect(after.remainingQuantity).toBe(before.remainingQuantity);
    expect(await ledgerBalance(t.app.ctx.db, productId, hana.userId)).toBe(6);

    const final = await getOrder(hana, order.id);
    expect(final.timeline.map((event) => [event.type, event.state, event.actor])).toEqual([
      ['RESERVED', 'RESERVED', 'INVESTOR'],
      ['CONTRACT_SIGNED', 'SIGNED', 'INVESTOR'],
      ['PAYMENT_DECLARED', 'PAYMENT_DECLARED', 'INVESTOR'],
      ['PAYMENT_CONFIRMED', 'CONFIRMED', 'OPERATOR'],
    ]);
    expect(final.next.code).toBe('HOLDING_CREDITED');
    const audit = await t.app.ctx.db
      .selectFrom('audit_events')
      .select(['type', 'detail'])
      .where('user_id', '=', hana.userId)
      .where('type', '=', 'ORDER_PAYMENT_CONFIRMED')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail!)).toMatchObject({ actorType: 'OPERATOR', reference: order.reference });

    // Refund: a negative entry, and the tokens go back on sale.
    await expect(run('order:refund', order.reference)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const moment = clock.now().toISOString();
    clock.advance(1000);
    await run('order:refund', order.reference, 'Investor', 'withdrew');
    expect(await ledgerBalance(t.app.ctx.db, productId, hana.userId)).toBe(0);
    expect(await ledgerBalance(t.app.ctx.db, productId, hana.userId, moment)).toBe(6);
    expect(await ledgerBalancesAt(t.app.ctx.db, productId, moment)).toEqual([{ userId: hana.userId, balance: 6 }]);
    expect((await detail(productId, hana)).remainingQuantity).toBe(before.remainingQuantity + 6);
    expect((await detail(productId, hana)).userTokenBalance).toBe(0);
  });

  it('cancels before payment, rejects unmatched payments, and lists orders for operators', async () => {
    const { productId, accountMethodId, cryptoMethodId } = await createSaleProduct(t.app);
    const investor = await newInvestor();
    const first = await orderOk(t.app, investor, productId, { quantity: 5, payMethodId: accountMethodId });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${first.id}/cancel`,
      headers: investor.headers,
      payload: { reason: 'Changed my mind' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'CANCELLED', next: { code: 'TOKENS_RELEASED' } });
    expect(await productRemaining(t.app, productId)).toBe(1000);

    const second = await orderOk(t.app, investor, productId, { quantity: 2, payMethodId: cryptoMethodId });
    const tooLarge = await signOrder(
      t.app,
      investor,
      second,
      'Kim Mina',
      `data:image/png;base64,${'A'.repeat(200_000)}`,
    );
    expect(errorCode(tooLarge)).toBe('VALIDATION_FAILED');
    const notPng = await signOrder(t.app, investor, second, 'Kim Mina', 'data:image/png;base64,R0lGODlhAQABAAAAACw=');
    expect(errorCode(notPng)).toBe('VALIDATION_FAILED');
    const drawn = await signOrder(t.app, investor, second, 'Kim Mina', `data:image/png;base64,${ONE_PIXEL_PNG}`);
    expect(drawn.statusCode, drawn.body).toBe(200);
    const { createHash } = await import('node:crypto');
    const stored = await t.app.ctx.db
      .selectFrom('contract_signatures')
      .select('signature_sha256')
      .where('order_id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(stored.signature_sha256).toBe(
      createHash('sha256').update(Buffer.from(ONE_PIXEL_PNG, 'base64')).digest('hex'),
    );
    const declared = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/manual',
      headers: investor.headers,
      payload: { orderId: second.id, txHash: '0x' + 'ab'.repeat(32) },
    });
    expect(declared.json().payment.txHash).toBe('0x' + 'ab'.repeat(32));
    expect(await run('order:list', 'PAYMENT_DECLARED')).toContain(second.reference);
    await expect(run('order:list', 'PAID')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await run('payment:reject', second.reference, 'No', 'such', 'transfer');
    const rejected = await getOrder(investor, second.id);
    expect(rejected.state).toBe('REJECTED');
    expect(rejected.timeline.at(-1)).toMatchObject({ type: 'PAYMENT_REJECTED', note: 'No such transfer' });
    expect(await productRemaining(t.app, productId)).toBe(1000);

    const third = await orderOk(t.app, investor, productId, { quantity: 2, payMethodId: accountMethodId });
    await run('order:cancel', third.reference, 'Duplicate');
    expect((await getOrder(investor, third.id)).timeline.at(-1)).toMatchObject({
      actor: 'OPERATOR',
      type: 'CANCELLED',
    });
    await expect(run('payment:confirm', 'MOA-NOSUCH')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('expires unpaid orders exactly once when sweeps race, returning their tokens', async () => {
    const { productId, accountMethodId } = await createSaleProduct(t.app);
    const investor = await newInvestor();
    const orders: Order[] = [];
    for (let index = 0; index < 6; index += 1) {
      orders.push(await orderOk(t.app, investor, productId, { quantity: 3, payMethodId: accountMethodId }));
    }
    expect((await signOrder(t.app, investor, orders[0]!)).statusCode).toBe(200);
    expect(await productRemaining(t.app, productId)).toBe(1000 - 18);
    clock.advance(71 * HOUR);
    expect(await expireDueOrders(t.app.ctx)).toBe(0);
    const late = await orderOk(t.app, investor, productId, { quantity: 1, payMethodId: accountMethodId });
    clock.advance(2 * HOUR);
    // Every unpaid order past its deadline in this database (earlier tests leave some too).
    const due = await t.app.ctx.db
      .selectFrom('orders')
      .select('id')
      .where('state', 'in', ['RESERVED', 'SIGNED'])
      .where('expires_at', '<=', clock.now().toISOString())
      .execute();
    expect(due.map((row) => row.id)).toEqual(expect.arrayContaining(orders.map((order) => order.id)));
    const sweeps = await Promise.all([
      expireDueOrders(t.app.ctx),
      expireDueOrders(t.app.ctx),
      expireDueOrders(t.app.ctx),
    ]);
    expect(sweeps.reduce((sum, count) => sum + count, 0)).toBe(due.length);
    const expiredEvents = await t.app.ctx.db
      .selectFrom('order_events')
      .select('order_id')
      .where('type', '=', 'EXPIRED')
      .where(
        'order_id',
        'in',
        due.map((row) => row.id),
      )
      .execute();
    expect(expiredEvents).toHaveLength(due.length);
    expect(await productRemaining(t.app, productId)).toBe(1000 - 1);
    for (const order of orders) {
      const seen = await getOrder(investor, order.id);
      expect(seen.state).toBe('EXPIRED');
      expect(seen.timeline.filter((event) => event.type === 'EXPIRED')).toHaveLength(1);
      expect(seen.timeline.at(-1)!.actor).toBe('SYSTEM');
    }
    expect((await getOrder(investor, late.id)).state).toBe('RESERVED');
    expect(errorCode(await signOrder(t.app, investor, orders[1]!))).toBe('ORDER_STATE_CONFLICT');
    // The investor's position was released too: the maximum counts only what is open.
    const position = await t.app.ctx.db
      .selectFrom('investor_positions')
      .select('committed_quantity')
      .where('product_id', '=', productId)
      .where('user_id', '=', investor.userId)
      .executeTakeFirstOrThrow();
    expect(Number(position.committed_quantity)).toBe(1);
  });

  it('keeps each ledger balance equal to the investor’s confirmed orders', async () => {
    const { productId, accountMethodId } = await createSaleProduct(t.app);
    const investors = [await newInvestor(), await newInvestor()];
    const expected = new Map<string, number>();
    for (const [index, quantity] of [2, 5, 3, 4].entries()) {
      const investor = investors[index % 2]!;
      const order = await orderOk(t.app, investor, productId, { quantity, payMethodId: accountMethodId });
      expect((await signOrder(t.app, investor, order)).statusCode).toBe(200);
      if (index === 3) continue; // signed but never paid: not in the ledger
      await run('payment:confirm', order.reference);
      expected.set(investor.userId, (expected.get(investor.userId) ?? 0) + quantity);
    }
    for (const investor of investors) {
      const confirmed = await t.app.ctx.db
        .selectFrom('orders')
        .select((eb) => eb.fn.sum<number>('quantity').as('total'))
        .where('user_id', '=', investor.userId)
        .where('product_id', '=', productId)
        .where('state', '=', 'CONFIRMED')
        .executeTakeFirstOrThrow();
      const balance = await ledgerBalance(t.app.ctx.db, productId, investor.userId);
      expect(balance).toBe(Number(confirmed.total));
      expect(balance).toBe(expected.get(investor.userId));
      expect((await detail(productId, investor)).userTokenBalance).toBe(balance);
    }
  });

  it('never oversells: 500 concurrent orders for the last 10 tokens reserve exactly 10', async () => {
    const { productId, accountMethodId } = await createSaleProduct(t.app, { remainingQuantity: 10 });
    const investors = await Promise.all(Array.from({ length: 25 }, () => newInvestor()));
    const responses = await Promise.all(
      Array.from({ length: 500 }, (_, index) =>
        placeOrder(t.app, investors[index % investors.length]!, productId, {
          quantity: 1,
          payMethodId: accountMethodId,
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(responses.filter((response) => errorCode(response) === 'SOLD_OUT')).toHaveLength(490);
    expect(await productRemaining(t.app, productId)).toBe(0);
    const reserved = await t.app.ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.sum<number>('quantity').as('total'))
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(Number(reserved.total)).toBe(10);
  });

  it('50 concurrent orders from one investor never pass the maximum', async () => {
    const { productId, accountMethodId } = await createSaleProduct(t.app, { userMaxInvestment: 7000 });
    const investor = await newInvestor();
    await insertHolding(t.app.ctx.db, {
      productId,
      userId: investor.userId,
      quantity: 2,
      firstInvestedAt: clock.now().toISOString(),
    });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        placeOrder(t.app, investor, productId, { quantity: 1, payMethodId: accountMethodId }),
      ),
    );
    expect(responses.filter((response) => response.statusCode >= 500)).toEqual([]);
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(5);
    expect(responses.filter((response) => errorCode(response) === 'ABOVE_MAX_INVESTMENT')).toHaveLength(45);
    expect(await productRemaining(t.app, productId)).toBe(995);
  });

  it('keeps every version of a replaced document, and the signed contract keeps the hashes it saw', async () => {
    const { productId, accountMethodId } = await createSaleProduct(t.app);
    const investor = await newInvestor();
    const order = await orderOk(t.app, investor, productId, { quantity: 1, payMethodId: accountMethodId });
    const signed = signStatusSchema.parse((await signOrder(t.app, investor, order)).json());
    const before = await detail(productId, investor);
    const document = before.documents[0]!;
    expect(document.versions).toHaveLength(1);
    const seenHash = (
      (
        await t.app.inject({ url: `/api/v1/products/${productId}/sign?orderId=${order.id}`, headers: investor.headers })
      ).json() as {
        documents: Array<{ id: number; sha256: string }>;
      }
    ).documents.find((entry) => entry.id === document.id)!.sha256;

    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'moa-doc-')), 'terms-v2.pdf');
    writeFileSync(file, '%PDF-1.7\nRevised token terms\n');
    const output = await run(
      'document:replace',
      String(productId),
      String(document.id),
      file,
      'Transfer',
      'window',
      'shortened',
    );
    expect(output).toContain('version 2');

    const after = await detail(productId, investor);
    const replaced = after.documents.find((entry) => entry.id === document.id)!;
    expect(replaced.versions!.map((version) => [version.version, version.isCurrent, version.note])).toEqual([
      [2, true, 'Transfer window shortened'],
      [1, false, null],
    ]);
    expect(replaced.url).toBe(`/api/v1/products/${productId}/documents/${document.id}/versions/2`);
    const v2 = await t.app.inject({ url: replaced.url, headers: investor.headers });
    expect(v2.statusCode).toBe(200);
    expect(v2.body).toContain('Revised token terms');
    const v1 = await t.app.inject({
      url: `/api/v1/products/${productId}/documents/${document.id}/versions/1`,
      headers: investor.headers,
    });
    expect(v1.statusCode).toBe(302);
    expect(v1.headers.location).toBe(replaced.versions![1]!.url);

    const contract = (
      await t.app.inject({ url: `/api/v1/products/${productId}/sign?orderId=${order.id}`, headers: investor.headers })
    ).json() as { sha256: string; documents: Array<{ id: number; version: number; sha256: string }> };
    expect(contract.sha256).toBe(signed.contractSha256);
    expect(contract.documents.find((entry) => entry.id === document.id)).toMatchObject({
      version: 1,
      sha256: seenHash,
    });

    // A new order's contract names the new version.
    const fresh = await orderOk(t.app, investor, productId, { quantity: 1, payMethodId: accountMethodId });
    const next = (
      await t.app.inject({ url: `/api/v1/products/${productId}/sign?orderId=${fresh.id}`, headers: investor.headers })
    ).json() as { documents: Array<{ id: number; version: number; sha256: string }> };
    expect(next.documents.find((entry) => entry.id === document.id)!.version).toBe(2);
    expect(next.documents.find((entry) => entry.id === document.id)!.sha256).not.toBe(seenHash);
  });
});
