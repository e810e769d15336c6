import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasAuthHook } from './auth';
import type { ProjectScope } from './project-access';

export interface RouteEntry {
  method: string;
  url: string;
  /** Guarded by requireAuth (in onRequest, preValidation or preHandler). */
  isAuthenticated: boolean;
  /** Takes a body: a zod schema for it, or a content type parser of its own (uploads, webhooks). */
  hasBodySchema: boolean;
  /** The fields of an object body schema and of the query schema, by name. */
  bodyFields: string[];
  queryFields: string[];
  /** Where the route's project id is and what it does with the project (project-access.ts), or null. */
  project: ProjectScope | null;
  /** Answers a stream that stays open (server-sent events): a client that waits for its end waits forever. */
  isStream: boolean;
  /**
   * The fields that take a whole number: path and query parameters whose schema reads the text
   * "16" as 16, body fields whose schema takes the JSON number 16 (tests send each of them what
   * must be refused: docs/decisions/1703).
   */
  integerFields: { params: string[]; query: string[]; body: string[] };
}

function shapeOf(schema: unknown): Record<string, unknown> {
  if (typeof schema !== 'object' || schema === null || !('shape' in schema)) return {};
  const shape = (schema as { shape: unknown }).shape;
  return typeof shape === 'object' && shape !== null ? (shape as Record<string, unknown>) : {};
}

const fieldsOf = (schema: unknown): string[] => Object.keys(shapeOf(schema));

/** The fields of an object schema that read `given` as the number 16. */
function integerFieldsOf(schema: unknown, given: unknown): string[] {
  return Object.entries(shapeOf(schema))
    .filter(([, field]) => {
      const parse = (field as { safeParse?: (value: unknown) => { success: boolean; data?: unknown } }).safeParse;
      if (typeof parse !== 'function') return false;
      const result = parse.call(field, given);
      return result.success && result.data === 16;
    })
    .map(([name]) => name);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, as registered: for tools and tests that must cover them all. */
    routeTable: RouteEntry[];
  }
  interface FastifyContextConfig {
    isAuthenticated?: boolean;
    /** The route answers a stream that stays open (see RouteEntry.isStream). */
    isStream?: boolean;
  }
}

/**
 * Reads each route's auth requirement off its hooks when it is registered and marks the route
 * (`config.isAuthenticated`): request-start.ts makes every answer of such a route private and
 * never stored, unless the route sets its own Cache-Control.
 */
async function routeTablePlugin(app: FastifyInstance): Promise<void> {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route: RouteOptions) => {
    const isAuthenticated = [route.onRequest, route.preValidation, route.preHandler].some(hasAuthHook);
    route.config = { ...route.config, isAuthenticated };
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      table.push({
        method,
        url: route.url,
        isAuthenticated,
        hasBodySchema: Boolean(route.schema?.body),
        bodyFields: fieldsOf(route.schema?.body),
        queryFields: fieldsOf(route.schema?.querystring),
        project: route.config?.projectScope ?? null,
        isStream: route.config?.isStream === true,
        integerFields: {
          params: integerFieldsOf(route.schema?.params, '16'),
          query: integerFieldsOf(route.schema?.querystring, '16'),
          body: integerFieldsOf(route.schema?.body, 16),
        },
      });
    }
  });
}

// After project-access, so each route's entry says where its project is.
export default fp(routeTablePlugin, { name: 'route-table', dependencies: ['auth', 'project-access'] });
