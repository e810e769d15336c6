import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodType } from 'zod';
import type { ProjectUse } from '../../src/domain/access';
import { assertProjectAccess } from '../modules/products/service';

/** Where a route carries the project it is about. */
export interface ProjectScope {
  in: 'params' | 'querystring' | 'body';
  field: string;
  /** What the route does with the project, or 'own-records' for a filter of the caller's own records. */
  use: ProjectUse | 'own-records';
  /**
   * 'route': this plugin checks it before validation; 'service': the route's read checks it in its
   * own statement; 'none': a filter of the caller's own records (their orders, their revenue).
   */
  checkedBy: 'route' | 'service' | 'none';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a project-scoped route does with its project: 'see' unless it says otherwise. A route
     * whose project id is optional must say it: a use (checked when the id is given), or
     * 'own-records' when the id only filters the caller's own records.
     */
    projectUse?: ProjectUse | 'own-records';
    /**
     * A read whose own statement already holds the rule's facts applies the rule itself
     * (assertProjectDecision), so it runs no statement more. Only for GET routes.
     */
    projectRuleInService?: boolean;
    /** Filled in at registration: where the route's project id is, or absent for routes about no one project. */
    projectScope?: ProjectScope;
  }
}

/** The message every project id field of the wire schemas states (src/domain/validation-messages.ts). */
const PROJECT_ID_MESSAGE = 'validation.projectId';

function shapeOf(schema: unknown): Record<string, ZodType> {
  if (typeof schema !== 'object' || schema === null || !('shape' in schema)) return {};
  const shape = (schema as { shape: unknown }).shape;
  return typeof shape === 'object' && shape !== null ? (shape as Record<string, ZodType>) : {};
}

/** A field that holds a project id: one whose schema refuses a non-number with the project-id message. */
function isProjectId(field: ZodType): boolean {
  if (typeof field?.safeParse !== 'function') return false;
  const wrong = field.safeParse('not a number');
  return !wrong.success && wrong.error.issues.some((issue) => issue.message === PROJECT_ID_MESSAGE);
}

interface ProjectIdField {
  in: ProjectScope['in'];
  field: string;
  schema: ZodType;
  isOptional: boolean;
}

/** Where a route's schema asks for a project id, read off the schemas themselves, or null. */
export function projectIdFieldOf(route: Pick<RouteOptions, 'schema' | 'url'>): ProjectIdField | null {
  const found: ProjectIdField[] = [];
  for (const part of ['params', 'querystring', 'body'] as const) {
    for (const [field, schema] of Object.entries(shapeOf(route.schema?.[part]))) {
      if (isProjectId(schema)) found.push({ in: part, field, schema, isOptional: schema.safeParse(undefined).success });
    }
  }
  if (found.length > 1) throw new Error(`${route.url} names more than one project; the project-access rule needs one.`);
  return found[0] ?? null;
}

const asList = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * The project-access rule (decideProjectAccess in src/domain/access.ts) on every project-scoped
 * route: a route whose schema asks for a project id gets, after its session check and before its
 * input is validated, a check that the project is shown and, when restricted, open to the caller.
 * It is read off the schema, so a new project-scoped route cannot leave it out; a route only says
 * what it does with the project (projectUse) or, for a read that holds the facts already, that
 * its service applies the rule (projectRuleInService). A route whose project id is optional does
 * not start until it says which.
 */
async function projectAccessPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.addHook('onRoute', (route: RouteOptions) => {
    const found = projectIdFieldOf(route);
    if (!found) return;
    const declared = route.config?.projectUse;
    if (found.isOptional && declared === undefined) {
      throw new Error(
        `${route.url}: its project id is optional; say what it does with the project (projectUse), ` +
          `or 'own-records' when the id only filters the caller's own records.`,
      );
    }
    const use = declared ?? 'see';
    const checkedBy = use === 'own-records' ? 'none' : route.config?.projectRuleInService ? 'service' : 'route';
    if (checkedBy === 'service' && asList(route.method).some((method) => method !== 'GET' && method !== 'HEAD')) {
      throw new Error(`${route.url}: only a read may apply the project-access rule in its service.`);
    }
    route.config = { ...route.config, projectScope: { in: found.in, field: found.field, use, checkedBy } };
    if (use === 'own-records' || checkedBy !== 'route') return;
    const guard = async (request: FastifyRequest) => {
      const source = (found.in === 'querystring' ? request.query : request[found.in]) as
        Record<string, unknown> | undefined;
      const productId = found.schema.safeParse(source?.[found.field]);
      // No project named (an optional id left out), or a malformed one, which validation refuses next.
      if (!productId.success || productId.data === undefined) return;
      await assertProjectAccess(ctx, request.auth, productId.data as number, use);
    };
    // After the route's own session check, so the rule knows the caller.
    route.preValidation = [...asList(route.preValidation), guard];
  });
}

export default fp(projectAccessPlugin, { name: 'project-access', dependencies: ['auth'] });
