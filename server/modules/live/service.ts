import { PostgresAdapter, type Kysely } from 'kysely';
import { MARKET_TRADED, type LiveEventType } from '../../../src/domain/live';
import type { AppContext } from '../../context';
import type { Database } from '../../db/types';
import {
  deleteLiveEventsBefore,
  findUserLiveEventsAfter,
  insertLiveEvents,
  liveEventIdRange,
  notifyLiveListeners,
  type LiveEventRow,
} from './repository';
import type { CallerId } from '../auth/service';

type Db = Kysely<Database>;

/**
 * What changed for one investor. `session` never reaches the app: it tells the processes to
 * check that investor's open streams (a sign-out or a ban ends them).
 */
export interface LiveChange {
  userId: string;
  type: LiveEventType | 'session';
  productId?: number | null;
  ref?: string | null;
}

/**
 * The user id of an event for every open app (a public change, such as a project's order book):
 * one row whatever the number of investors watching, delivered by every process to all its streams
 * and replayed to every reconnecting app.
 */
export const LIVE_BROADCAST = '*';

/** Public changes of these types may be recorded for every open app. */
export type PublicLiveEventType = Extract<LiveEventType, 'market'>;

/**
 * Records a public change (one row for every open app) in the caller's transaction, like
 * recordLiveEvents. `traded`: the project's last price may have moved (the event's ref is
 * MARKET_TRADED), so holdings valued at it refresh too.
 */
export async function recordPublicLiveEvent(
  trx: Db,
  at: string,
  change: { type: PublicLiveEventType; productId: number; traded?: boolean },
): Promise<void> {
  await recordLiveEvents(trx, at, [
    {
      userId: LIVE_BROADCAST,
      type: change.type,
      productId: change.productId,
      ref: change.traded ? MARKET_TRADED : null,
    },
  ]);
}

/** How long events are kept for a reconnecting app to replay. */
export const LIVE_RETENTION_MS = 24 * 60 * 60_000;
/** A reconnecting app missing more than this many events refetches everything instead. */
export const LIVE_REPLAY_MAX = 200;

/**
 * Records changes inside the caller's transaction, the one that makes them true: they commit or
 * roll back with it, and every API process passes them on to the investors' open apps once
 * committed (on PostgreSQL the listeners are woken at the commit).
 */
export async function recordLiveEvents(trx: Db, at: string, changes: readonly LiveChange[]): Promise<void> {
  if (!changes.length) return;
  const unique = new Map<string, LiveChange>();
  for (const change of changes) {
    unique.set(`${change.userId}|${change.type}|${change.productId ?? ''}|${change.ref ?? ''}`, change);
  }
  await insertLiveEvents(
    trx,
    [...unique.values()].map((change) => ({
      user_id: change.userId,
      type: change.type,
      product_id: change.productId ?? null,
      ref: change.ref ?? null,
      created_at: at,
    })),
  );
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await notifyLiveListeners(trx);
}

export type Replay = { kind: 'events'; events: LiveEventRow[] } | { kind: 'reset' };

/**
 * The investor's events after the last one their app read. `reset` when they cannot all be
 * given: older than the retention, from another database, or too many to be worth replaying.
 */
export async function replaySince(ctx: AppContext, caller: CallerId, lastId: number): Promise<Replay> {
  const userId = caller.user.id;
  const range = await liveEventIdRange(ctx.db);
  if (range.min !== null && lastId + 1 < range.min) return { kind: 'reset' };
  if (range.max !== null && lastId > range.max) return { kind: 'reset' };
  const events = await findUserLiveEventsAfter(ctx.db, userId, lastId, LIVE_REPLAY_MAX + 1, LIVE_BROADCAST);
  if (events.length > LIVE_REPLAY_MAX) return { kind: 'reset' };
  return { kind: 'events', events: events.filter((event) => event.type !== 'session') };
}

/** Deletes events past the retention; any process may run it, as often as it likes. */
export async function pruneLiveEvents(ctx: AppContext): Promise<number> {
  return deleteLiveEventsBefore(ctx.db, new Date(ctx.now().getTime() - LIVE_RETENTION_MS).toISOString());
}
