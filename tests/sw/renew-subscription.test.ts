import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64UrlToBytes } from '../../src/domain/notifications';
import { renewSubscription, type RenewDeps } from '../../sw/renew-subscription';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createClock, enrollUser } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { createDeviceKeys } from '../helpers/push-service';

/**
 * The worker's pushsubscriptionchange against the real server over a socket: the browser's
 * push manager is the only stand-in (it hands out the subscription the test chose).
 */
describe.each(testEngines())('the worker renews a replaced subscription on %s', (engine) => {
  let t: TestApp;
  let origin: string;
  let userId: string;
  let token: string;
  const clock = createClock(Date.parse('2026-11-22T09:00:00Z'));
  const device = (name: string) => {
    const keys = createDeviceKeys();
    const subscription = {
      endpoint: `https://fcm.googleapis.com/fcm/send/${engine}-${name}`,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
    };
    return { ...subscription, toJSON: () => ({ ...subscription, expirationTime: null }) };
  };
  const endpoints = async () =>
    (await t.db.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', userId).execute()).map(
      (row) => row.endpoint,
    );

  beforeAll(async () => {
    t = await createTestApp(engine, { PUSH_SWEEP_INTERVAL_MS: '0' }, undefined, { now: clock.now });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const email = `renew-${engine}@example.com`;
    ({ token } = await enrollUser(t.app, clock, email));
    userId = (await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t.close();
  });

  async function subscribeFromPage(subscription: ReturnType<typeof device>) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      headers: bearer(token),
      payload: subscription.toJSON(),
    });
    expect(response.statusCode, response.body).toBe(204);
  }

  it('subscribes again with the server’s key when the browser gives no new subscription, and tells the server', async () => {
    const old = device('old');
    await subscribeFromPage(old);
    const replacement = device('new');
    const keysAskedFor: Uint8Array[] = [];
    const deps: RenewDeps = {
      origin,
      fetch,
      subscribe: async (key) => {
        keysAskedFor.push(key);
        return replacement;
      },
    };
    expect(await renewSubscription(deps, old, null)).toBe(true);
    const { publicKey } = (await t.app.inject({ url: '/api/v1/push/key' })).json() as { publicKey: string };
    expect(keysAskedFor).toEqual([base64UrlToBytes(publicKey)]);
    expect(keysAskedFor[0]).toHaveLength(65);
    expect(await endpoints()).toEqual([replacement.endpoint]);
  });

  it('sends the browser’s new subscription as it is, and does nothing without the old one', async () => {
    const current = (await endpoints())[0]!;
    const given = device('given');
    const deps: RenewDeps = {
      origin,
      fetch,
      subscribe: () => Promise.reject(new Error('the browser gave a subscription: no need to subscribe')),
    };
    expect(await renewSubscription(deps, { endpoint: current }, given)).toBe(true);
    expect(await endpoints()).toEqual([given.endpoint]);
    expect(await renewSubscription(deps, null, device('orphan'))).toBe(false);
    // An endpoint the server never knew is refused: a stranger cannot take over a device.
    expect(await renewSubscription(deps, { endpoint: 'http://127.0.0.1:9/push/unknown' }, device('x'))).toBe(false);
    expect(await endpoints()).toEqual([given.endpoint]);
  });
});
