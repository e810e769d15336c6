import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The request lines an operator needs, without one per successful request: an answer of 5xx
 * (error level) and a request slower than `slowMs` (warn level), each with the method, path,
 * status and time, and the request id the logger adds to every line of a request. Fastify's
 * own line per request (received and completed, at info) is turned on instead with
 * REQUEST_LOG=all (see buildApp).
 */
async function requestLogPlugin(app: FastifyInstance, options: { slowMs: number }): Promise<void> {
  const { slowMs } = options;
  app.addHook('onResponse', (request, reply, done) => {
    const statusCode = reply.statusCode;
    const responseTime = reply.elapsedTime;
    if (statusCode >= 500 || responseTime >= slowMs) {
      const line = {
        method: request.method,
        url: request.url.split('?')[0],
        statusCode,
        responseTime: Math.round(responseTime),
      };
      if (statusCode >= 500) request.log.error(line, 'request failed');
      else request.log.warn(line, 'slow request');
    }
    done();
  });
}

export default fp(requestLogPlugin, { name: 'request-log' });
