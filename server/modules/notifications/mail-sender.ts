import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Mailer } from '../../mail/mailer';
import { backoffMs } from './push-sender';
import * as repo from './repository';
import { createSweep, type Sweep } from '../../plugins/sweep';

export interface MailSenderOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  now: () => Date;
  log: FastifyBaseLogger;
  batchSize?: number;
  leaseMs?: number;
  maxAttempts?: number;
  backoffBaseMs?: number;
  retentionMs?: number;
  pruneEveryMs?: number;
}

export interface MailSweepResult {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
}

export interface MailSender {
  /** Claims due mails and sends them; safe to run in any number of processes at once. */
  sweepOnce: () => Promise<MailSweepResult>;
  start: (intervalMs: number) => void;
  stop: () => Promise<void>;
}

/**
 * The notifications' mail outbox, swept like the push outbox (docs/decisions/0700, 1706): rows
 * are claimed with one conditional UPDATE, so no mail goes out twice; a refused send is retried
 * with doubling waits, 5 attempts in all; an account without an address is settled unsent.
 */
export function createMailSender(options: MailSenderOptions): MailSender {
  const {
    db,
    mailer,
    now,
    log,
    batchSize = 50,
    leaseMs = 60_000,
    maxAttempts = 5,
    backoffBaseMs = 30_000,
    retentionMs = 30 * 24 * 60 * 60_000,
    pruneEveryMs = 60 * 60_000,
  } = options;

  async function sweepOnce(): Promise<MailSweepResult> {
    const result: MailSweepResult = { claimed: 0, sent: 0, retried: 0, failed: 0 };
    const start = now();
    const ids = await repo.findDueOutboxIds(db, 'mail_outbox', start.toISOString(), batchSize);
    if (ids.length === 0) return result;
    const claimId = randomUUID();
    await repo.claimOutboxRows(db, 'mail_outbox', ids, {
      claimId,
      now: start.toISOString(),
      until: new Date(start.getTime() + leaseMs).toISOString(),
    });
    const claimed = await repo.findClaimedMails(db, claimId);
    result.claimed = claimed.length;
    for (const row of claimed) {
      if (!row.email) {
        await repo.settleMailRow(db, row.id, claimId, { state: 'FAILED', error: 'The account has no address.' });
        result.failed += 1;
        continue;
      }
      try {
        await mailer.send({ to: row.email, subject: row.subject, text: row.text });
        await repo.settleMailRow(db, row.id, claimId, { state: 'SENT', error: null, sentAt: now().toISOString() });
        result.sent += 1;
      } catch (caught) {
        const error = caught instanceof Error ? caught.message : String(caught);
        if (row.attempts < maxAttempts) {
          const nextAttemptAt = new Date(now().getTime() + backoffMs(row.attempts, backoffBaseMs)).toISOString();
          await repo.settleMailRow(db, row.id, claimId, { state: 'PENDING', error, nextAttemptAt });
          result.retried += 1;
          log.warn({ mailId: row.id, error, attempt: row.attempts }, 'notification mail not sent; will retry');
        } else {
          await repo.settleMailRow(db, row.id, claimId, { state: 'FAILED', error });
          result.failed += 1;
          log.error({ mailId: row.id, error }, 'notification mail given up');
        }
      }
    }
    return result;
  }

  let sweep: Sweep | null = null;
  let lastPruneAt: number | null = null;
  async function sweepUntilDrained(): Promise<void> {
    let result: MailSweepResult;
    do result = await sweepOnce();
    while (sweep?.isStarted === true && result.claimed === batchSize);
    const at = now().getTime();
    if (lastPruneAt === null || at - lastPruneAt >= pruneEveryMs) {
      lastPruneAt = at;
      await repo.deleteSettledMailRows(db, new Date(at - retentionMs).toISOString(), 500);
    }
  }
  return {
    sweepOnce,
    start(intervalMs) {
      sweep ??= createSweep({ name: 'mail outbox sweep', everyMs: intervalMs, run: sweepUntilDrained, log });
      sweep.start();
    },
    async stop() {
      await sweep?.stop();
    },
  };
}
