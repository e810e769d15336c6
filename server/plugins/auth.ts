import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { holdsRole, type StaffRole } from '../../src/domain/auth';
import { languageFromAcceptLanguage, type Language } from '../../src/domain/language';
import type { AppContext, RequestMeta } from '../context';
import { AppError } from '../errors';
import { PRIVATE_NO_STORE } from './presets';
import { findActiveSession, type Caller } from '../modules/auth/service';
import { assertIdentityApproved } from '../modules/kyc/service';
import { verifyAccessToken } from '../modules/auth/tokens';

export interface AuthRequirement {
  /**
   * 'session': any signed-in session, even before the second factor; 'verified': second factor
   * passed; 'kyc': that and an approved identity (the KYC group), refused with KYC_REQUIRED, which
   * leaves the session alone. The review is the one the session statement read.
   */
  level: 'session' | 'verified' | 'kyc';
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
    auth: Caller | null;
    /** The signed-in investor's stored language, known as soon as the token is checked (even if refused after). */
    userLanguage: Language | null;
  }
  interface FastifyInstance {
    ctx: AppContext;
    requireAuth: (requirement: AuthRequirement) => AuthHook;
  }
}

/** Every hook requireAuth made, so a route's auth requirement can be read off its options. */
const authHooks = new WeakSet<AuthHook>();

/** Whether a route hook (or any of an array of them) is one requireAuth made. */
export function hasAuthHook(hooks: unknown): boolean {
  const list = Array.isArray(hooks) ? hooks : [hooks];
  return list.some((hook) => typeof hook === 'function' && authHooks.has(hook as AuthHook));
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;
const SAFE_METHODS = new Set(['GET', 'HEAD']);

export function requestMeta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  const language = languageFromAcceptLanguage(request.headers['accept-language']);
  return {
    ip: request.ip,
    userAgent: (typeof agent === 'string' ? agent : '').slice(0, 400),
    ...(language ? { language } : {}),
  };
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

export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<Caller> {
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

const requirements = new WeakMap<object, AuthRequirement>();

/** The requirement a requireAuth hook enforces (the API reference says who may call each route). */
export function requirementOf(hook: unknown): AuthRequirement | undefined {
  return typeof hook === 'function' ? requirements.get(hook) : undefined;
}

export function describeRequirement(requirement: AuthRequirement): string {
  const who = requirement.role
    ? `${requirement.role === 'ADMIN' ? 'An admin' : 'A seller or an admin'} (role ${requirement.role}), second factor passed.`
    : requirement.level === 'session'
      ? 'Any signed-in session, even before the second factor.'
      : requirement.level === 'kyc'
        ? 'Signed in with the second factor passed and an approved identity (KYC_REQUIRED otherwise).'
        : 'Signed in with the second factor passed.';
  return requirement.isAction ? `${who} Refused with BANNED for a banned account.` : who;
}

async function authPlugin(app: FastifyInstance, options: { ctx: AppContext }): Promise<void> {
  app.decorate('ctx', options.ctx);
  app.decorateRequest('auth', null);
  app.decorateRequest('userLanguage', null);
  app.decorate('requireAuth', (requirement: AuthRequirement): AuthHook => {
    const hook: AuthHook = async (request) => {
      const auth = await authenticate(options.ctx, request);
      request.userLanguage = auth.user.language;
      if (requirement.level !== 'session' || requirement.role) {
        if (auth.role === 'UNVERIFIED') throw new AppError('OTP_REQUIRED', 'Finish two-step sign-in first.');
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
      if (requirement.level === 'kyc') assertIdentityApproved(auth.review);
      request.auth = auth;
    };
    authHooks.add(hook);
    requirements.set(hook, requirement);
    return hook;
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });

/**
 * The caller of a public route whose answer depends on who asks: the signed-in session, or
 * null for a visitor. A missing, expired or revoked token just means "a visitor" here. An answer
 * made for a signed-in viewer is theirs alone: private and never stored (decision 0553).
 */
export async function optionalViewer(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Caller | null> {
  if (!request.headers.authorization && !request.cookies.access_token) return null;
  try {
    const viewer = await authenticate(ctx, request);
    request.userLanguage = viewer.user.language;
    reply.header('Cache-Control', PRIVATE_NO_STORE);
    return viewer;
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHORIZED') return null;
    throw error;
  }
}

/** The signed-in caller of a route guarded by requireAuth. */
export function authOf(request: FastifyRequest): Caller {
  if (!request.auth) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
  return request.auth;
}
