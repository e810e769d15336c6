import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type WebPush from 'web-push';
import {
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_TITLE_MAX,
  type NotificationType,
} from '../../../src/domain/notifications';
import type { Database } from '../../db/types';
import { deliveryByType, payloadFor, topicFor } from './delivery';
import { accountLanguage, notificationText, parseNotificationParams } from '../../i18n/notifications';
import { PUSH_ADDRESS_REFUSED, pushEndpointProblem, type PushResolver } from './push-endpoint';
import { createPushTransport } from './push-transport';
import * as repo from './repository';
import { createSweep, type Sweep } from '../../plugins/sweep';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface PushSenderOptions {
  db: Kysely<Database>;
  vapid: VapidDetails;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Rows one sweep takes at most (with `concurrency` and `timeoutMs`, well inside the lease). */
  batchSize?: number;
  /** Messages in flight at once, to all push services together (and sockets per push service). */
  concurrency?: number;
  /** How long a claim holds; a sweep that dies mid-send frees its rows after this. */
  leaseMs?: number;
  /** Attempts before a message is given up (429 and 5xx are retried, with backoff). */
  maxAttempts?: number;
  /** The first retry's wait; each further one doubles, up to an hour. */
  backoffBaseMs?: number;
  /** Time-out of one request to a push service. */
  timeoutMs?: number;
  /** How long a settled row (SENT or FAILED) is kept after its last attempt, as the delivery record. */
  retentionMs?: number;
  /** How often a sweeping process also prunes settled rows past the retention. */
  pruneEveryMs?: number;
  /**
   * Attempts in a row, over all its messages, that got no answer from a device's push service
   * before the subscription is dropped (the device subscribes again when the app next opens).
   */
  maxEndpointFailures?: number;
  /** Hosts of a push service of one's own (PUSH_DEV_HOSTS): private addresses and http allowed. */
  devHosts?: ReadonlySet<string>;
  /** How host names are resolved before connecting; the system resolver unless a test gives one. */
  resolve?: PushResolver;
}

export interface SweepResult {
  /** Rows this sweep claimed; a full batch means more may be waiting. */
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
  removedSubscriptions: number;
  /** Subscriptions dropped without connecting: their endpoint or its addresses are not a public push service. */
  refused: number;
}

export interface PushSender {
  /** Claims due outbox rows and sends them; safe to run in any number of processes at once. */
  sweepOnce: () => Promise<SweepResult>;
  /** Deletes settled rows past the retention, a batch at a time; safe in any number of processes. */
  pruneOnce: () => Promise<number>;
  /** Sweeps every intervalMs (and prunes every pruneEveryMs) until stop(); one at a time here. */
  start: (intervalMs: number) => void;
  /** Stops sweeping and waits for a sweep in flight. */
  stop: () => Promise<void>;
}

const MAX_BACKOFF_MS = 60 * 60_000;

// web-push (with its ASN.1 and JWS code) loads with the first message sent, not with every start.
let webPushModule: Promise<typeof WebPush> | undefined;
const loadWebPush = (): Promise<typeof WebPush> =>
  (webPushModule ??= import('web-push').then((module) => module.default));
const VAPID_VALIDITY_SECONDS = 12 * 60 * 60;
const VAPID_RESIGN_SECONDS = 60 * 60;

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; null when absent. */
export function retryAfterMs(header: string | null, now: Date): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now.getTime());
}

export function backoffMs(attempt: number, baseMs: number): number {
  return Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempt - 1));
}

