import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordNotifications } from '../../server/modules/notifications/service';
import { koreanErrorMessages } from '../../server/i18n/errors';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createClock, enrollUser, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import {
  ACCEPTED_ENDPOINTS,
  createDeviceKeys,
  REFUSED_ENDPOINTS,
  startFakePushService,
  type FakePushService,
} from '../helpers/push-service';

/** A listener on loopback that counts every connection, and hangs up on each without a word. */
async function startSilentListener() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    get connections() {
      return connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Push endpoints are the one place where an account makes the server connect to an address of
 * its choosing. Only https on port 443 of a public host name is subscribed, and the sender
 * connects only to public addresses, whatever the database holds and whatever a name resolves to.
 */
describe.each(testEngines())('push endpoints never reach internal addresses on %s', (engine) => {
  const clock = createClock(Date.parse('2026-11-25T09:00:00Z'));
  let counter = 0;

  async function newInvestor(t: TestApp) {
    const email = `ssrf${(counter += 1)}-${engine}@example.com`;
    const { token } = await enrollUser(t.app, clock, email);
    const row = await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return { id: row.id, token };
  }

  const keys = createDeviceKeys();
  const subscription = (endpoint: string) => ({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });

  describe('in production settings (no dev hosts)', () => {
    let t: TestApp;
    let listener: Awaited<ReturnType<typeof startSilentListener>>;
    const asked: string[] = [];

    beforeAll(async () => {
      listener = await startSilentListener();
      t = await createTestApp(
        engine,
        { SIGN_IN_CODES_PER_IP: '1000', AUTH_RATE_LIMIT_MAX: '1000', PUSH_SWEEP_INTERVAL_MS: '0' },
        undefined,
        {
          now: clock.now,
          // Public-looking names whose DNS answers an internal address, as a rebinding attacker's would.
          resolvePushHost: async (hostname) => {
            asked.push(hostname);
            const table: Record<string, Array<{ address: string; family: number }>> = {
              'loopback.push-rebind.net': [{ address: '127.0.0.1', family: 4 }],
              'metadata.push-rebind.net': [{ address: '169.254.169.254', family: 4 }],
              'private.push-rebind.net': [
                { address: '142.250.196.10', family: 4 },
                { address: '10.0.0.1', family: 4 },
              ],
              'ula.push-rebind.net': [{ address: 'fd00::1', family: 6 }],
            };
            const found = table[hostname];
            if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
            return found;
          },
        },
      );
    });
    afterAll(async () => {
      await t.close();
      await listener.close();
    });

    it('refuses to subscribe any internal address or name, in the catalogue shape and in Korean', async () => {
      const investor = await newInvestor(t);
      const refusable = [
        ...REFUSED_ENDPOINTS.filter((endpoint) => /^https?:\/\//.test(endpoint)),
        `https://127.0.0.1:${listener.port}/push`,
        `http://127.0.0.1:${listener.port}/push`,
        `http://localhost:${listener.port}/push`,
      ];
      for (const endpoint of refusable) {
        const refused = await t.app.inject({
          method: 'POST',
          url: '/api/v1/push/subscriptions',
          headers: bearer(investor.token),
          payload: subscription(endpoint),
        });
        // Not a URL at all is the schema's refusal; every URL is the endpoint rule's.
        const isUrl = URL.canParse(endpoint);
        expect(refused.statusCode, endpoint).toBe(isUrl ? 422 : 400);
        expect(errorCode(refused), endpoint).toBe(isUrl ? 'PUSH_ENDPOINT_REFUSED' : 'VALIDATION_FAILED');
      }
      const korean = await t.app.inject({
        method: 'POST',
        url: '/api/v1/push/subscriptions',
        headers: { ...bearer(investor.token), 'accept-language': 'ko' },
        payload: subscription('https://169.254.169.254/latest/meta-data/'),
      });
      expect(korean.json()).toEqual({
        errors: [{ code: 'PUSH_ENDPOINT_REFUSED', message: koreanErrorMessages.PUSH_ENDPOINT_REFUSED }],
      });
      const stored = await t.db.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', investor.id)
        .execute();
      expect(stored).toEqual([]);
    });

    it('subscribes real push services without resolving anything, and renews only to one', async () => {
      const investor = await newInvestor(t);
      const before = asked.length;
      for (const endpoint of ACCEPTED_ENDPOINTS) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/push/subscriptions',
          headers: bearer(investor.token),
          payload: subscription(`${endpoint}-${engine}`),
        });
        expect(response.statusCode, endpoint).toBe(204);
      }
      expect(asked.length).toBe(before);
      // The worker's renewal (no session) is held to the same rule.
      const renewal = await t.app.inject({
        method: 'POST',
        url: '/api/v1/push/subscriptions/renew',
        payload: {
          oldEndpoint: `${ACCEPTED_ENDPOINTS[0]}-${engine}`,
          subscription: subscription('https://0x7f000001/push'),
        },
      });
      expect(renewal.statusCode).toBe(422);
      expect(errorCode(renewal)).toBe('PUSH_ENDPOINT_REFUSED');
    });

    it('sends nothing to a stored internal endpoint or a name resolving inside: the listener sees no connection', async () => {
      const investor = await newInvestor(t);
      const port = listener.port;
      // Rows as they could have been stored before the rule, or written by hand: the sender holds them to it.
      const stored = [
        `https://127.0.0.1:${port}/push/a`,
        `http://127.0.0.1:${port}/push/b`,
        `https://0x7f000001:${port}/push/c`,
        `https://2130706433:${port}/push/d`,
        `https://localhost:${port}/push/e`,
        `http://localhost:${port}/push/f`,
        `https://[::ffff:127.0.0.1]:${port}/push/g`,
        `https://169.254.169.254/latest/meta-data/`,
      ];
      // These pass the endpoint rule: only the lookup at connection time keeps them out.
      const rebinding = [
        'https://loopback.push-rebind.net/push/h',
        'https://metadata.push-rebind.net/push/i',
        'https://private.push-rebind.net/push/j',
        'https://ula.push-rebind.net/push/k',
      ];
      const now = clock.now().toISOString();
      for (const endpoint of [...stored, ...rebinding]) {
        await t.db.db
          .insertInto('push_subscriptions')
          .values({
            id: randomUUID(),
            user_id: investor.id,
            endpoint,
            p256dh: keys.p256dh,
            auth: keys.auth,
            user_agent: 'stored by hand',
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      await t.db.db.transaction().execute((trx) =>
        recordNotifications({ now: clock.now }, trx, {
          type: 'CONTRACT_SIGNED',
          productId: null,
          userIds: [investor.id],
          params: { productName: 'Seoul Nights', reference: 'Contract signed' },
        }),
      );
      const askedBefore = asked.length;
      const result = await t.app.pushSender.sweepOnce();
      expect(listener.connections).toBe(0);
      expect(result).toMatchObject({ claimed: stored.length + rebinding.length, sent: 0, refused: 12 });
      // Each rebinding name was looked up once, at connection time, and refused there.
      expect(asked.slice(askedBefore).sort()).toEqual(rebinding.map((endpoint) => new URL(endpoint).hostname).sort());
      // The subscriptions are gone with their messages: no retry will ever try them again.
      const left = await t.db.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', investor.id)
        .execute();
      expect(left).toEqual([]);
      clock.advance(60 * 60_000);
      expect((await t.app.pushSender.sweepOnce()).claimed).toBe(0);
      expect(listener.connections).toBe(0);
    });

    it('keeps ten subscriptions per account, replacing the one renewed longest ago, even when subscribing at once', async () => {
      const investor = await newInvestor(t);
      const endpoint = (index: number) => `https://fcm.googleapis.com/fcm/send/cap-${engine}-${index}`;
      const subscribe = (index: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/push/subscriptions',
          headers: bearer(investor.token),
          payload: subscription(endpoint(index)),
        });
      const endpoints = async () =>
        (await t.db.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', investor.id).execute())
          .map((row) => row.endpoint)
          .sort();
      for (let index = 0; index < 12; index += 1) {
        clock.advance(1000);
        expect((await subscribe(index)).statusCode).toBe(204);
      }
      const newestTen = Array.from({ length: 10 }, (_, index) => endpoint(index + 2)).sort();
      expect(await endpoints()).toEqual(newestTen);
      // Subscribing again renews a device: then the next one replaces the device after it.
      clock.advance(1000);
      await subscribe(2);
      clock.advance(1000);
      await subscribe(12);
      expect(await endpoints()).toEqual([...newestTen.filter((item) => item !== endpoint(3)), endpoint(12)].sort());

      const racer = await newInvestor(t);
      const racing = await Promise.all(
        Array.from({ length: 16 }, (_, index) =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/push/subscriptions',
            headers: bearer(racer.token),
            payload: subscription(`https://fcm.googleapis.com/fcm/send/race-${engine}-${index}`),
          }),
        ),
      );
      expect(racing.map((response) => response.statusCode)).toEqual(Array(16).fill(204));
      const kept = await t.db.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', racer.id)
        .execute();
      expect(kept).toHaveLength(10);
    });
  });

  describe('with a push service of our own (PUSH_DEV_HOSTS)', () => {
    let t: TestApp;
    let silent: Awaited<ReturnType<typeof startSilentListener>>;
    let push: FakePushService;

    beforeAll(async () => {
      silent = await startSilentListener();
      push = await startFakePushService();
      t = await createTestApp(
        engine,
        {
          SIGN_IN_CODES_PER_IP: '1000',
          AUTH_RATE_LIMIT_MAX: '1000',
          PUSH_SWEEP_INTERVAL_MS: '0',
          PUSH_DEV_HOSTS: '127.0.0.1',
        },
        undefined,
        { now: clock.now },
      );
    });
    afterAll(async () => {
      await t.close();
      await silent.close();
      await push.close();
    });

    it('gives up a push service that never answers after ten attempts in a row, over all its messages', async () => {
      const investor = await newInvestor(t);
      const silentEndpoint = `http://127.0.0.1:${silent.port}/push/never-answers-${engine}`;
      const liveEndpoint = push.endpointFor(`answers-${engine}`);
      for (const endpoint of [silentEndpoint, liveEndpoint]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/push/subscriptions',
          headers: bearer(investor.token),
          payload: subscription(endpoint),
        });
        expect(response.statusCode, response.body).toBe(204);
      }
      const failuresOf = async (endpoint: string) =>
        (
          await t.db.db
            .selectFrom('push_subscriptions')
            .select('failed_attempts')
            .where('endpoint', '=', endpoint)
            .executeTakeFirst()
        )?.failed_attempts;
      // The device that answers had failed before: a delivery clears its count.
      await t.db.db
        .updateTable('push_subscriptions')
        .set({ failed_attempts: 9 })
        .where('endpoint', '=', liveEndpoint)
        .execute();

      // Four messages, each allowed five attempts: twenty connections, were it not for the endpoint's bound.
      for (let index = 0; index < 4; index += 1) {
        await t.db.db.transaction().execute((trx) =>
          recordNotifications({ now: clock.now }, trx, {
            type: 'CONTRACT_SIGNED',
            productId: null,
            userIds: [investor.id],
            params: { productName: 'Seoul Nights', reference: `Contract ${index}` },
          }),
        );
      }
      for (let sweep = 0; sweep < 12; sweep += 1) {
        await t.app.pushSender.sweepOnce();
        clock.advance(10 * 60_000);
      }
      expect(await failuresOf(silentEndpoint)).toBeUndefined();
      // The sweep that reached ten may have had the endpoint's other messages in flight already.
      expect(silent.connections).toBeGreaterThanOrEqual(10);
      expect(silent.connections).toBeLessThan(10 + 4);
      expect(await failuresOf(liveEndpoint)).toBe(0);
      expect(push.received.filter((item) => item.device === `answers-${engine}`)).toHaveLength(4);
      const queued = await t.db.db
        .selectFrom('push_outbox')
        .select('state')
        .where('state', 'in', ['PENDING', 'SENDING'])
        .execute();
      expect(queued).toEqual([]);
    });

    it('never sends a message more than five times, even when sweeps died holding it', async () => {
      const investor = await newInvestor(t);
      const endpoint = `http://127.0.0.1:${silent.port}/push/crashed-${engine}`;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/push/subscriptions',
        headers: bearer(investor.token),
        payload: subscription(endpoint),
      });
      expect(response.statusCode).toBe(204);
      const recorded = await t.db.db.transaction().execute((trx) =>
        recordNotifications({ now: clock.now }, trx, {
          type: 'CONTRACT_SIGNED',
          productId: null,
          userIds: [investor.id],
          params: { productName: 'Seoul Nights', reference: 'Contract' },
        }),
      );
      // Five sweeps claimed it and died before settling it; the last lease has run out.
      await t.db.db
        .updateTable('push_outbox')
        .set({
          state: 'SENDING',
          attempts: 5,
          claim_id: randomUUID(),
          claimed_until: new Date(clock.ms - 1000).toISOString(),
        })
        .where('notification_id', 'in', recorded.notificationIds)
        .execute();
      const before = silent.connections;
      expect(await t.app.pushSender.sweepOnce()).toMatchObject({ claimed: 1, failed: 1 });
      expect(silent.connections).toBe(before);
      const row = await t.db.db
        .selectFrom('push_outbox')
        .select(['state', 'attempts'])
        .where('notification_id', 'in', recorded.notificationIds)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ state: 'FAILED', attempts: 6 });
    });
  });
});
