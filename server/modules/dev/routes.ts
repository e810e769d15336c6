import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeEqual } from '../../crypto';
import { mailMessageSchema, type MailMessage } from '../../mail/mailer';
import { sendNotFound } from '../../plugins/error-handler';
import { NO_STORE } from '../../plugins/presets';

export interface MailboxAccess {
  /** The server listens on a loopback address only (HOST). */
  isLoopbackServer: boolean;
  /** Opens the mailbox from anywhere: DEV_MAILBOX_KEY, or a random key printed at start. */
  key: string;
}

const LOOPBACK_PEER = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];
/**
 * A Host naming this machine: localhost (or a name under .localhost, which browsers resolve to
 * loopback themselves), 127.x.x.x or [::1], with any port. A page on another site that rebinds
 * its own name to 127.0.0.1 still sends that name, so it is refused.
 */
const LOOPBACK_HOST = /^(?:(?:[a-z0-9-]+\.)*localhost\.?|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

export function isLoopbackHost(host: string | undefined): boolean {
  return host !== undefined && LOOPBACK_HOST.test(host);
}

/**
 * Who may read the mailbox, which holds every sign-in code: a client on this machine talking
 * to a server that listens on this machine only, by a name of this machine (docs/decisions/1703),
 * and not through a proxy (a proxy on the same machine makes every visitor look local); anyone
 * else only with the key.
 */
export function mayReadMailbox(request: FastifyRequest, access: MailboxAccess): boolean {
  const given = request.headers['x-mailbox-key'] ?? (request.query as { key?: unknown } | undefined)?.key;
  if (typeof given === 'string' && given.length > 0 && safeEqual(given, access.key)) return true;
  const isLocalPeer = LOOPBACK_PEER.test(request.socket.remoteAddress ?? '');
  const isForwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  return access.isLoopbackServer && isLocalPeer && !isForwarded && isLoopbackHost(request.headers.host);
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function renderMailbox(messages: MailMessage[]): string {
  const items = messages
    .map(
      (message) => `<article>
  <h2>${escapeHtml(message.subject)}</h2>
  <p class="meta">To ${escapeHtml(message.to)} · <time datetime="${message.createdAt}">${escapeHtml(message.createdAt)}</time></p>
  <pre>${escapeHtml(message.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Moa · Development mailbox</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#fbf8f3;color:#1b1c33}
main{max-width:48rem;margin:0 auto;padding:1.5rem}
article{background:#fff;border:1px solid #e6e1d8;border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:0}.meta{color:#5d6078;font-size:.875rem}
pre{white-space:pre-wrap;font-family:inherit}
</style></head>
<body><main><h1>Development mailbox</h1>
<p>Mail the app would have sent, newest first. This page does not exist in production.</p>
${items || '<p>No mail yet.</p>'}
</main></body></html>`;
}

/**
 * The local outbox, for developers (/dev/mailbox) and tests (/api/v1/dev/outbox). Registered
 * only outside production and only when mail is not going out over SMTP; readable only as
 * mayReadMailbox allows, and to everyone else it does not exist.
 */
export const devRoutes: FastifyPluginAsyncZod<MailboxAccess> = async (app, access) => {
  const readOutbox = app.mailer.readOutbox;
  if (!readOutbox) return;
  app.addHook('onRequest', async (request, reply) => {
    if (!mayReadMailbox(request, access))
      return sendNotFound(reply, `No route for ${request.method} ${request.routeOptions.url}.`);
  });

  app.get(
    '/api/v1/dev/outbox',
    {
      schema: {
        querystring: z.object({ email: z.email().optional(), key: z.string().max(200).optional() }),
        response: { 200: z.object({ messages: z.array(mailMessageSchema) }) },
      },
    },
    async (request) => ({ messages: readOutbox({ email: request.query.email }) }),
  );

  app.get(
    '/dev/mailbox',
    { schema: { querystring: z.object({ key: z.string().max(200).optional() }) } },
    async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('Cache-Control', NO_STORE).send(renderMailbox(readOutbox())),
  );
};
