import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  notificationPageSchema,
  notificationPreferencesSchema,
  pushPayloadSchema,
  unreadCountSchema,
  type Notification,
  type NotificationType,
} from '../../src/domain/notifications';
import { buildApp } from '../../server/app';
import { parseConfig } from '../../server/config';
import { createDb } from '../../server/db/client';
import { insertCategory, insertHolding, insertProduct } from '../../server/modules/products/factory';
import { claimOutboxRows } from '../../server/modules/notifications/repository';
import { recordNotifications, sendPromotion } from '../../server/modules/notifications/service';
import { notificationText } from '../../server/i18n/notifications';
import { loadOrCreateSecrets } from '../../server/secrets';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createClock, enrollUser, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import {
  createDeviceKeys,
  decryptAes128gcm,
  startFakePushService,
  verifyVapid,
  type DeviceKeys,
  type FakePushService,
} from '../helpers/push-service';

const operator = { ip: 'operator', userAgent: 'test operator' };

/** Parameters of each type that carry `label` where a test looks for it (labelOf). */
function paramsFor(type: NotificationType, label: string): Record<string, string> {
  switch (type) {
    case 'PROPOSAL_CREATED':
      return { productName: 'Seoul Nights', title: label, endsAt: '2026-12-01T09:00:00.000Z' };
    case 'VOTE_FINISH':
    case 'AGENDA_CLOSED':
      return { productName: 'Seoul Nights', title: label, outcome: 'PASSED' };
    case 'CONTRACT_SIGNED':
      return { productName: 'Seoul Nights', reference: label };
    case 'PROMOTE':
      return { title: label, body: label };
    default:
      throw new Error(`no test parameters for ${type}`);
  }
}

const labelOf = (item: Notification) => item.params?.title ?? item.params?.reference;

