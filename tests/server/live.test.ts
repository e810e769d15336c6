import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parseLiveEvent } from '../../src/domain/live';
import { buildApp } from '../../server/app';
import { parseConfig } from '../../server/config';
import { createDb, type DbHandle } from '../../server/db/client';
import { distributeRevenue } from '../../server/modules/account/distributions';
import { insertLiveEvents, liveEventIdRange } from '../../server/modules/live/repository';
import { LIVE_BROADCAST, recordLiveEvents } from '../../server/modules/live/service';
import { operatorAction } from '../../server/modules/orders/service';
import { allowProductForUser } from '../../server/modules/products/service';
import { banUser } from '../../server/modules/users/service';
import { loadOrCreateSecrets } from '../../server/secrets';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/auth';
import { createTestDb, testEngines, type TestDb } from '../helpers/db';
import { isChange, openLiveStream, type LiveReader } from '../helpers/live';
import { createInvestor, createSaleProduct, newSession, orderOk, signOrder, type Investor } from '../helpers/orders';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const OPERATOR = { ip: 'operator', userAgent: 'test operator' };
const ENV = { RATE_LIMIT_MAX: '1000000', ORDER_EXPIRY_SWEEP_SECONDS: '0', PUSH_SWEEP_INTERVAL_MS: '0' };

const changeOf = async (stream: LiveReader, timeoutMs?: number) => {
  const frame = await stream.next(isChange, timeoutMs);
  return { ...parseLiveEvent(frame.data)!, id: frame.id };
};

describe.each(testEngines())('live updates on %s', (engine) => {
  let t: TestApp;
  let closed = false;
  const clock = createClock(Date.parse('2026-11-25T09:00:00.000Z'));
  let mina: Investor;
  let jun: Investor;
  let seq = 0;
  const streams: LiveReader[] = [];
  const open = async (investor: Investor, headers: Record<string, string> = {}) => {
    const stream = await openLiveStream(t.app, investor.token, headers);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    t = await createTestApp(engine, ENV, undefined, { now: clock.now });
    mina = await createInvestor(t.app, `live${(seq += 1)}@example.com`);
    jun = await createInvestor(t.app, `live${(seq += 1)}@example.com`);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    if (!closed) await t.close();
  });

  it('refuses a caller without a session, in the catalogue shape', async () => {
    const answer = await t.app.inject({ url: '/api/v1/events' });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ errors: [{ code: 'UNAUTHORIZED' }] });
  });

  it('opens with ready, private and unbuffered, with the security headers', async () => {
    const stream = await open(mina);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('private, no-store');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    const ready = await stream.next();
    expect(ready.event).toBe('ready');
    expect(ready.id).toMatch(/^\d+$/);
    stream.close();
  });

  it('tells the investor, and only them, when an operator confirms their payment', async () => {
    const minaStream = await open(mina);
    const junStream = await open(jun);
    await minaStream.next((frame) => frame.event === 'ready');
    await junStream.next((frame) => frame.event === 'ready');
    const { productId, accountMethodId } = await createSaleProduct(t.app);
    const order = await orderOk(t.app, mina, productId, { quantity: 2, payMethodId: accountMethodId });
    const signed = await signOrder(t.app, mina, order);
    expect(signed.statusCode, signed.body).toBe(200);
    const declared = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/manual',
      headers: mina.headers,
      payload: { orderId: order.id, payerName: 'Kim Mina' },
    });
    expect(declared.statusCode, declared.body).toBe(200);

    await operatorAction(t.app.ctx, order.reference, 'CONFIRM_PAYMENT', 'operator', null, OPERATOR);
    const seen = new Set<string>();
    while (!seen.has('holding')) {
      const change = await changeOf(minaStream);
      seen.add(change.type);
      if (change.type !== 'notification') expect(change.productId).toBe(productId);
      if (change.type === 'order') expect(change.ref).toBe(order.id);
    }
    expect(seen.has('order')).toBe(true);

    // Jun hears about his own change, and nothing of Mina's before it.
    const restricted = await createSaleProduct(t.app, { isRestricted: true });
    await allowProductForUser(t.app.ctx, restricted.productId, jun.userId, 'operator', OPERATOR);
    const first = await changeOf(junStream);
    expect(first).toMatchObject({ type: 'whitelist', productId: restricted.productId });
    minaStream.close();
    junStream.close();
  });

  it('tells every holder of a distribution their payout', async () => {
    const stream = await open(mina);
    await stream.next((frame) => frame.event === 'ready');
    const { productId, accountMethodId } = await createSaleProduct(t.app);
    const order = await orderOk(t.app, mina, productId, { quantity: 1, payMethodId: accountMethodId });
    expect((await signOrder(t.app, mina, order)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/manual',
      headers: mina.headers,
      payload: { orderId: order.id, payerName: 'Kim Mina' },
    });
    await operatorAction(t.app.ctx, order.reference, 'CONFIRM_PAYMENT', 'operator', null, OPERATOR);
    await distributeRevenue(t.app.ctx.db, {
      productId,
      amount: 12_345,
      recordDate: clock.now().toISOString().slice(0, 10),
      memo: null,
      currency: 'USD',
      createdBy: 'operator',
      now: clock.now(),
    });
    await stream.next((frame) => isChange(frame) && parseLiveEvent(frame.data)?.type === 'payout');
    stream.close();
  });

  it('replays what a reconnecting app missed after its last event id, and resets when it cannot', async () => {
    const first = await open(mina);
    const ready = await first.next((frame) => frame.event === 'ready');
    first.close();
    const restricted = await createSaleProduct(t.app, { isRestricted: true });
    await allowProductForUser(t.app.ctx, restricted.productId, mina.userId, 'operator', OPERATOR);
    await allowProductForUser(t.app.ctx, restricted.productId, jun.userId, 'operator', OPERATOR);

    const again = await open(mina, { 'last-event-id': ready.id! });
    const replayed = await changeOf(again);
    expect(replayed).toMatchObject({ type: 'whitelist', productId: restricted.productId });
    const next = await again.next();
    expect(next.event).toBe('ready');
    expect(Number(next.id)).toBeGreaterThanOrEqual(Number(ready.id));
    again.close();

    const unknown = await open(mina, { 'last-event-id': String(Number(next.id) + 1_000_000) });
    expect((await unknown.next()).event).toBe('reset');
    unknown.close();
  });

  it('gives a page a mark past every change committed before it asked, whoever wrote it', async () => {
    const before = await t.app.liveHub.mark();
    // Written as another process writes (an operator's command): to the database, nobody woken.
    await t.db.db
      .transaction()
      .execute((trx) => recordLiveEvents(trx, clock.now().toISOString(), [{ userId: mina.userId, type: 'vote' }]));
    const { max } = await liveEventIdRange(t.db.db);
    expect(max).toBeGreaterThan(before);
    // A page read after this mark reflects that change: its stream must not be told it again.
    expect(await t.app.liveHub.mark()).toBe(max);
  });

  it('ends the stream when its session signs out, and every stream of a banned investor', async () => {
    const stream = await open(mina);
    await stream.next((frame) => frame.event === 'ready');
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: mina.headers });
    expect(out.statusCode, out.body).toBe(204);
    await expect(stream.ended).resolves.toBeUndefined();

    const banned = await createInvestor(t.app, `live${(seq += 1)}@example.com`);
    const one = await open(banned);
    const other = await open(await newSession(t.app, banned.userId, banned.email));
    await one.next((frame) => frame.event === 'ready');
    await other.next((frame) => frame.event === 'ready');
    await banUser(t.app.ctx, banned.userId, 'test', OPERATOR);
    await Promise.all([one.ended, other.ended]);
    expect(t.app.liveHub.size()).toBe(0);
  });

  it('ends open streams when the app closes, so the close is not held by them', async () => {
    const stream = await open(jun);
    await stream.next((frame) => frame.event === 'ready');
    closed = true;
    const closing = t.close();
    await expect(stream.ended).resolves.toBeUndefined();
    await closing;
  });
});

