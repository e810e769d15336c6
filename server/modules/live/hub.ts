import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent, LiveEventType } from '../../../src/domain/live';
import type { AppContext } from '../../context';
import type { DbHandle, Engine } from '../../db/client';
import { createSweep } from '../../plugins/sweep';
import { findActiveSession } from '../auth/service';
import { LIVE_BROADCAST } from './service';
import { currentSchema, findLiveEventsAfter, LIVE_CHANNEL, liveEventIdRange, type LiveEventRow } from './repository';

/** One open stream of one signed-in session. */
export interface LiveStream {
  userId: string;
  sessionId: string;
  /**
   * Writes a change. `mark` is the hub's: every event up to it has been passed on; `eventIds` are
   * the rows the change stands for (a public change read in several rows is passed on once).
   */
  send: (mark: number, event: LiveEvent, eventIds: readonly number[]) => void;
  /** A comment line, so proxies see traffic and keep the connection. */
  ping: () => void;
  end: () => void;
}

export interface LiveHubOptions {
  ctx: AppContext;
  engine: Engine;
  listen?: DbHandle['listen'];
  log: FastifyBaseLogger;
  /** How often new events are read without being woken: SQLite (other processes, such as operator commands, write to the same file) and PostgreSQL's safety net. */
  pollMs?: number;
  heartbeatMs?: number;
}

export interface LiveHub {
  /** Adds a stream (starting the hub on first use); answers the mark to give the app first. */
  add: (stream: LiveStream) => Promise<number>;
  /**
   * The mark a page read now may start its stream from (starting the hub on first use): every
   * event up to it has committed, so what the page reads after this is at least that new, and it
   * is past every event committed before it was asked for (unless an earlier id is still missing).
   */
  mark: () => Promise<number>;
  remove: (stream: LiveStream) => void;
  /** Reads new events now (after a commit in this process, or a NOTIFY from another). */
  wake: () => void;
  /** How many streams are open (tests). */
  size: () => number;
  close: () => Promise<void>;
}

const BATCH = 500;
/**
 * An id not seen while later ones are is a transaction still committing (PostgreSQL hands out
 * ids before commit) or one rolled back; after this long it is taken as rolled back.
 */
const GAP_WAIT_MS = 5_000;
const RELISTEN_MS = 2_000;

/**
 * Passes committed events on to the open streams of this process. It reads the table after the
 * last event it passed on, woken by PostgreSQL's NOTIFY (any process's commit) or a short poll
 * on SQLite; a `session` event makes it check that investor's sessions and end the streams of
 * those that ended. Every stream gets a comment line each heartbeat, and its session is checked.
 */