describe.each(testEngines())('notifications and web push on %s', (engine) => {
  let t: TestApp;
  let push: FakePushService;
  let publicKey: string;
  let categoryId: number;
  let projectA: number;
  let projectB: number;
  const clock = createClock(Date.parse('2026-11-22T09:00:00Z'));
  let counter = 0;

  interface Investor {
    id: string;
    token: string;
  }

  async function newInvestor(): Promise<Investor> {
    const email = `notify${(counter += 1)}-${engine}@example.com`;
    const { token } = await enrollUser(t.app, clock, email);
    const row = await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return { id: row.id, token };
  }

  async function subscribe(investor: Investor, device: string, keys: DeviceKeys = createDeviceKeys()) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      headers: { ...bearer(investor.token), 'user-agent': `device ${device}` },
      payload: {
        endpoint: push.endpointFor(device),
        expirationTime: null,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      },
    });
    expect(response.statusCode, response.body).toBe(204);
    return keys;
  }

  const record = (input: Parameters<typeof recordNotifications>[2]) =>
    t.db.db.transaction().execute((trx) => recordNotifications({ now: clock.now }, trx, input));

  const inbox = async (investor: Investor, query = '') => {
    const response = await t.app.inject({ url: `/api/v1/notifications${query}`, headers: bearer(investor.token) });
    expect(response.statusCode, response.body).toBe(200);
    return notificationPageSchema.parse(response.json());
  };

  const setPreference = async (investor: Investor, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/notifications/preferences', headers: bearer(investor.token), payload });

  beforeAll(async () => {
    push = await startFakePushService();
    // Sweeps are driven by the tests here, so nothing races them.
    t = await createTestApp(
      engine,
      {
        SIGN_IN_CODES_PER_IP: '1000',
        AUTH_RATE_LIMIT_MAX: '1000',
        PUSH_SWEEP_INTERVAL_MS: '0',
        PUSH_OUTBOX_RETENTION_DAYS: '2',
        // The fake push service listens on loopback, which endpoints may otherwise never name.
        PUSH_DEV_HOSTS: '127.0.0.1',
      },
      undefined,
      { now: clock.now },
    );
    categoryId = await insertCategory(t.db.db, 'Music');
    projectA = await insertProduct(t.db.db, { categoryId, name: 'Seoul Nights royalties' });
    projectB = await insertProduct(t.db.db, { categoryId, name: 'Hanwoo herd 7' });
    const key = await t.app.inject({ url: '/api/v1/push/key' });
    expect(key.statusCode).toBe(200);
    publicKey = (key.json() as { publicKey: string }).publicKey;
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  it('serves the VAPID public key, which stays the same across restarts of the data folder', () => {
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(loadOrCreateSecrets(t.config.dataDir).vapidPublicKey).toBe(publicKey);
    const overridden = loadOrCreateSecrets(t.config.dataDir, {
      vapidPublicKey: 'X'.repeat(87),
      vapidPrivateKey: 'Y'.repeat(43),
    });
    expect(overridden.vapidPublicKey).toBe('X'.repeat(87));
  });

  it('sends each device an encrypted, VAPID-signed message with the type’s TTL, urgency and topic', async () => {
    const investor = await newInvestor();
    const phone = await subscribe(investor, `${engine}-phone`);
    const laptop = await subscribe(investor, `${engine}-laptop`);
    const recorded = await record({
      type: 'CONTRACT_SIGNED',
      productId: projectA,
      userIds: [investor.id],
      params: paramsFor('CONTRACT_SIGNED', 'Contract signed'),
    });
    expect(recorded).toMatchObject({ recipientCount: 1, pushCount: 2 });
    const before = push.received.length;

    const result = await t.app.pushSender.sweepOnce();
    expect(result).toMatchObject({ sent: 2, retried: 0, failed: 0 });
    const arrived = push.received.slice(before);
    expect(arrived.map((item) => item.device).sort()).toEqual([`${engine}-laptop`, `${engine}-phone`]);
    for (const item of arrived) {
      expect(item.headers['content-encoding']).toBe('aes128gcm');
      expect(item.headers.ttl).toBe(String(7 * 24 * 3600));
      expect(item.headers.urgency).toBe('high');
      expect(item.headers.topic).toBe(`contract-p${projectA}`);
      await verifyVapid(item.headers.authorization, publicKey, push.origin, clock.now());
      const keys = item.device.endsWith('phone') ? phone : laptop;
      const payload = pushPayloadSchema.parse(JSON.parse(decryptAes128gcm(item.body, keys)));
      expect(payload).toMatchObject({
        id: recorded.notificationIds[0],
        type: 'CONTRACT_SIGNED',
        productId: projectA,
        title: 'Contract signed',
        link: '/account/documents',
        tag: `moa-contract-p${projectA}`,
      });
      // Another device's keys cannot read it.
      expect(() => decryptAes128gcm(item.body, item.device.endsWith('phone') ? laptop : phone)).toThrow();
    }
    // Sent is sent: a second sweep sends nothing.
    expect((await t.app.pushSender.sweepOnce()).sent).toBe(0);
  });

  it('writes the same event in each reader’s language: Korean for a Korean account, English for an English one', async () => {
    const setLanguage = async (investor: Investor, language: 'en' | 'ko') => {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/users/me/language',
        headers: bearer(investor.token),
        payload: { language },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const korean = await newInvestor();
    const english = await newInvestor();
    await setLanguage(korean, 'ko');
    await setLanguage(english, 'en');
    const koreanKeys = await subscribe(korean, `${engine}-language-ko`);
    const englishKeys = await subscribe(english, `${engine}-language-en`);
    const pushedTo = (device: string, keys: DeviceKeys, from: number) =>
      push.received
        .slice(from)
        .filter((item) => item.device === device)
        .map((item) => pushPayloadSchema.parse(JSON.parse(decryptAes128gcm(item.body, keys))));

    const before = push.received.length;
    await record({
      type: 'VOTE_FINISH',
      productId: projectA,
      userIds: [korean.id, english.id],
      params: { productName: 'Seoul Nights', title: 'Press a vinyl', outcome: 'PASSED' },
    });
    expect(await t.app.pushSender.sweepOnce()).toMatchObject({ sent: 2 });
    expect(pushedTo(`${engine}-language-ko`, koreanKeys, before)).toEqual([
      expect.objectContaining({
        title: 'Seoul Nights 투표가 마감되었습니다',
        body: 'Seoul Nights의 “Press a vinyl” 투표 결과: 가결. 결과를 확인해 보세요.',
      }),
    ]);
    expect(pushedTo(`${engine}-language-en`, englishKeys, before)).toEqual([
      expect.objectContaining({
        title: 'Vote closed in Seoul Nights',
        body: '“Press a vinyl” in Seoul Nights passed. See the result.',
      }),
    ]);

    // Both inboxes carry the type and its parameters; each reader's client writes them in its
    // language from the same catalogue (the server's own rendering of it here).
    const [koreanItem] = (await inbox(korean)).notifications;
    const [englishItem] = (await inbox(english)).notifications;
    expect(koreanItem!.params).toEqual(englishItem!.params);
    expect(notificationText('ko', koreanItem!).title).toBe('Seoul Nights 투표가 마감되었습니다');
    expect(notificationText('en', englishItem!).title).toBe('Vote closed in Seoul Nights');
    // The English text stays beside them for clients that do not render parameters.
    expect(koreanItem!.title).toBe('Vote closed in Seoul Nights');

    // A push goes out in the language the account has when it is sent.
    await setLanguage(korean, 'en');
    const later = push.received.length;
    await record({
      type: 'CONTRACT_SIGNED',
      productId: projectA,
      userIds: [korean.id],
      params: { productName: 'Seoul Nights', reference: 'MOA-LANG' },
    });
    await t.app.pushSender.sweepOnce();
    expect(pushedTo(`${engine}-language-ko`, koreanKeys, later).map((item) => item.title)).toEqual(['Contract signed']);

    // A notification stored before parameters were kept is shown and pushed as it was stored.
    const [old] = await t.db.db
      .insertInto('notifications')
      .values({
        user_id: english.id,
        type: 'CONTRACT_SIGNED',
        product_id: projectA,
        title: 'Contract signed',
        body: 'Your contract for 10 SNR is signed.',
        params: null,
        link: '/account/documents',
        created_at: clock.now().toISOString(),
      })
      .returning('id')
      .execute();
    const [oldItem] = (await inbox(english)).notifications;
    expect(oldItem).toMatchObject({ id: old!.id, params: null, body: 'Your contract for 10 SNR is signed.' });
    expect(notificationText('ko', oldItem!).body).toBe('Your contract for 10 SNR is signed.');
  });

  it('answers 201, 404, 410 and 429 in turn: sent, removed, removed, retried after Retry-After', async () => {
    const investor = await newInvestor();
    const devices = ['ok', 'gone404', 'gone410', 'busy'].map((name) => `${engine}-${name}`);
    for (const device of devices) await subscribe(investor, device);
    push.queue(devices[0]!, 201);
    push.queue(devices[1]!, 404);
    push.queue(devices[2]!, 410);
    push.queue(devices[3]!, { status: 429, retryAfter: '120' }, 201);
    await record({
      type: 'VOTE_FINISH',
      productId: projectA,
      userIds: [investor.id],
      params: paramsFor('VOTE_FINISH', 'Vote finished'),
    });

    expect(await t.app.pushSender.sweepOnce()).toEqual({
      claimed: 4,
      sent: 1,
      retried: 1,
      failed: 0,
      removedSubscriptions: 2,
      refused: 0,
    });
    const stored = await t.db.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', investor.id)
      .execute();
    expect(stored.map((row) => row.endpoint).sort()).toEqual(
      [push.endpointFor(devices[3]!), push.endpointFor(devices[0]!)].sort(),
    );

    const busyCount = () => push.received.filter((item) => item.device === devices[3]).length;
    expect(busyCount()).toBe(1);
    clock.advance(60_000);
    expect((await t.app.pushSender.sweepOnce()).sent).toBe(0);
    expect(busyCount()).toBe(1);
    clock.advance(61_000);
    expect((await t.app.pushSender.sweepOnce()).sent).toBe(1);
    expect(busyCount()).toBe(2);
  });

  it('retries 5xx with growing waits and gives up after five attempts; other 4xx are not retried', async () => {
    const investor = await newInvestor();
    const flaky = `${engine}-flaky`;
    const refused = `${engine}-refused`;
    await subscribe(investor, flaky);
    await subscribe(investor, refused);
    push.queue(flaky, 500, 502, 503, 500, 500);
    push.queue(refused, 400);
    await record({
      type: 'AGENDA_CLOSED',
      productId: projectB,
      userIds: [investor.id],
      params: paramsFor('AGENDA_CLOSED', 'Agenda closed'),
    });
    const first = await t.app.pushSender.sweepOnce();
    expect(first).toMatchObject({ failed: 1, retried: 1 });
    const waits: number[] = [];
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      const row = await t.db.db
        .selectFrom('push_outbox')
        .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_outbox.subscription_id')
        .select(['push_outbox.next_attempt_at', 'push_outbox.state'])
        .where('push_subscriptions.endpoint', '=', push.endpointFor(flaky))
        .executeTakeFirstOrThrow();
      expect(row.state).toBe('PENDING');
      waits.push(Date.parse(row.next_attempt_at) - clock.ms);
      clock.set(Date.parse(row.next_attempt_at) + 1);
      await t.app.pushSender.sweepOnce();
    }
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000]);
    const last = await t.db.db
      .selectFrom('push_outbox')
      .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_outbox.subscription_id')
      .select(['push_outbox.state', 'push_outbox.attempts', 'push_outbox.last_status'])
      .where('push_subscriptions.endpoint', '=', push.endpointFor(flaky))
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({ state: 'FAILED', attempts: 5, last_status: 500 });
    expect(push.received.filter((item) => item.device === refused)).toHaveLength(1);
  });

  it('keeps the inbox newest first, in pages, with unread counts and marking read', async () => {
    const investor = await newInvestor();
    const other = await newInvestor();
    const types: NotificationType[] = [
      'PROPOSAL_CREATED',
      'VOTE_FINISH',
      'AGENDA_CLOSED',
      'CONTRACT_SIGNED',
      'PROPOSAL_CREATED',
    ];
    for (const [index, type] of types.entries()) {
      clock.advance(1000);
      await record({
        type,
        productId: projectA,
        userIds: [investor.id],
        params: paramsFor(type, `Item ${index}`),
      });
    }
    const first = await inbox(investor, '?limit=2');
    expect(first.notifications.map(labelOf)).toEqual(['Item 4', 'Item 3']);
    expect(first.unreadCount).toBe(5);
    const second = await inbox(investor, `?limit=2&before=${first.nextBefore}`);
    expect(second.notifications.map(labelOf)).toEqual(['Item 2', 'Item 1']);
    const third = await inbox(investor, `?limit=2&before=${second.nextBefore}`);
    expect(third.notifications.map(labelOf)).toEqual(['Item 0']);
    expect(third.nextBefore).toBeNull();
    expect(first.notifications[1]!.link).toBe('/account/documents');
    expect(third.notifications[0]!.link).toBe(`/governance/proposal/${projectA}`);

    const target = first.notifications[0]!.id;
    // Another investor cannot read or mark it.
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/${target}/read`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorCode(foreign)).toBe('NOT_FOUND');
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/${target}/read`,
      headers: bearer(investor.token),
    });
    expect(unreadCountSchema.parse(read.json()).unreadCount).toBe(4);
    const readAt = (await inbox(investor)).notifications[0]!.readAt;
    expect(readAt).not.toBeNull();
    clock.advance(1000);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/${target}/read`,
      headers: bearer(investor.token),
    });
    expect((await inbox(investor)).notifications[0]!.readAt).toBe(readAt);

    const all = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read-all',
      headers: bearer(investor.token),
    });
    expect(unreadCountSchema.parse(all.json()).unreadCount).toBe(0);
    const count = await t.app.inject({ url: '/api/v1/notifications/unread-count', headers: bearer(investor.token) });
    expect(count.json()).toEqual({ unreadCount: 0 });

    for (const query of ['?limit=0', '?limit=51', '?before=abc', '?before=-1']) {
      const bad = await t.app.inject({ url: `/api/v1/notifications${query}`, headers: bearer(investor.token) });
      expect(bad.statusCode, query).toBe(400);
      expect(errorCode(bad)).toBe('VALIDATION_FAILED');
    }
    expect((await t.app.inject({ url: '/api/v1/notifications' })).statusCode).toBe(401);
  });

  it('applies preferences: PROMOTE off until turned on, governance per project, a type as a whole', async () => {
    const alice = await newInvestor();
    const bob = await newInvestor();
    await insertHolding(t.db.db, {
      productId: projectA,
      userId: alice.id,
      quantity: 5,
      firstInvestedAt: clock.now().toISOString(),
    });
    await insertHolding(t.db.db, {
      productId: projectB,
      userId: alice.id,
      quantity: 5,
      firstInvestedAt: clock.now().toISOString(),
    });
    await insertHolding(t.db.db, {
      productId: projectA,
      userId: bob.id,
      quantity: 1,
      firstInvestedAt: clock.now().toISOString(),
    });

    const prefs = notificationPreferencesSchema.parse(
      (await t.app.inject({ url: '/api/v1/notifications/preferences', headers: bearer(alice.token) })).json(),
    );
    expect(prefs.types.find((item) => item.type === 'PROMOTE')?.isEnabled).toBe(false);
    // Everything but PROMOTE and the type turned off above: four governance and contract types,
    // four order notices, three balance notices, market fills.
    expect(prefs.types.filter((item) => item.isEnabled)).toHaveLength(12);
    expect(prefs.projects.map((project) => project.productId).sort()).toEqual([projectA, projectB].sort());

    // Promotions reach only those who turned them on.
    const titleOf = async (investor: Investor) => (await inbox(investor)).notifications.map(labelOf);
    await sendPromotion(
      { ...t.app.ctx, now: clock.now },
      { productId: projectB, title: 'New drop', body: 'Hanwoo herd 8 opens.' },
      operator,
    );
    expect(await titleOf(alice)).not.toContain('New drop');
    expect((await setPreference(alice, { type: 'PROMOTE', isEnabled: true })).statusCode).toBe(200);
    const promoted = await sendPromotion(
      { ...t.app.ctx, now: clock.now },
      { productId: projectB, title: 'Second drop', body: 'Now open.' },
      operator,
    );
    expect(await titleOf(alice)).toContain('Second drop');
    expect(await titleOf(bob)).not.toContain('Second drop');
    expect(promoted.recipientCount).toBe(1);

    // Alice turns votes off for project A only.
    const narrowed = await setPreference(alice, { type: 'VOTE_FINISH', productId: projectA, isEnabled: false });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    const project = notificationPreferencesSchema
      .parse(narrowed.json())
      .projects.find((item) => item.productId === projectA);
    expect(project?.types.find((item) => item.type === 'VOTE_FINISH')?.isEnabled).toBe(false);
    await record({
      type: 'VOTE_FINISH',
      productId: projectA,
      audience: 'HOLDERS',
      params: paramsFor('VOTE_FINISH', 'A vote ended'),
    });
    await record({
      type: 'VOTE_FINISH',
      productId: projectB,
      audience: 'HOLDERS',
      params: paramsFor('VOTE_FINISH', 'B vote ended'),
    });
    expect(await titleOf(alice)).not.toContain('A vote ended');
    expect(await titleOf(alice)).toContain('B vote ended');
    expect(await titleOf(bob)).toContain('A vote ended');
    expect(await titleOf(bob)).not.toContain('B vote ended');

    // The type as a whole is a master switch.
    await setPreference(alice, { type: 'AGENDA_CLOSED', isEnabled: false });
    await record({
      type: 'AGENDA_CLOSED',
      productId: projectB,
      audience: 'HOLDERS',
      params: paramsFor('AGENDA_CLOSED', 'B agenda closed'),
    });
    expect(await titleOf(alice)).not.toContain('B agenda closed');

    for (const payload of [
      { type: 'PROMOTE', productId: projectA, isEnabled: true },
      { type: 'CONTRACT_SIGNED', productId: projectA, isEnabled: false },
      { type: 'NOPE', isEnabled: true },
      { type: 'VOTE_FINISH', isEnabled: 'yes' },
      { type: 'VOTE_FINISH', isEnabled: true, extra: 1 },
    ]) {
      const refused = await setPreference(alice, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorCode(refused)).toBe('VALIDATION_FAILED');
    }
    expect((await setPreference(alice, { type: 'VOTE_FINISH', productId: 999_999, isEnabled: false })).statusCode).toBe(
      404,
    );
  });

  it('refuses bad input to recordNotifications and writes nothing when the caller rolls back', async () => {
    const investor = await newInvestor();
    await expect(
      record({
        type: 'PROMOTE',
        productId: projectA,
        userIds: [investor.id],
        audience: 'ALL',
        params: paramsFor('PROMOTE', 't'),
      }),
    ).rejects.toThrow(/either userIds or an audience/);
    await expect(
      record({
        type: 'VOTE_FINISH',
        productId: projectA,
        userIds: [investor.id],
        params: paramsFor('VOTE_FINISH', 't'),
        link: 'https://evil.example/',
      }),
    ).rejects.toThrow(/path inside the app/);
    await subscribe(investor, `${engine}-rollback`);
    await expect(
      t.db.db.transaction().execute(async (trx) => {
        await recordNotifications({ now: clock.now }, trx, {
          type: 'VOTE_FINISH',
          productId: projectA,
          userIds: [investor.id],
          params: paramsFor('VOTE_FINISH', 'Rolled back'),
        });
        throw new Error('the vote could not close');
      }),
    ).rejects.toThrow('the vote could not close');
    expect((await inbox(investor)).notifications).toHaveLength(0);
    const queued = await t.db.db.selectFrom('push_outbox').select('id').where('state', '=', 'PENDING').execute();
    expect(queued).toHaveLength(0);
  });

  it('stores devices per investor, removes one on sign-out from it, renews one the browser replaced', async () => {
    const investor = await newInvestor();
    const other = await newInvestor();
    await subscribe(investor, `${engine}-a`);
    await subscribe(investor, `${engine}-b`);
    const endpoints = async (who: Investor) =>
      (await t.db.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', who.id).execute())
        .map((row) => row.endpoint)
        .sort();
    expect(await endpoints(investor)).toHaveLength(2);

    // Someone else's DELETE changes nothing; the owner's removes only that device.
    const query = `?endpoint=${encodeURIComponent(push.endpointFor(`${engine}-a`))}`;
    await t.app.inject({ method: 'DELETE', url: `/api/v1/push/subscriptions${query}`, headers: bearer(other.token) });
    expect(await endpoints(investor)).toHaveLength(2);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/push/subscriptions${query}`,
      headers: bearer(investor.token),
    });
    expect(removed.statusCode).toBe(204);
    expect(await endpoints(investor)).toEqual([push.endpointFor(`${engine}-b`)]);

    // The same browser signed in as another investor: the device now belongs to them.
    await subscribe(other, `${engine}-b`);
    expect(await endpoints(investor)).toEqual([]);
    expect(await endpoints(other)).toEqual([push.endpointFor(`${engine}-b`)]);

    const keys = createDeviceKeys();
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions/renew',
      payload: {
        oldEndpoint: push.endpointFor(`${engine}-b`),
        subscription: { endpoint: push.endpointFor(`${engine}-b2`), keys: { p256dh: keys.p256dh, auth: keys.auth } },
      },
    });
    expect(renewed.statusCode, renewed.body).toBe(204);
    expect(await endpoints(other)).toEqual([push.endpointFor(`${engine}-b2`)]);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions/renew',
      payload: {
        oldEndpoint: push.endpointFor('never'),
        subscription: { endpoint: push.endpointFor('x'), keys: { p256dh: keys.p256dh, auth: keys.auth } },
      },
    });
    expect(unknown.statusCode).toBe(404);

    for (const endpoint of ['ftp://127.0.0.1/x', 'not a url']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/v1/push/subscriptions',
        headers: bearer(investor.token),
        payload: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
      });
      expect(refused.statusCode, endpoint).toBe(400);
      expect(errorCode(refused)).toBe('VALIDATION_FAILED');
    }
    // Plain http is for the dev hosts alone (tests/server/push-endpoints.test.ts has the whole rule).
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      headers: bearer(investor.token),
      payload: { endpoint: 'http://push.example.com/x', keys: { p256dh: keys.p256dh, auth: keys.auth } },
    });
    expect(plain.statusCode).toBe(422);
    expect(errorCode(plain)).toBe('PUSH_ENDPOINT_REFUSED');
    // Signing out everywhere (a lost phone) forgets every device of the account.
    await subscribe(investor, `${engine}-c`);
    expect(await endpoints(investor)).toHaveLength(1);
    const everywhere = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/logout/all',
      headers: bearer(investor.token),
    });
    expect(everywhere.statusCode).toBe(204);
    expect(await endpoints(investor)).toEqual([]);
    const noAuth = await t.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      payload: { endpoint: push.endpointFor('z'), keys: { p256dh: keys.p256dh, auth: keys.auth } },
    });
    expect(noAuth.statusCode).toBe(401);
  });

  it('prunes settled outbox rows past the retention, never a pending or claimed one, each once', async () => {
    const DAY = 24 * 60 * 60_000;
    const sender = await newInvestor();
    const waiter = await newInvestor();
    const holder = await newInvestor();
    const ok = `${engine}-prune-ok`;
    const refused = `${engine}-prune-refused`;
    await subscribe(sender, ok);
    await subscribe(sender, refused);
    push.queue(ok, 201);
    push.queue(refused, 400);
    const settled = await record({
      type: 'CONTRACT_SIGNED',
      productId: projectA,
      userIds: [sender.id],
      params: paramsFor('CONTRACT_SIGNED', 'Kept for the record'),
    });
    expect(await t.app.pushSender.sweepOnce()).toMatchObject({ sent: 1, failed: 1 });
    const outboxOf = async (notificationIds: number[]) =>
      (
        await t.db.db
          .selectFrom('push_outbox')
          .select('state')
          .where('notification_id', 'in', notificationIds)
          .execute()
      )
        .map((row) => row.state)
        .sort();
    expect(await outboxOf(settled.notificationIds)).toEqual(['FAILED', 'SENT']);

    // A message not sent yet (no sweep ran since) and one a sweep holds right now.
    await subscribe(waiter, `${engine}-prune-waiting`);
    await subscribe(holder, `${engine}-prune-held`);
    const waiting = await record({
      type: 'VOTE_FINISH',
      productId: projectA,
      userIds: [waiter.id],
      params: paramsFor('VOTE_FINISH', 'Not sent yet'),
    });
    const held = await record({
      type: 'VOTE_FINISH',
      productId: projectA,
      userIds: [holder.id],
      params: paramsFor('VOTE_FINISH', 'Being sent'),
    });
    const heldRows = await t.db.db
      .selectFrom('push_outbox')
      .select('id')
      .where('notification_id', 'in', held.notificationIds)
      .execute();
    await claimOutboxRows(
      t.db.db,
      'push_outbox',
      heldRows.map((row) => row.id),
      {
        claimId: 'a-sweep-in-flight',
        now: clock.now().toISOString(),
        until: new Date(clock.ms + 60_000).toISOString(),
      },
    );

    // Within the retention (two days here) nothing goes.
    const start = clock.ms;
    clock.advance(DAY);
    await t.app.pushSender.pruneOnce();
    expect(await outboxOf(settled.notificationIds)).toEqual(['FAILED', 'SENT']);

    clock.advance(2 * DAY);
    const eligible = await t.db.db
      .selectFrom('push_outbox')
      .select('id')
      .where('state', 'in', ['SENT', 'FAILED'])
      .where('next_attempt_at', '<', new Date(clock.ms - 2 * DAY).toISOString())
      .execute();
    expect(eligible.length).toBeGreaterThanOrEqual(2);
    // Two prunes at once (as two processes would run them) delete each row exactly once.
    const deleted = await Promise.all([t.app.pushSender.pruneOnce(), t.app.pushSender.pruneOnce()]);
    expect(deleted[0] + deleted[1]).toBe(eligible.length);
    expect(await outboxOf(settled.notificationIds)).toEqual([]);
    expect(await outboxOf(waiting.notificationIds)).toEqual(['PENDING']);
    expect(await outboxOf(held.notificationIds)).toEqual(['SENDING']);
    // The inbox keeps the notification itself.
    const kept = await t.db.db
      .selectFrom('notifications')
      .select('params')
      .where('id', 'in', settled.notificationIds)
      .execute();
    expect(kept.map((row) => JSON.parse(row.params!) as Record<string, string>)).toMatchObject([
      { reference: 'Kept for the record' },
    ]);

    // The waiting message, and the claimed one once its lease ran out, are sent as ever; a row
    // settled now is pruned only after its retention. (Back near the start: web-push refuses a
    // VAPID expiry more than a day ahead of the machine's clock.)
    clock.set(start + 2 * 60_000);
    expect(await t.app.pushSender.sweepOnce()).toMatchObject({ sent: 2 });
    expect(await t.app.pushSender.pruneOnce()).toBe(0);
    expect(await outboxOf([...waiting.notificationIds, ...held.notificationIds])).toEqual(['SENT', 'SENT']);
  });

  it.runIf(engine === 'postgres')(
    'two API processes sweeping one outbox never send a message twice',
    async () => {
      const second = createDb({ url: inject('postgresUrl')!, dataDir: tmpdir(), schema: t.db.schema, poolSize: 4 });
      const config = parseConfig({
        NODE_ENV: 'test',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'moa-data-')),
        SERVE_CLIENT: 'false',
        LOG_LEVEL: 'silent',
        PUSH_SWEEP_INTERVAL_MS: '0',
        PUSH_DEV_HOSTS: '127.0.0.1',
      });
      const other = await buildApp({
        config,
        secrets: loadOrCreateSecrets(config.dataDir),
        db: second,
        logger: false,
        now: clock.now,
      });
      await other.ready();
      try {
        const investors: Investor[] = [];
        for (let index = 0; index < 12; index += 1) investors.push(await newInvestor());
        for (const [index, investor] of investors.entries()) {
          await subscribe(investor, `${engine}-race-${index}-1`);
          await subscribe(investor, `${engine}-race-${index}-2`);
        }
        const before = push.received.length;
        for (let round = 0; round < 5; round += 1) {
          await record({
            type: 'PROPOSAL_CREATED',
            productId: projectA,
            userIds: investors.map((item) => item.id),
            params: paramsFor('PROPOSAL_CREATED', `Race ${round}`),
          });
        }
        const expected = 12 * 2 * 5;
        // Both processes sweep at once, again and again, until the outbox is empty.
        let sent = 0;
        for (let round = 0; round < 20 && sent < expected; round += 1) {
          const results = await Promise.all([
            t.app.pushSender.sweepOnce(),
            other.pushSender.sweepOnce(),
            t.app.pushSender.sweepOnce(),
            other.pushSender.sweepOnce(),
          ]);
          sent += results.reduce((sum, result) => sum + result.sent, 0);
        }
        expect(sent).toBe(expected);
        expect(push.received.slice(before)).toHaveLength(expected);
        const perDevice = new Map<string, number>();
        for (const item of push.received.slice(before))
          perDevice.set(item.device, (perDevice.get(item.device) ?? 0) + 1);
        expect([...perDevice.values()].every((count) => count === 5)).toBe(true);
        expect(perDevice.size).toBe(24);
        const states = await t.db.db.selectFrom('push_outbox').select('state').where('state', '!=', 'SENT').execute();
        expect(states.filter((row) => row.state === 'PENDING' || row.state === 'SENDING')).toHaveLength(0);
      } finally {
        await other.close();
        await second.close();
      }
      // Twelve sign-ups and 120 messages: more than the default time on a busy machine.
    },
    60_000,
  );
});
