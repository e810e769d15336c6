import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LAST_EVENT_ID_HEADER, LIVE_CHANGE, LIVE_READY, LIVE_RESET, type LiveEvent } from '../../../src/domain/live';
import type { DbHandle } from '../../db/client';
import { authOf } from '../../plugins/auth';
import { PRIVATE_NO_STORE } from '../../plugins/presets';
import { createLiveHub, type LiveHub, type LiveStream } from './hub';
import { pruneLiveEvents, replaySince } from './service';
import { registerSweep } from '../../plugins/sweep';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's live event hub (tests wake it and count its streams). */
    liveHub: LiveHub;
  }
}

const PRUNE_EVERY_MS = 60 * 60_000;
const LAST_EVENT_ID = /^\d{1,15}$/;

function frame(name: string, data: unknown, id?: number): string {
  return `event: ${name}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;
}

/**
 * GET /api/v1/events: the signed-in investor's stream of changes (server-sent events). The
 * app reads it with fetch, so the Bearer token travels in the Authorization header as for every
 * other call; a reconnecting app sends Last-Event-ID and gets what it missed.
 */
const livePlugin: FastifyPluginAsyncZod<{ handle: Pick<DbHandle, 'engine' | 'listen'>; pollMs?: number }> = async (
  app,
  { handle, pollMs },
) => {
  const { ctx } = app;
  const hub = createLiveHub({ ctx, engine: handle.engine, listen: handle.listen, log: app.log, pollMs });
  app.decorate('liveHub', hub);
  // Open streams never finish by themselves: they end before the server waits for its connections.
  app.addHook('preClose', async () => hub.close());
  registerSweep(app, { name: 'live events: prune', everyMs: PRUNE_EVERY_MS, run: () => pruneLiveEvents(ctx) });

  app.get(
    '/api/v1/events',
    {
      preValidation: app.requireAuth({ level: 'verified' }),
      config: { isStream: true },
      schema: {
        description:
          'A stream of server-sent events naming what changed for the caller (order, holding, payout, ' +
          'notification, review, whitelist, vote), each `change` carrying `{ type, productId, ref }`. Opens ' +
          'with `ready`; a `Last-Event-ID` header replays what was missed since, or answers `reset` when ' +
          'that cannot be done. A comment line every 20 s keeps proxies from closing it; it ends when the ' +
          'session ends.',
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const header = request.headers[LAST_EVENT_ID_HEADER];
      const lastId = typeof header === 'string' && LAST_EVENT_ID.test(header) ? Number(header) : null;
      const raw: ServerResponse = reply.raw;
      reply.hijack();
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) headers[name.toLowerCase()] = value;
      }
      headers['content-type'] = 'text/event-stream; charset=utf-8';
      headers['cache-control'] = PRIVATE_NO_STORE;
      headers['x-accel-buffering'] = 'no';
      // The connection goes with the stream: when it ends (sign-out, shutdown) nothing is left idle.
      headers.connection = 'close';
      raw.writeHead(200, headers);
      raw.flushHeaders();
      let ended = false;
      // What the hub passes on while a reconnecting app's replay is read waits for it, and an
      // event the replay gave (the hub may not have reached it yet) is not passed on again.
      let held: Array<{ mark: number; event: LiveEvent; eventIds: readonly number[] }> | null =
        lastId === null ? null : [];
      const replayed = new Set<number>();
      const write = (text: string) => {
        if (!ended) raw.write(text);
      };
      const stream: LiveStream = {
        userId: auth.user.id,
        sessionId: auth.session.id,
        send: (mark: number, event: LiveEvent, eventIds: readonly number[]) => {
          // Held while the replay is read, then passed on unless the replay gave every row of it.
          if (held) held.push({ mark, event, eventIds });
          else if (!eventIds.every((id) => replayed.has(id))) write(frame(LIVE_CHANGE, event, mark));
        },
        ping: () => write(': ping\n\n'),
        end: () => {
          if (ended) return;
          ended = true;
          hub.remove(stream);
          // Once the last bytes are out the connection goes too, without waiting for the client.
          const socket = raw.socket;
          raw.end(() => socket?.destroy());
        },
      };
      raw.on('close', () => {
        ended = true;
        hub.remove(stream);
      });
      try {
        // Added before the replay is read, so an event committed in between is not missed: the
        // hub's copy waits in `held` and goes out after the replay unless the replay had it.
        const mark = await hub.add(stream);
        if (lastId !== null) {
          const replay = await replaySince(ctx, auth, lastId);
          if (replay.kind === 'reset') write(frame(LIVE_RESET, {}));
          else {
            for (const row of replay.events) {
              write(frame(LIVE_CHANGE, { type: row.type, productId: row.product_id, ref: row.ref }));
            }
            for (const row of replay.events) replayed.add(row.id);
          }
          const waiting = held ?? [];
          held = null;
          for (const { mark: at, event, eventIds } of waiting) stream.send(at, event, eventIds);
        }
        write(frame(LIVE_READY, {}, mark));
        if (ended) hub.remove(stream);
      } catch (error) {
        request.log.error({ err: error }, 'live events: could not open a stream');
        stream.end();
      }
    },
  );
};

export const liveRoutes = fp(livePlugin, { name: 'live' });
