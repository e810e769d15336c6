import { parseCookie, type Cookies } from 'cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's cookies by name, read from its Cookie header the first time they are asked for. */
    readonly cookies: Cookies;
  }
}

/** Cookie headers parsed in this process (tests check that a request no route reads costs none). */
export const cookieCounters = { parsed: 0 };

const parsedCookies = Symbol('parsedCookies');
type WithCookies = FastifyRequest & { [parsedCookies]?: Cookies };

/**
 * The server reads cookies (the access token on safe GETs, the page language) and never sets
 * one, so it needs no hooks: a request's Cookie header is parsed when a route first asks for
 * `request.cookies`, and most requests (the API's, sent with a Bearer token) never do.
 */
async function cookiesPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('cookies', {
    getter(this: WithCookies) {
      let cookies = this[parsedCookies];
      if (cookies === undefined) {
        const header = this.headers.cookie;
        if (header) cookieCounters.parsed += 1;
        cookies = this[parsedCookies] = header ? parseCookie(header) : {};
      }
      return cookies;
    },
  });
}

export default fp(cookiesPlugin, { name: 'cookies' });
