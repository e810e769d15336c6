import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { StaffRole } from '../../../src/domain/auth';
import { authOf, requestMeta } from '../../plugins/auth';
import { noStore } from '../../plugins/presets';
import { assertMayActOn, operatorOfRequest, type Operator } from './service';

/** A plugin instance of the operator routes (or a child of one, like the uploads' own). */
type OperatorApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The request of an operator route, typed by its schema. */
export type OperatorRequest<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  ZodTypeProvider
>;

/** The reply of an operator route, typed by its schema's responses. */
export type OperatorReply<S extends FastifySchema> = FastifyReply<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

type OperatorAnswer<S extends FastifySchema> = ReturnType<
  RouteHandlerMethod<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    S,
    ZodTypeProvider
  >
>;

export interface OperatorRouteOptions<S extends FastifySchema> {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  /** The operator role the caller must hold now, second factor passed (ADMIN also passes SELLER). */
  role: StaffRole;
  /** Changes something: refused with BANNED for a banned account. */
  isAction?: boolean;
  /**
   * The route's `:id` is a project: another project's seller is refused (ROLE_REQUIRED) before
   * the input is read, so it learns nothing of that project nor of the body's rules; the
   * actions check it again.
   */
  isOwnProject?: boolean;
  /** The answer is `Cache-Control: no-store`: other people's data (decision 1802). */
  isNoStore?: boolean;
  /** Every operator route says what it does in the API reference. */
  schema: S & { summary: string };
  config?: FastifyContextConfig;
  /** Runs with the operator the request acts as (its audit meta included). */
  handler: (request: OperatorRequest<S>, reply: OperatorReply<S>, operator: Operator) => OperatorAnswer<S>;
}

/** The operator a request acts as: its account and role, with the request's meta for the audit log. */
export const operatorOf = (request: FastifyRequest): Operator =>
  operatorOfRequest(authOf(request), requestMeta(request));

/**
 * One route of the operator console's API (`/api/v1/operator/...`): the role check (and for an
 * action, the ban check) before the input is read, a seller kept to its own project when the
 * route names one, the summary the API reference lists, and the handler given the operator.
 */
export function operatorRoute<const S extends FastifySchema>(app: OperatorApp, options: OperatorRouteOptions<S>): void {
  const { ctx } = app;
  const auth = app.requireAuth({
    level: 'verified',
    role: options.role,
    ...(options.isAction ? { isAction: true } : {}),
  });
  const ownProject = async (request: FastifyRequest) => {
    const id = (request.params as { id?: unknown }).id;
    if (typeof id === 'string' && /^[1-9][0-9]{0,9}$/.test(id))
      await assertMayActOn(ctx, operatorOf(request), Number(id));
  };
  const { handler, isNoStore } = options;
  app.route<RouteGenericInterface, ContextConfigDefault, S>({
    method: options.method,
    url: options.url,
    schema: options.schema,
    preValidation: options.isOwnProject ? [auth, ownProject] : auth,
    ...(options.config ? { config: options.config } : {}),
    handler: (request, reply) => {
      if (isNoStore) noStore(reply);
      return handler(request, reply, operatorOf(request));
    },
  });
}