describe.each(testEngines())('a reconnecting app on %s, when this process has not read the events yet', (engine) => {
  let t: TestApp;
  const streams: LiveReader[] = [];

  beforeAll(async () => {
    // The hub reads only when woken: the test decides when it catches up.
    t = await createTestApp(engine, ENV, undefined, { livePollMs: 3_600_000 });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  it('gets each missed change once: the replay gives it, the hub catching up later does not again', async () => {
    const mina = await createInvestor(t.app, 'lagging@example.com');
    const first = await openLiveStream(t.app, mina.token);
    streams.push(first);
    const ready = await first.next((frame) => frame.event === 'ready');
    first.close();

    // Written as another process writes (an operator's command): to the database, nobody woken.
    const { productId } = await createSaleProduct(t.app, {});
    const write = (rows: Array<{ user_id: string; type: string; ref?: string }>) =>
      insertLiveEvents(
        t.db.db,
        rows.map((row) => ({ product_id: productId, ref: null, created_at: new Date().toISOString(), ...row })),
      );
    await write([
      { user_id: mina.userId, type: 'vote' },
      { user_id: LIVE_BROADCAST, type: 'market' },
      { user_id: mina.userId, type: 'holding' },
    ]);

    const again = await openLiveStream(t.app, mina.token, { 'last-event-id': ready.id! });
    streams.push(again);
    await again.next((frame) => frame.event === 'ready');
    // The hub now reads those three (as a NOTIFY or its poll would make it), then a fourth.
    await t.app.liveHub.mark();
    await write([{ user_id: mina.userId, type: 'notification', ref: 'after' }]);
    await t.app.liveHub.mark();

    await again.next((frame) => isChange(frame) && parseLiveEvent(frame.data)?.ref === 'after');
    const told = again.frames.map((frame) => (isChange(frame) ? parseLiveEvent(frame.data)!.type : frame.event));
    expect(told).toEqual(['vote', 'market', 'holding', 'ready', 'notification']);
  });
});

describe.runIf(testEngines().includes('postgres'))('live updates across API processes on PostgreSQL', () => {
  let db: TestDb;
  let second: DbHandle;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    db = await createTestDb('postgres');
    second = createDb({ url: inject('postgresUrl')!, dataDir: tmpdir(), schema: db.schema, poolSize: 2 });
    const config = parseConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'moa-data-')),
      SERVE_CLIENT: 'false',
      LOG_LEVEL: 'silent',
      ...ENV,
    });
    const secrets = loadOrCreateSecrets(config.dataDir);
    for (const handle of [db, second]) {
      // No polling: only NOTIFY can wake the other process's hub.
      const app = await buildApp({ config, secrets, db: handle, logger: false, livePollMs: 3_600_000 });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await db?.destroy();
  });

  it('an event caused through one process reaches a stream open on another, woken by NOTIFY', async () => {
    const [one, two] = apps as [FastifyInstance, FastifyInstance];
    const investor = await createInvestor(one, 'across@example.com');
    const stream = await openLiveStream(two, investor.token);
    await stream.next((frame) => frame.event === 'ready');
    const { productId } = await createSaleProduct(one, { isRestricted: true });
    await allowProductForUser(one.ctx, productId, investor.userId, 'operator', OPERATOR);
    const change = await changeOf(stream, 20_000);
    expect(change).toMatchObject({ type: 'whitelist', productId });
    stream.close();
  });
});
