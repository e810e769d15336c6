import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_NAME } from '../../src/domain/constants';
import { APP_VERSION } from '../version';
import { describeRequirement, requirementOf } from './auth';
import { noStore } from './presets';

type OpenApiDocument = {
  paths?: Record<string, Record<string, { summary?: string; description?: string; tags?: string[] }>>;
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Who may call the route, read from its requireAuth hook: the part of the contract no schema carries. */
function whoMayCall(route: RouteOptions): string {
  const hooks = [route.preValidation, route.onRequest, route.preHandler].flat().filter(Boolean);
  for (const hook of hooks) {
    const requirement = requirementOf(hook);
    if (requirement) return describeRequirement(requirement);
  }
  return 'Public.';
}

const verbs: Record<string, string> = {
  GET: 'Read',
  POST: 'Submit',
  PUT: 'Replace',
  PATCH: 'Change',
  DELETE: 'Remove',
};

/**
 * The summary of a route that wrote none: its verb and what it names, from the address
 * (`GET /api/v1/users/me/orders/{id}` -> "Read users me orders (one)"). A route's own
 * `summary` wins; tests/server/api-docs.test.ts holds every operation to having one and a tag.
 */
function derivedSummary(method: string, url: string): string {
  const segments = url
    .replace(/^\/api\/(v1\/)?/, '')
    .split('/')
    .filter(Boolean);
  const words = segments.filter((segment) => !/^[:{]/.test(segment)).map((segment) => segment.replace(/-/g, ' '));
  const one = segments.length > 0 && /^[:{]/.test(segments.at(-1)!) ? ' (one)' : '';
  return `${verbs[method] ?? method} ${words.join(' ')}${one}`;
}

/**
 * The API reference, generated from the same zod schemas that validate requests and serialize
 * responses, so it cannot drift from the code: the OpenAPI document at /api/docs/json and a
 * readable page at /api/docs. Registered before the routes, which it collects as they are added.
 */
async function apiDocsPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${APP_NAME} API`,
        version: APP_VERSION,
        description:
          'Every failure answers `{ errors: [{ code, message }] }` with the status of its code (docs/errors.md). ' +
          'State-changing calls authenticate with `Authorization: Bearer <token>` only; the access_token cookie counts on GET and HEAD.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (input) => {
      // Only the API is documented; the shell, the sitemap and the development mailbox are not part of it.
      if (!input.url.startsWith('/api/')) return { schema: { ...(input.schema ?? {}), hide: true }, url: input.url };
      const transformed = jsonSchemaTransform(input);
      const schema = (transformed.schema ?? {}) as { description?: string; summary?: string };
      const url = transformed.url;
      const who = whoMayCall(input.route);
      const tag = url.split('/')[3] ?? 'service';
      return {
        schema: {
          ...schema,
          summary: schema.summary ?? derivedSummary([input.route.method].flat()[0] ?? 'GET', url),
          tags: [url.startsWith('/api/v1/') ? tag : 'service'],
          description: [who, schema.description].filter(Boolean).join(' '),
          ...(who === 'Public.' ? {} : { security: [{ bearer: [] }] }),
        },
        url,
      };
    },
  });

  app.get('/api/docs/json', { schema: { hide: true } }, async (_request, reply) => {
    noStore(reply);
    return app.swagger();
  });

  app.get('/api/docs', { schema: { hide: true }, config: { isDocument: true } }, async (_request, reply) => {
    const document = app.swagger() as OpenApiDocument;
    const rows = Object.entries(document.paths ?? {}).flatMap(([path, operations]) =>
      Object.entries(operations).map(
        ([method, operation]) =>
          `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(operation.description ?? '')}</td></tr>`,
      ),
    );
    noStore(reply);
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${APP_NAME} API reference</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;line-height:1.5;color:#1f2430}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #d8dbe2;padding:.4rem .6rem;text-align:left;vertical-align:top}code{font-size:.9em}</style>
</head><body>
<h1>${APP_NAME} API reference</h1>
<p>Generated from the route schemas. The full document, with every request and response schema, is
<a href="/api/docs/json">/api/docs/json</a> (OpenAPI 3); errors are listed in docs/errors.md.</p>
<table><thead><tr><th>method</th><th>path</th><th>who may call</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>
</body></html>`);
  });
}

export default fp(apiDocsPlugin, { name: 'api-docs' });