export function createLiveHub(options: LiveHubOptions): LiveHub {
  const { ctx, log } = options;
  const pollMs = options.pollMs ?? (options.engine === 'sqlite' ? 250 : 5_000);
  const heartbeatMs = options.heartbeatMs ?? 20_000;
  const streams = new Map<string, Set<LiveStream>>();
  let low = 0;
  const seen = new Set<number>();
  let gapSince: number | null = null;
  let started: Promise<void> | null = null;
  let closed = false;
  let reading: Promise<void> | null = null;
  let readAgain = false;
  const timers: NodeJS.Timeout[] = [];
  let unlisten: (() => Promise<void>) | null = null;
  let schema: string | null = null;
  // Every stream gets a comment line each beat and its session checked; a slow check is never overlapped.
  const heartbeat = createSweep({ name: 'live events: heartbeat', everyMs: heartbeatMs, run: beat, log });

  const listen = async (): Promise<void> => {
    if (!options.listen || closed) return;
    try {
      const stop = await options.listen(
        LIVE_CHANNEL,
        (payload) => {
          if (payload === schema) wake();
        },
        (error) => {
          log.warn({ err: error }, 'live events: the listening connection broke; listening again');
          unlisten = null;
          void stop().catch(() => undefined);
          const retry = setTimeout(() => void listen(), RELISTEN_MS);
          retry.unref();
          timers.push(retry);
        },
      );
      if (closed) return void (await stop());
      unlisten = stop;
      // Whatever committed while nobody listened.
      wake();
    } catch (error) {
      log.warn({ err: error }, 'live events: could not listen; trying again');
      const retry = setTimeout(() => void listen(), RELISTEN_MS);
      retry.unref();
      timers.push(retry);
    }
  };

  const start = async (): Promise<void> => {
    low = (await liveEventIdRange(ctx.db)).max ?? 0;
    if (options.listen) {
      schema = await currentSchema(ctx.db);
      await listen();
    }
    if (closed) return;
    const poll = setInterval(wake, pollMs);
    poll.unref();
    timers.push(poll);
    heartbeat.start();
  };

  const advance = (): void => {
    for (;;) {
      while (seen.has(low + 1)) {
        seen.delete(low + 1);
        low += 1;
      }
      if (seen.size === 0) {
        gapSince = null;
        return;
      }
      const now = performance.now();
      if (gapSince === null) gapSince = now;
      if (now - gapSince < GAP_WAIT_MS) return;
      // The missing ids are taken as rolled back: move to the next one seen.
      low = Math.min(...seen) - 1;
      gapSince = null;
    }
  };

  const deliver = (rows: LiveEventRow[]): void => {
    const checks = new Set<string>();
    const changes: Array<{ userId: string; event: LiveEvent; eventIds: number[] }> = [];
    // A public change goes to every stream, once per read whatever the number of rows naming it.
    const broadcasts = new Map<string, { event: LiveEvent; eventIds: number[] }>();
    for (const row of rows) {
      if (row.type === 'session') checks.add(row.user_id);
      else if (row.user_id === LIVE_BROADCAST) {
        const key = `${row.type}|${row.product_id ?? ''}|${row.ref ?? ''}`;
        const known = broadcasts.get(key);
        if (known) known.eventIds.push(row.id);
        else {
          broadcasts.set(key, {
            event: { type: row.type as LiveEventType, productId: row.product_id, ref: row.ref },
            eventIds: [row.id],
          });
        }
      } else if (streams.has(row.user_id)) {
        changes.push({
          userId: row.user_id,
          event: { type: row.type as LiveEventType, productId: row.product_id, ref: row.ref },
          eventIds: [row.id],
        });
      }
    }
    for (const { userId, event, eventIds } of changes) {
      for (const stream of streams.get(userId) ?? []) stream.send(low, event, eventIds);
    }
    if (broadcasts.size) {
      for (const set of streams.values()) {
        for (const stream of set) {
          for (const { event, eventIds } of broadcasts.values()) stream.send(low, event, eventIds);
        }
      }
    }
    for (const userId of checks) void checkSessions([...(streams.get(userId) ?? [])]);
  };

  const read = async (): Promise<void> => {
    const rows = await findLiveEventsAfter(ctx.db, low, BATCH);
    const fresh = rows.filter((row) => !seen.has(row.id));
    for (const row of fresh) seen.add(row.id);
    advance();
    deliver(fresh);
    if (rows.length === BATCH) readAgain = true;
  };

  function wake(): void {
    if (closed || !started) return;
    if (reading) {
      readAgain = true;
      return;
    }
    readAgain = false;
    reading = started
      .then(read)
      .catch((error: unknown) => {
        if (!closed) log.error({ err: error }, 'live events: could not read new events');
      })
      .finally(() => {
        reading = null;
        if (readAgain) wake();
      });
  }

  async function checkSessions(list: LiveStream[]): Promise<void> {
    const now = ctx.now().toISOString();
    for (const stream of list) {
      try {
        const found = await findActiveSession(ctx.db, stream.sessionId, now);
        if (!found || found.user.id !== stream.userId) stream.end();
      } catch (error) {
        if (!closed) log.error({ err: error }, 'live events: could not check a session');
      }
    }
  }

  async function beat(): Promise<void> {
    const all = [...streams.values()].flatMap((set) => [...set]);
    for (const stream of all) stream.ping();
    await checkSessions(all);
  }

  return {
    add: async (stream) => {
      started ??= start();
      await started;
      if (closed) {
        stream.end();
        return low;
      }
      const set = streams.get(stream.userId) ?? new Set();
      set.add(stream);
      streams.set(stream.userId, set);
      return low;
    },
    mark: async () => {
      started ??= start();
      await started;
      // Caught up with what has committed by now (another process, an operator's command), so a
      // page read after this does not have those replayed to it. A read under way may have begun
      // before the latest commit: the one it asks for next is waited for too.
      wake();
      for (let reads = 0; reads < 2 && reading; reads++) await reading;
      return low;
    },
    remove: (stream) => {
      const set = streams.get(stream.userId);
      if (!set) return;
      set.delete(stream);
      if (set.size === 0) streams.delete(stream.userId);
    },
    wake,
    size: () => [...streams.values()].reduce((sum, set) => sum + set.size, 0),
    close: async () => {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      await heartbeat.stop();
      for (const set of [...streams.values()]) for (const stream of [...set]) stream.end();
      streams.clear();
      await reading;
      await started?.catch(() => undefined);
      await unlisten?.();
      unlisten = null;
    },
  };
}
