import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationPageSchema, pushPayloadSchema, type Notification } from '../../src/domain/notifications';
import type { Order } from '../../src/domain/orders';
import { commands } from '../../server/cli/commands';
import { notificationText } from '../../server/i18n/notifications';
import { expireDueOrders } from '../../server/modules/orders/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { createInvestor, createSaleProduct, orderOk, signOrder, type Investor } from '../helpers/orders';
import {
  createDeviceKeys,
  decryptAes128gcm,
  startFakePushService,
  type DeviceKeys,
  type FakePushService,
} from '../helpers/push-service';

// Signing renders a PDF; a busy machine needs the time.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 });

const ENV = {
  RATE_LIMIT_MAX: '1000000',
  ORDER_EXPIRY_SWEEP_SECONDS: '0',
  PUSH_SWEEP_INTERVAL_MS: '0',
  PUSH_DEV_HOSTS: '127.0.0.1',
  // Rejections and refunds apply at once here; their four-eyes path is tested with the operator API.
  FOUR_EYES: 'off',
};
const HOUR = 3_600_000;

describe.each(testEngines())('order notifications on %s', (engine) => {
  let t: TestApp;
  let push: FakePushService;
  let productId: number;
  let accountMethodId: number;
  let seq = 0;
  const clock = createClock(Date.parse('2026-11-22T09:00:00.000Z'));
  const run = (name: string, ...args: string[]) => commands[name]!.run(t.app.ctx, args);

  beforeAll(async () => {
    t = await createTestApp(engine, ENV, undefined, { now: clock.now });
    push = await startFakePushService();
    ({ productId, accountMethodId } = await createSaleProduct(t.app));
  });
  afterAll(async () => {
    await push.close();
    await t.close();
  });

  async function investorIn(language: 'en' | 'ko'): Promise<Investor & { keys: DeviceKeys; device: string }> {
    const investor = await createInvestor(t.app, `orders-notice${(seq += 1)}-${engine}@example.com`);
    const chosen = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/language',
      headers: investor.headers,
      payload: { language },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const keys = createDeviceKeys();
    const device = `${engine}-orders-${seq}`;
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      headers: investor.headers,
      payload: {
        endpoint: push.endpointFor(device),
        expirationTime: null,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(204);
    return { ...investor, keys, device };
  }

  async function declaredOrder(investor: Investor, quantity = 2): Promise<Order> {
    const order = await orderOk(t.app, investor, productId, { quantity, payMethodId: accountMethodId });
    await signOrder(t.app, investor, order);
    const declared = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/manual',
      headers: investor.headers,
      payload: { orderId: order.id, payerName: 'KIM MINA' },
    });
    expect(declared.statusCode, declared.body).toBe(200);
    return order;
  }

  async function inbox(investor: Investor): Promise<Notification[]> {
    const response = await t.app.inject({ url: '/api/v1/notifications', headers: investor.headers });
    expect(response.statusCode, response.body).toBe(200);
    return notificationPageSchema
      .parse(response.json())
      .notifications.filter((item) => item.type !== 'CONTRACT_SIGNED');
  }

  /** Sends what the outboxes hold and answers the mails and pushes that reached this investor. */
  async function deliver(investor: Investor & { keys: DeviceKeys; device: string }) {
    const pushed = push.received.length;
    await t.app.pushSender.sweepOnce();
    await t.app.notificationMailSender.sweepOnce();
    const pushes = push.received
      .slice(pushed)
      .filter((item) => item.device === investor.device)
      .map((item) => pushPayloadSchema.parse(JSON.parse(decryptAes128gcm(item.body, investor.keys))));
    return { pushes, mails: t.app.mailer.readOutbox!({ email: investor.email }) };
  }

  it('tells a Korean investor their payment is confirmed: inbox, push and mail, in Korean', async () => {
    const mina = await investorIn('ko');
    const order = await declaredOrder(mina, 3);
    await deliver(mina);
    await run('payment:confirm', order.reference);

    const [notice] = await inbox(mina);
    expect(notice).toMatchObject({
      type: 'PAYMENT_CONFIRMED',
      productId,
      params: { reference: order.reference, quantity: '3', amount: '3000', currency: t.config.CURRENCY },
      link: `/account/orders/${order.id}`,
      readAt: null,
    });
    // The inbox writes it from its parameters in the reader's language.
    const shown = notificationText('ko', notice!);
    expect(shown.title).toBe('입금이 확인되었습니다');
    expect(shown.body).toContain(order.reference);
    expect(shown.body).toContain('토큰 3개');
    const { pushes, mails } = await deliver(mina);
    expect(pushes).toEqual([
      expect.objectContaining({ id: notice!.id, type: 'PAYMENT_CONFIRMED', title: shown.title, body: shown.body }),
    ]);
    expect(mails[0]).toMatchObject({ to: mina.email, subject: expect.stringContaining('입금 확인') });
    expect(mails[0]!.text).toContain(`/account/orders/${order.id}`);
    // The currency's own digits: 3000 minor units are 30 dollars but 3,000 won.
    expect(mails[0]!.text).toContain(t.config.CURRENCY === 'KRW' ? '3,000 KRW' : '30.00 USD');
    // Sent is sent: another sweep sends nothing again.
    expect((await t.app.notificationMailSender.sweepOnce()).sent).toBe(0);
  });

  it('tells an English investor their payment was rejected, with the reason, then a refund of another', async () => {
    const jun = await investorIn('en');
    const rejected = await declaredOrder(jun);
    await deliver(jun);
    await run('payment:reject', rejected.reference, 'No', 'transfer', 'with', 'this', 'reference');
    const [notice] = await inbox(jun);
    expect(notice).toMatchObject({ type: 'PAYMENT_REJECTED', title: 'Payment not confirmed' });
    expect(notice!.params).toMatchObject({ reason: 'No transfer with this reference' });
    expect(notificationText('en', notice!).body).toContain('Reason: No transfer with this reference');
    let delivered = await deliver(jun);
    expect(delivered.pushes.map((item) => item.type)).toEqual(['PAYMENT_REJECTED']);
    expect(delivered.mails[0]!.subject).toMatch(/^Payment not confirmed: .*Han River Sessions, order MOA-/);
    expect(delivered.mails[0]!.text).toContain('Reason: No transfer with this reference');

    const refunded = await declaredOrder(jun);
    await run('payment:confirm', refunded.reference);
    await run('order:refund', refunded.reference, 'Investor', 'withdrew');
    expect((await inbox(jun)).slice(0, 2).map((item) => item.type)).toEqual(['ORDER_REFUNDED', 'PAYMENT_CONFIRMED']);
    delivered = await deliver(jun);
    expect(delivered.mails.slice(0, 2).map((mail) => mail.subject.split(':')[0])).toEqual(
      expect.arrayContaining(['Order refunded', 'Payment confirmed']),
    );
  });

  it('tells the investor an unpaid order expired, once, however many sweeps run', async () => {
    const hana = await investorIn('ko');
    const order = await orderOk(t.app, hana, productId, { quantity: 1, payMethodId: accountMethodId });
    clock.advance(73 * HOUR);
    const expired = await Promise.all([expireDueOrders(t.app.ctx), expireDueOrders(t.app.ctx)]);
    expect(expired.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    const notices = await inbox(hana);
    expect(notices.map((item) => [item.type, notificationText('ko', item).title])).toEqual([
      ['ORDER_EXPIRED', '주문이 만료되었습니다'],
    ]);
    expect(notificationText('ko', notices[0]!).body).toContain(order.reference);
    const { mails } = await deliver(hana);
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringContaining('주문 만료')]);
  });

  it('follows the preferences: a type turned off brings no inbox item, no push and no mail', async () => {
    const off = await investorIn('en');
    const turnedOff = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      headers: off.headers,
      payload: { type: 'PAYMENT_CONFIRMED', isEnabled: false },
    });
    expect(turnedOff.statusCode, turnedOff.body).toBe(200);
    const preferences = turnedOff.json() as { types: Array<{ type: string; isEnabled: boolean }> };
    expect(preferences.types).toEqual(
      expect.arrayContaining([
        { type: 'PAYMENT_CONFIRMED', isEnabled: false },
        { type: 'PAYMENT_REJECTED', isEnabled: true },
        { type: 'ORDER_EXPIRED', isEnabled: true },
        { type: 'ORDER_REFUNDED', isEnabled: true },
      ]),
    );
    const order = await declaredOrder(off);
    await deliver(off);
    await run('payment:confirm', order.reference);
    expect(await inbox(off)).toEqual([]);
    const { pushes, mails } = await deliver(off);
    expect(pushes).toEqual([]);
    expect(mails).toEqual([]);
  });

  it('writes nothing when the transition is refused: the notice commits with the change or not at all', async () => {
    const late = await investorIn('en');
    const order = await declaredOrder(late);
    await run('payment:confirm', order.reference);
    await expect(run('payment:confirm', order.reference)).rejects.toMatchObject({ code: 'ORDER_STATE_CONFLICT' });
    expect((await inbox(late)).map((item) => item.type)).toEqual(['PAYMENT_CONFIRMED']);
  });
});
