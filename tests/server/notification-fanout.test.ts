import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ballotItemSchema } from '../../src/domain/governance';
import { allocateProRata } from '../../server/modules/account/allocation';
import { distributeRevenue, distributionShares } from '../../server/modules/account/distributions';
import { createNotificationFanout } from '../../server/modules/notifications/fanout';
import { createPushSender } from '../../server/modules/notifications/push-sender';
import { upsertPreference } from '../../server/modules/notifications/repository';
import { appendHoldingEntry, ledgerBalancesAt } from '../../server/modules/holdings/repository';
import { insertCategory, insertProduct } from '../../server/modules/products/factory';
import { insertUser } from '../../server/modules/users/records-repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { recordLiveEvents } from '../../server/modules/live/service';
import { createInvestor, type Investor } from '../helpers/investors';
import { createDeviceKeys } from '../helpers/push-service';

/**
 * A proposal's notifications reach its holders through the fan-out outbox
 * (docs/decisions/1814-notifications-fan-out-in-batches.md): the request writes one row, and
 * the job writes every holder exactly once, in batches, whatever runs beside it or dies in the
 * middle. The sizes are small; the bench measures the large ones.
 */
describe.each(testEngines())('notification fan-out on %s', (engine) => {
  let t: TestApp;
  // Near the real time: web-push refuses a VAPID expiry more than a day from the system's clock.
  const clock = createClock(Date.now());
  const iso = () => clock.now().toISOString();
  const silent = { warn: () => {}, info: () => {}, error: () => {} } as never;
  let seq = 0;
  let author: Investor;
  const HOLDERS = 23;
  const LEASE_MS = 60_000;

  const runner = (batchSize = 4) =>
    createNotificationFanout({ db: t.db.db, now: clock.now, log: silent, batchSize, leaseMs: LEASE_MS });

  async function project(name: string): Promise<number> {
    const categoryId = await insertCategory(t.db.db, `Fan-out ${name}`);
    return insertProduct(t.db.db, {
      categoryId,
      name,
      isGovernance: true,
      communitySections: [{ type: 'PROPOSAL', viewType: 'INVESTOR' }],
    });
  }

  const hold = (productId: number, userId: string, quantity: number) =>
    appendHoldingEntry(t.db.db, {
      productId,
      userId,
      quantity,
      reason: 'DISTRIBUTION',
      orderId: null,
      note: 'test holding',
      at: clock.now().toISOString(),
    });

  /** A project held by the author and HOLDERS more, each of them with one subscribed device. */
  async function heldProject(
    name: string,
    device: { endpointFor: (userId: string) => string; p256dh: string; auth: string } = {
      endpointFor: (userId) => `https://push.example.com/send/${userId}`,
      p256dh: 'key',
      auth: 'auth',
    },
  ): Promise<{ productId: number; holders: string[] }> {
    const productId = await project(name);
    await hold(productId, author.userId, 100);
    const holders = [author.userId];
    for (let index = 0; index < HOLDERS; index += 1) {
      const userId = await insertUser(t.db.db, { email: `fan${(seq += 1)}@example.com`, name: null }, iso());
      await hold(productId, userId, 1 + (index % 5));
      await t.db.db
        .insertInto('push_subscriptions')
        .values({
          id: randomUUID(),
          user_id: userId,
          endpoint: device.endpointFor(userId),
          p256dh: device.p256dh,
          auth: device.auth,
          user_agent: 'test',
          created_at: iso(),
          updated_at: iso(),
        })
        .execute();
      holders.push(userId);
    }
    return { productId, holders: holders.sort() };
  }

  const propose = async (productId: number, title: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/governance/${productId}/proposals`,
      headers: author.headers,
      payload: {
        title,
        body: 'Shall we?',
        options: ['Yes', 'No'],
        endsAt: new Date(clock.ms + 2 * 3_600_000).toISOString(),
        quorumPercent: 10,
        thresholdPercent: 50,
        resultsVisibleBeforeClose: true,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return ballotItemSchema.parse(response.json());
  };

  /** The users notified of a proposal on this project, sorted, duplicates kept. */
  const notified = async (productId: number) =>
    (
      await t.db.db
        .selectFrom('notifications')
        .select('user_id')
        .where('type', '=', 'PROPOSAL_CREATED')
        .where('product_id', '=', productId)
        .execute()
    )
      .map((row) => row.user_id)
      .sort();

  const pushRows = async (productId: number) =>
    (
      await t.db.db
        .selectFrom('push_outbox')
        .innerJoin('notifications', 'notifications.id', 'push_outbox.notification_id')
        .select('push_outbox.subscription_id')
        .where('notifications.product_id', '=', productId)
        .execute()
    ).length;

  const fanoutsOf = (productId: number) =>
    t.db.db.selectFrom('notification_fanouts').selectAll().where('product_id', '=', productId).execute();

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      {
        RATE_LIMIT_MAX: '100000',
        GOVERNANCE_WRITE_RATE_LIMIT_MAX: '100000',
        GOVERNANCE_CLOSE_SWEEP_SECONDS: '0',
        GOVERNANCE_PROPOSALS_PER_DAY: '100',
        GOVERNANCE_OPEN_PROPOSALS_PER_ACCOUNT: '100',
        // The job runs only when a test runs it.
        PUSH_SWEEP_INTERVAL_MS: '0',
      },
      undefined,
      { now: clock.now },
    );
    author = await createInvestor(t.app, 'fan-author@example.com');
  });
  afterAll(() => t.close());

  it('opens a proposal with one outbox row and no notification, then writes each holder once in batches', async () => {
    const { productId, holders } = await heldProject('One request');
    const item = await propose(productId, 'Add a date');
    // The request: one fan-out row, every holder's voting power, and nothing per holder besides.
    expect(item.totalPower).toBe(100 + [...Array(HOLDERS).keys()].reduce((sum, index) => sum + 1 + (index % 5), 0));
    const fanouts = await fanoutsOf(productId);
    expect(fanouts).toHaveLength(1);
    expect(fanouts[0]).toMatchObject({ state: 'PENDING', voting_id: item.id, cursor: null });
    expect(await notified(productId)).toEqual([]);
    expect(await pushRows(productId)).toBe(0);

    const result = await runner(4).runOnce();
    // 24 holders in batches of 4: six batches, and a seventh that finds nobody and finishes.
    expect(result).toMatchObject({ finished: 1, batches: 6, notifications: HOLDERS + 1, pushes: HOLDERS });
    expect(await notified(productId)).toEqual(holders);
    expect(await pushRows(productId)).toBe(HOLDERS);
    expect((await fanoutsOf(productId))[0]).toMatchObject({ state: 'DONE', recipients: HOLDERS + 1 });
    // Run again: nothing more.
    expect(await runner(4).runOnce()).toMatchObject({ finished: 0, batches: 0, notifications: 0 });
    expect(await notified(productId)).toEqual(holders);
  });

  it('keeps each holder’s preferences when the batch is written', async () => {
    const { productId, holders } = await heldProject('Preferences');
    const [offForType, offForProject] = holders.filter((id) => id !== author.userId);
    const at = iso();
    await upsertPreference(
      t.db.db,
      { userId: offForType!, type: 'PROPOSAL_CREATED', productId: 0, isEnabled: false },
      at,
    );
    await upsertPreference(
      t.db.db,
      { userId: offForProject!, type: 'PROPOSAL_CREATED', productId, isEnabled: false },
      at,
    );
    await propose(productId, 'Quiet ones');
    await runner(5).runOnce();
    expect(await notified(productId)).toEqual(holders.filter((id) => id !== offForType && id !== offForProject));
    expect(await pushRows(productId)).toBe(HOLDERS - 2);
  });

  it('writes each holder once when two runners work at the same time', async () => {
    const first = await heldProject('Two runners A');
    const second = await heldProject('Two runners B');
    await propose(first.productId, 'Race one');
    await propose(second.productId, 'Race two');
    const results = await Promise.all([runner(3).runOnce(), runner(3).runOnce(), runner(2).runOnce()]);
    expect(results.reduce((sum, result) => sum + result.finished, 0)).toBe(2);
    expect(await notified(first.productId)).toEqual(first.holders);
    expect(await notified(second.productId)).toEqual(second.holders);
    expect(await pushRows(first.productId)).toBe(HOLDERS);
    expect(await pushRows(second.productId)).toBe(HOLDERS);
  });

  it('lets a run asked for in the middle of another in the same process return only once that one is done', async () => {
    const { productId, holders } = await heldProject('One process');
    await propose(productId, 'While it runs');
    const job = runner(2);
    // The first run (as the sweep would) has many batches to write; the second (as a command
    // would) finds the fan-out claimed, and must still not return before it is written.
    const sweeping = job.runOnce();
    const asked = await job.runOnce();
    expect(asked).toMatchObject({ finished: 0, batches: 0 });
    expect(await notified(productId)).toEqual(holders);
    expect((await fanoutsOf(productId))[0]).toMatchObject({ state: 'DONE' });
    expect(await sweeping).toMatchObject({ finished: 1, notifications: HOLDERS + 1 });
  });

  it('lets another runner finish a fan-out whose runner died after a batch, without duplicates', async () => {
    const { productId, holders } = await heldProject('Crash');
    await propose(productId, 'Half written');
    const dying = runner(5);
    const claim = await dying.claimNext();
    expect(claim).not.toBeNull();
    expect(await dying.writeBatch(claim!)).toBe('MORE');
    expect(await notified(productId)).toHaveLength(5);
    // The runner dies here, holding its lease: no one else may take the fan-out yet.
    const survivor = runner(5);
    expect(await survivor.runOnce()).toMatchObject({ finished: 0, batches: 0 });
    // Its lease runs out: the survivor goes on from the cursor the last batch committed.
    clock.advance(LEASE_MS + 1);
    expect(await survivor.runOnce()).toMatchObject({ finished: 1, notifications: HOLDERS + 1 - 5 });
    // The dead runner comes back with its old claim: it writes nothing.
    expect(await dying.writeBatch(claim!)).toBe('LOST');
    expect(await notified(productId)).toEqual(holders);
    expect(await pushRows(productId)).toBe(HOLDERS);
  });

  it('refuses a batch of a runner whose claim passed to another while it was away', async () => {
    const { productId, holders } = await heldProject('Stale claim');
    await propose(productId, 'Taken over');
    const slow = runner(4);
    const slowClaim = await slow.claimNext();
    clock.advance(LEASE_MS + 1);
    const quick = runner(4);
    const quickClaim = await quick.claimNext();
    expect(quickClaim?.id).toBe(slowClaim?.id);
    expect(await slow.writeBatch(slowClaim!)).toBe('LOST');
    let outcome = await quick.writeBatch(quickClaim!);
    expect(outcome).toBe('MORE');
    while (outcome === 'MORE') outcome = await quick.writeBatch(quickClaim!);
    expect(outcome).toBe('DONE');
    expect(await notified(productId)).toEqual(holders);
  });

  it('gives every holder of a distribution the same share as the largest-remainder rule', async () => {
    const { productId } = await heldProject('Distribution');
    clock.advance(1000);
    const recordDate = iso().slice(0, 10);
    const balances = await ledgerBalancesAt(t.db.db, productId, iso());
    const amount = 1_000_003;
    const result = await distributeRevenue(t.db.db, {
      productId,
      amount,
      recordDate,
      memo: null,
      currency: 'USD',
      createdBy: 'test',
      now: clock.now(),
    });
    const expected = allocateProRata(amount, balances).sort((a, b) => (a.userId < b.userId ? -1 : 1));
    expect(result.holders).toBe(HOLDERS + 1);
    expect(await distributionShares(t.db.db, result.distributionId)).toEqual(expected);
    expect(expected.reduce((sum, share) => sum + share.amount, 0)).toBe(amount);
  });

  it('sends the pushes with at most the given number in flight at once', async () => {
    // Only this test's messages are waiting.
    await t.db.db.deleteFrom('push_outbox').execute();
    let inFlight = 0;
    let most = 0;
    let answered = 0;
    const service = createServer((request, response) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      request.resume();
      request.on('end', () => {
        setTimeout(() => {
          inFlight -= 1;
          answered += 1;
          response.writeHead(201).end();
        }, 15);
      });
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    try {
      const keys = createDeviceKeys();
      const { productId } = await heldProject('Push pool', {
        endpointFor: (userId) => `${origin}/push/${userId}`,
        p256dh: keys.p256dh,
        auth: keys.auth,
      });
      await propose(productId, 'Ring them');
      await runner(10).runOnce();
      const vapid = webpush.generateVAPIDKeys();
      const sender = createPushSender({
        db: t.db.db,
        vapid: { subject: 'mailto:ops@example.com', ...vapid },
        now: clock.now,
        log: silent,
        concurrency: 4,
        batchSize: 100,
        devHosts: new Set(['127.0.0.1']),
      });
      const result = await sender.sweepOnce();
      await sender.stop();
      expect(result).toMatchObject({ claimed: HOLDERS, sent: HOLDERS, retried: 0, failed: 0 });
      expect(answered).toBe(HOLDERS);
      expect(most).toBeLessThanOrEqual(4);
      expect(most).toBeGreaterThan(1);
    } finally {
      await new Promise((resolve) => service.close(resolve));
    }
  });

  it('writes many live events at once with every field as given', async () => {
    const at = iso();
    const { productId, holders } = await heldProject('Live events');
    const changes = Array.from({ length: 250 }, (_, index) => ({
      userId: holders[index % holders.length]!,
      type: 'payout' as const,
      productId,
      ref: `ref-${index}`,
    }));
    await recordLiveEvents(t.db.db, at, changes);
    const rows = await t.db.db
      .selectFrom('live_events')
      .select(['user_id', 'type', 'product_id', 'ref', 'created_at'])
      .where('product_id', '=', productId)
      .where('type', '=', 'payout')
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(250);
    expect(rows.map((row) => row.ref)).toEqual(changes.map((change) => change.ref));
    expect(rows[7]).toMatchObject({ user_id: changes[7]!.userId, product_id: productId });
    expect(new Date(rows[0]!.created_at).toISOString()).toBe(at);
  });
});
