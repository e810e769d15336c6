import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';

/**
 * A Host header as HTTP allows it: a name or IPv4 address, or a bracketed IPv6 address, with
 * an optional port. Nothing builds URLs from it (absolute URLs come from PUBLIC_URL), but a
 * request that cannot name its host is refused before any route reads it.
 */
const HOST_PATTERN =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

export function isValidHostHeader(host: string | undefined): boolean {
  return host !== undefined && host.length <= 260 && HOST_PATTERN.test(host);
}

async function requestGuardsPlugin(app: FastifyInstance): Promise<void> {
  // A callback hook: no promise per request.
  app.addHook('onRequest', (request, _reply, done) => {
    const host = request.headers.host;
    // HTTP/1.0 may leave the Host out (some health checkers do); HTTP/1.1 must send it.
    if (host === undefined && request.raw.httpVersion === '1.0') return done();
    if (!isValidHostHeader(host)) {
      return done(new AppError('VALIDATION_FAILED', 'The Host header is missing or malformed.'));
    }
    done();
  });
}

export default fp(requestGuardsPlugin, { name: 'request-guards', dependencies: ['security'] });