export function createPushSender(options: PushSenderOptions): PushSender {
  const {
    db,
    vapid,
    now,
    log,
    batchSize = 64,
    concurrency = 16,
    leaseMs = 60_000,
    maxAttempts = 5,
    backoffBaseMs = 30_000,
    timeoutMs = 10_000,
    retentionMs = 30 * 24 * 60 * 60_000,
    pruneEveryMs = 60 * 60_000,
    maxEndpointFailures = 10,
    devHosts = new Set<string>(),
    resolve,
  } = options;
  const transport = createPushTransport({ timeoutMs, devHosts, resolve, maxSockets: concurrency });

  type Claimed = Awaited<ReturnType<typeof repo.findClaimedRows>>[number];

  // One JWT per push service's origin, signed again once it has less than 11 of its 12 hours left:
  // a hundred thousand messages to one push service need one signature, not a hundred thousand.
  const vapidByOrigin = new Map<string, { authorization: string; expiration: number }>();

  /** The VAPID JWT for the push service's origin, valid for at least 11 more hours by the app's clock. */
  function vapidAuthorization(webpush: typeof WebPush, endpoint: string): string {
    const origin = new URL(endpoint).origin;
    const nowSeconds = Math.floor(now().getTime() / 1000);
    const cached = vapidByOrigin.get(origin);
    if (cached && cached.expiration - nowSeconds >= VAPID_VALIDITY_SECONDS - VAPID_RESIGN_SECONDS) {
      return cached.authorization;
    }
    const expiration = nowSeconds + VAPID_VALIDITY_SECONDS;
    const signed = webpush.getVapidHeaders(
      origin,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      expiration,
    );
    // Bounded: push services are few (a handful of browser vendors' origins).
    if (vapidByOrigin.size >= 64) vapidByOrigin.clear();
    vapidByOrigin.set(origin, { authorization: signed.Authorization, expiration });
    return signed.Authorization;
  }

  /** Drops a subscription that is no public push service, with its queued messages; nothing was sent. */
  async function refuse(row: Claimed, reason: string, result: SweepResult): Promise<void> {
    await repo.deleteSubscriptionById(db, row.subscriptionId);
    result.refused += 1;
    log.warn({ subscriptionId: row.subscriptionId, reason }, 'push endpoint refused; subscription removed');
  }

  async function deliver(
    claimId: string,
    row: Claimed,
    result: SweepResult,
    accepted: Array<{ id: string; status: number }>,
  ): Promise<void> {
    // Subscriptions stored before the endpoint rule existed are held to it here too.
    const problem = pushEndpointProblem(row.endpoint, devHosts);
    if (problem) return refuse(row, problem, result);
    // A sweep that died mid-send still spent its attempt: a reclaimed row past the bound is not sent again.
    if (row.attempts > maxAttempts) {
      await repo.settleOutboxRow(db, row.outboxId, claimId, {
        state: 'FAILED',
        status: null,
        error: `no answer within ${maxAttempts} attempts`,
      });
      result.failed += 1;
      return;
    }
    const type = row.type as NotificationType;
    const delivery = deliveryByType[type];
    let status: number | null = null;
    let error: string | null = null;
    let retryAfter: number | null = null;
    try {
      const webpush = await loadWebPush();
      const details = webpush.generateRequestDetails(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        // Written in the account's language when it is sent (the language it has now).
        JSON.stringify(payloadFor({ ...row, type, ...pushText(row.language, type, row) })),
        {
          TTL: delivery.ttlSeconds,
          urgency: delivery.urgency,
          topic: topicFor(type, row.productId, row.notificationId),
          contentEncoding: 'aes128gcm',
        },
      );
      const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
      headers.Authorization = vapidAuthorization(webpush, row.endpoint);
      const response = await transport.post(
        details.endpoint,
        headers,
        details.body ? new Uint8Array(details.body) : undefined,
      );
      status = response.status;
      retryAfter = retryAfterMs(response.retryAfter, now());
      if (status < 200 || status >= 300) error = response.text.slice(0, 300) || `HTTP ${status}`;
    } catch (caught) {
      if ((caught as { code?: unknown }).code === PUSH_ADDRESS_REFUSED) {
        return refuse(row, (caught as Error).message, result);
      }
      error = caught instanceof Error ? caught.message : String(caught);
    }
    const at = now();

    if (status !== null && status >= 200 && status < 300) {
      // Settled with the rest of the sweep's accepted messages, in one statement.
      accepted.push({ id: row.outboxId, status });
      if (row.failedAttempts > 0) await repo.clearSubscriptionFailures(db, row.subscriptionId);
      result.sent += 1;
      return;
    }
    if (status === null) {
      // No answer at all: a push service that never answers is dropped after a bounded number of tries.
      const failures = await repo.countSubscriptionFailure(db, row.subscriptionId);
      if (failures >= maxEndpointFailures) {
        await repo.deleteSubscriptionById(db, row.subscriptionId);
        result.removedSubscriptions += 1;
        log.warn({ subscriptionId: row.subscriptionId, failures, error }, 'push endpoint never answers; removed');
        return;
      }
    }
    if (status === 404 || status === 410) {
      // The browser dropped this subscription: forget the device (and its queued messages).
      await repo.deleteSubscriptionById(db, row.subscriptionId);
      result.removedSubscriptions += 1;
      log.info({ subscriptionId: row.subscriptionId, status }, 'push subscription gone; removed');
      return;
    }
    const isRetryable = status === null || status === 429 || status >= 500;
    if (isRetryable && row.attempts < maxAttempts) {
      const wait = Math.max(backoffMs(row.attempts, backoffBaseMs), retryAfter ?? 0);
      await repo.settleOutboxRow(db, row.outboxId, claimId, {
        state: 'PENDING',
        status,
        error,
        nextAttemptAt: new Date(at.getTime() + Math.min(wait, MAX_BACKOFF_MS)).toISOString(),
      });
      result.retried += 1;
      log.warn({ outboxId: row.outboxId, status, error, attempt: row.attempts }, 'push not accepted; will retry');
      return;
    }
    await repo.settleOutboxRow(db, row.outboxId, claimId, { state: 'FAILED', status, error });
    result.failed += 1;
    log.error({ outboxId: row.outboxId, status, error }, 'push given up');
  }

  async function sweepOnce(): Promise<SweepResult> {
    const result: SweepResult = {
      claimed: 0,
      sent: 0,
      retried: 0,
      failed: 0,
      removedSubscriptions: 0,
      refused: 0,
    };
    const start = now();
    const ids = await repo.findDueOutboxIds(db, 'push_outbox', start.toISOString(), batchSize);
    if (ids.length === 0) return result;
    const claimId = randomUUID();
    await repo.claimOutboxRows(db, 'push_outbox', ids, {
      claimId,
      now: start.toISOString(),
      until: new Date(start.getTime() + leaseMs).toISOString(),
    });
    const claimed = await repo.findClaimedRows(db, claimId);
    result.claimed = claimed.length;
    // At most `concurrency` in flight; each worker takes the next message as soon as one is
    // answered, so one slow push service holds one worker, not the rest of the batch.
    let next = 0;
    const accepted: Array<{ id: string; status: number }> = [];
    const worker = async () => {
      while (next < claimed.length) await deliver(claimId, claimed[next++]!, result, accepted);
    };
    try {
      await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));
    } finally {
      await repo.settleSentOutboxRows(db, claimId, accepted, now().toISOString());
    }
    return result;
  }

  const PRUNE_BATCH = 500;
  async function pruneOnce(): Promise<number> {
    const before = new Date(now().getTime() - retentionMs).toISOString();
    let deleted = 0;
    let batch: number;
    do {
      batch = await repo.deleteSettledOutboxRows(db, before, PRUNE_BATCH);
      deleted += batch;
    } while (batch === PRUNE_BATCH);
    return deleted;
  }

  let lastPruneAt: number | null = null;
  let sweep: Sweep | null = null;
  // A full batch means a backlog (a promotion to many devices): keep going until it is sent.
  async function sweepUntilDrained(): Promise<void> {
    let result: SweepResult;
    do result = await sweepOnce();
    while (sweep?.isStarted === true && result.claimed === batchSize);
    const at = now().getTime();
    if (lastPruneAt === null || at - lastPruneAt >= pruneEveryMs) {
      lastPruneAt = at;
      const deleted = await pruneOnce();
      if (deleted > 0) log.info({ deleted }, 'settled push outbox rows past their retention pruned');
    }
  }

  return {
    sweepOnce,
    pruneOnce,
    start(intervalMs) {
      sweep ??= createSweep({ name: 'push outbox sweep', everyMs: intervalMs, run: sweepUntilDrained, log });
      sweep.start();
    },
    async stop() {
      await sweep?.stop();
      transport.close();
    },
  };
}

/** A push message's title and body in the account's language, within the inbox's limits. */
function pushText(
  language: string | null,
  type: NotificationType,
  row: { params: string | null; title: string; body: string },
): { title: string; body: string } {
  const text = notificationText(accountLanguage(language), {
    type,
    params: parseNotificationParams(row.params),
    title: row.title,
    body: row.body,
  });
  return { title: text.title.slice(0, NOTIFICATION_TITLE_MAX), body: text.body.slice(0, NOTIFICATION_BODY_MAX) };
}
