import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { defaultPreference, isProjectScopedType, type NotificationType } from '../../../src/domain/notifications';
import type { Database } from '../../db/types';
import { createSweep, type Sweep } from '../../plugins/sweep';
import { recordLiveEvents } from '../live/service';
import * as repo from './repository';

/**
 * The fan-out job (docs/decisions/1814-notifications-fan-out-in-batches.md). Opening or closing
 * a vote writes one `notification_fanouts` row in its own transaction; this job writes the
 * inbox rows, their push outbox rows and the holders' live events, `batchSize` holders at a
 * time, each batch in a transaction of its own that also moves the fan-out's cursor past it.
 * A runner claims a fan-out with a lease it renews as the first statement of every batch, so:
 * - two runners never write the same batch (the claim is a conditional update, and a batch of
 *   a runner whose claim passed to another finds no row to renew and writes nothing);
 * - a runner that dies leaves its batch uncommitted and its cursor where the last commit put
 *   it; once the lease runs out another runner claims the fan-out and goes on from there.
 * Each holder is therefore written exactly once.
 */

export interface FanoutOptions {
  db: Kysely<Database>;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Holders written per transaction. */
  batchSize?: number;
  /** How long a claim holds without a batch; a runner that dies frees its fan-out after this. */
  leaseMs?: number;
}

export interface FanoutClaim {
  id: number;
  claimId: string;
}

export type BatchOutcome = 'MORE' | 'DONE' | 'LOST';

export interface FanoutRunResult {
  /** Fan-outs this run finished. */
  finished: number;
  batches: number;
  /** Inbox rows written. */
  notifications: number;
  /** Push outbox rows written. */
  pushes: number;
}

export interface NotificationFanout {
  /** Claims the oldest free fan-out for this runner; null when none is free. */
  claimNext: () => Promise<FanoutClaim | null>;
  /** Writes the next batch of a claimed fan-out (LOST: the claim passed to another runner). */
  writeBatch: (claim: FanoutClaim, result?: FanoutRunResult) => Promise<BatchOutcome>;
  /** Claims and writes fan-outs until none is free; safe in any number of processes at once. */
  runOnce: () => Promise<FanoutRunResult>;
  /** Runs every intervalMs until stop(); one run at a time here. */
  start: (intervalMs: number) => void;
  stop: () => Promise<void>;
}

class ClaimLost extends Error {}

export function createNotificationFanout(options: FanoutOptions): NotificationFanout {
  const { db, now, log, batchSize = 1000, leaseMs = 60_000 } = options;
  const leaseEnd = () => new Date(now().getTime() + leaseMs).toISOString();

  async function claimNext(): Promise<FanoutClaim | null> {
    const at = now().toISOString();
    for (const id of await repo.findClaimableFanoutIds(db, at, 5)) {
      const claimId = randomUUID();
      if (await repo.claimFanout(db, id, { claimId, now: at, until: leaseEnd() })) return { id, claimId };
    }
    return null;
  }

  async function writeBatch(claim: FanoutClaim, result?: FanoutRunResult): Promise<BatchOutcome> {
    try {
      return await db.transaction().execute(async (trx) => {
        const fanout = await repo.renewFanoutClaim(trx, claim.id, claim.claimId, leaseEnd());
        if (!fanout) throw new ClaimLost();
        const after = fanout.cursor ?? '';
        const voting = await repo.findVotingPowerBasis(trx, fanout.voting_id);
        const holders = voting ? await repo.findAudienceBatch(trx, voting, after, batchSize) : [];
        const at = now().toISOString();
        if (holders.length === 0) {
          await repo.finishFanout(trx, claim.id, claim.claimId, at);
          if (result) result.finished += 1;
          return 'DONE';
        }
        const range = { after, last: holders[holders.length - 1]! };
        const type = fanout.type as NotificationType;
        const productId = Number(fanout.product_id);
        const inserted = await repo.insertFanoutNotifications(
          trx,
          {
            type,
            productId,
            voting: voting!,
            title: fanout.title,
            body: fanout.body,
            params: fanout.params,
            link: fanout.link,
            at: new Date(fanout.created_at).toISOString(),
          },
          range,
          { enabledByDefault: defaultPreference(type), productScoped: isProjectScopedType(type) },
        );
        // Their votes page changed whether or not they take the notification.
        await recordLiveEvents(trx, at, [
          ...holders.map((userId) => ({ userId, type: 'vote' as const, productId })),
          ...inserted.map((row) => ({ userId: row.user_id, type: 'notification' as const, productId })),
        ]);
        const notificationOf = new Map(inserted.map((row) => [row.user_id, row.id]));
        const subscriptions = await repo.findSubscriptionsOfRecipients(
          trx,
          inserted.map((row) => row.user_id),
        );
        await repo.insertOutboxRowsInBulk(
          trx,
          subscriptions.map((subscription) => ({
            id: randomUUID(),
            notification_id: notificationOf.get(subscription.user_id)!,
            subscription_id: subscription.id,
          })),
          at,
        );
        await repo.advanceFanout(trx, claim.id, claim.claimId, range.last, inserted.length);
        if (result) {
          result.batches += 1;
          result.notifications += inserted.length;
          result.pushes += subscriptions.length;
        }
        return 'MORE';
      });
    } catch (error) {
      if (error instanceof ClaimLost) return 'LOST';
      throw error;
    }
  }

  let sweep: Sweep | null = null;
  /** The run in flight in this process; a run asked for meanwhile starts after it. */
  let running: Promise<unknown> = Promise.resolve();

  /**
   * One run at a time in a process, so a caller's run (a command, a test) that starts while the
   * sweep is in the middle of a fan-out waits for it and then sees it finished, where it would
   * otherwise find it claimed, skip it and return before its rows are written.
   */
  function runOnce(): Promise<FanoutRunResult> {
    const next = running.then(runClaimable, runClaimable);
    running = next.catch(() => undefined);
    return next;
  }

  async function runClaimable(): Promise<FanoutRunResult> {
    const result: FanoutRunResult = { finished: 0, batches: 0, notifications: 0, pushes: 0 };
    for (let claim = await claimNext(); claim; claim = await claimNext()) {
      let outcome: BatchOutcome;
      do outcome = await writeBatch(claim, result);
      while (outcome === 'MORE' && (sweep === null || sweep.isStarted));
      if (outcome === 'LOST') log.warn({ fanoutId: claim.id }, 'notification fan-out taken over by another runner');
      // Closing: the lease frees the rest for another process.
      if (sweep !== null && !sweep.isStarted) break;
    }
    return result;
  }

  return {
    claimNext,
    writeBatch,
    runOnce,
    start(intervalMs) {
      sweep ??= createSweep({ name: 'notification fan-out', everyMs: intervalMs, run: runOnce, log });
      sweep.start();
    },
    async stop() {
      await sweep?.stop();
    },
  };
}
