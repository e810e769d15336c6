import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailMessageSchema, type MailMessage } from '../../mail/mailer';

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
 * only outside production and only when mail is not going out over SMTP.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const readOutbox = app.mailer.readOutbox;
  if (!readOutbox) return;

  app.get(
    '/api/v1/dev/outbox',
    {
      schema: {
        querystring: z.object({ email: z.email().optional() }),
        response: { 200: z.object({ messages: z.array(mailMessageSchema) }) },
      },
    },
    async (request) => ({ messages: readOutbox({ email: request.query.email }) }),
  );

  app.get('/dev/mailbox', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(renderMailbox(readOutbox())),
  );
};
