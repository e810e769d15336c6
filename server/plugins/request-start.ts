import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { PRIVATE_NO_STORE } from './presets';
import { isApiRoute } from './rate-limit';
import { isValidHostHeader } from './request-guards';

/**
 * What every request meets first, in one callback hook (no promise per request). Fastify runs
 * each hook of a stage in turn for every request, and a stage with no hook is skipped, so the
 * steps that apply to every request share one hook rather than a hook each:
 *
 * 1. While the process drains (drain.ts), the answer closes its connection.
 * 2. The request's id (X-Request-Id) and the security headers buildApp worked out once: an API
 *    route's answer gets the short list (apiSecurityHeaderList), every other answer (pages,
 *    files, the service worker, a route that answers a document, such as the API reference)
 *    the page list (securityHeaderList).
 * 3. An answer of a route that requires a session is private and never stored
 *    (`Cache-Control: private, no-store`), set here so a route that decides otherwise replaces it:
 *    one rule in one place, so a new route cannot forget it (route-table.ts marks those routes).
 * 4. A missing or malformed Host header is refused (request-guards.ts), with the headers above.
 */
async function requestStartPlugin(
  app: FastifyInstance,
  options: { headers: Record<string, string>; apiHeaders: Record<string, string> },
): Promise<void> {
  const pageHeaders = Object.entries(options.headers);
  const apiHeaders = Object.entries(options.apiHeaders);
  const drain = app.drain;
  app.addHook('onRequest', (request, reply, done) => {
    if (drain.isDraining) reply.header('connection', 'close');
    reply.header('X-Request-Id', request.id);
    const route = request.routeOptions;
    const config = route.config;
    // An unmatched address under /api/ answers the API's JSON 404.
    const isApi = isApiRoute(route.url ?? request.url) && config?.isDocument !== true;
    for (const [name, value] of isApi ? apiHeaders : pageHeaders) reply.header(name, value);
    if (config?.isAuthenticated === true) reply.header('Cache-Control', PRIVATE_NO_STORE);
    const host = request.headers.host;
    // HTTP/1.0 may leave the Host out (some health checkers do); HTTP/1.1 must send it.
    if (host === undefined && request.raw.httpVersion === '1.0') return done();
    if (!isValidHostHeader(host)) {
      return done(new AppError('VALIDATION_FAILED', 'The Host header is missing or malformed.'));
    }
    done();
  });
}

export default fp(requestStartPlugin, { name: 'request-start', dependencies: ['drain'] });
