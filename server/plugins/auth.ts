import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { holdsRole, type StaffRole, type TokenRole } from '../../src/domain/auth';
import type { AppContext, RequestMeta } from '../context';
import { AppError } from '../errors';
import { findActiveSession, type SessionWithUser } from '../modules/auth/repository';
import { verifyAccessToken } from '../modules/auth/tokens';

export interface AuthState extends SessionWithUser {
  role: TokenRole;
}

export interface AuthRequirement {
  /** 'session': any signed-in session, even before the second factor; 'verified': second factor passed. */
  level: 'session' | 'verified';
  /** Changes something on behalf of the user: refused with BANNED for banned accounts. */
  isAction?: boolean;
  /**
   * An operator role the account must hold now (ADMIN also passes SELLER). Implies a passed
   * second factor. Refused with ROLE_REQUIRED, which leaves the session alone.
   */
  role?: StaffRole;
}

/** Runs before body validation, so a caller without a session learns nothing about the body's rules. */
export type AuthHook = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
    requireAuth: (requirement: AuthRequirement) => AuthHook;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;
const SAFE_METHODS = new Set(['GET', 'HEAD']);

export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: (typeof agent === 'string' ? agent : '').slice(0, 400) };
}

/**
 * State-changing requests are authenticated by the Authorization header only, which another
 * site cannot make a browser send; the cookie is honoured on safe GETs (file downloads),
 * which change nothing, so no request can be forged across sites.
 */
function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = BEARER.exec(header);
    if (!match?.[1]) throw new AppError('UNAUTHORIZED', 'The Authorization header is not a valid Bearer token.');
    return match[1];
  }
  if (SAFE_METHODS.has(request.method)) return request.cookies.access_token ?? null;
  return null;
}

export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthState> {
  const token = readToken(request);
  if (!token) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
  const now = ctx.now();
  const claims = await verifyAccessToken(ctx.tokenKey, token, now);
  if (!claims) throw new AppError('UNAUTHORIZED', 'Your session has expired. Please sign in again.');
  const found = await findActiveSession(ctx.db, claims.sid, now.toISOString());
  if (!found || found.user.id !== claims.sub) {
    throw new AppError('UNAUTHORIZED', 'Your session has ended. Please sign in again.');
  }
  // A token from before the second factor stays UNVERIFIED even after the session passed it.
  return { ...found, role: claims.role };
}

async function authPlugin(app: FastifyInstance, options: { ctx: AppContext }): Promise<void> {
  app.decorate('ctx', options.ctx);
  app.decorateRequest('auth', null);
  app.decorate('requireAuth', (requirement: AuthRequirement): AuthHook => {
    return async (request) => {
      const auth = await authenticate(options.ctx, request);
      if ((requirement.level === 'verified' || requirement.role) && auth.role === 'UNVERIFIED') {
        throw new AppError('OTP_REQUIRED', 'Finish two-step sign-in first.');
      }
      // The account's current role, not the token's: a grant or a revocation counts at once.
      if (requirement.role && !holdsRole(auth.user.role, requirement.role)) {
        throw new AppError(
          'ROLE_REQUIRED',
          `Only ${requirement.role === 'ADMIN' ? 'an admin' : 'a seller'} may do this.`,
        );
      }
      if (requirement.isAction && auth.user.isBanned) {
        throw new AppError(
          'BANNED',
          auth.user.banReason
            ? `Your account is suspended: ${auth.user.banReason}`
            : 'Your account is suspended; you can read but not make changes.',
        );
      }
      request.auth = auth;
    };
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });

/** The signed-in caller of a route guarded by requireAuth. */
export function authOf(request: FastifyRequest): AuthState {
  if (!request.auth) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
  return request.auth;
}
