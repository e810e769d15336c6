import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * The request lines an operator needs, without one per successful request: an answer of 5xx
 * (error level) and a request slower than `slowMs` (warn level), each with the method, path,
 * status and time, and the request id the logger adds to every line of a request. Fastify's
 * own line per request (received and completed, at info) is turned on instead with
 * REQUEST_LOG=all (see buildApp).
 *
 * Fastify asks its log controller about every finished request; deciding there costs no hook
 * (an onResponse hook is one more stage every request runs through). Fastify's other request
 * lines (incoming, not found, stream errors) stay off, as with `disableRequestLogging`.
 */
export class RequestLogController extends LogController {
  readonly #slowMs: number;

  constructor(options: { slowMs: number }) {
    super({ disableRequestLogging: true });
    this.#slowMs = options.slowMs;
  }

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const statusCode = reply.statusCode;
    const responseTime = reply.elapsedTime;
    if (statusCode < 500 && responseTime < this.#slowMs) return;
    const line = {
      method: request.method,
      url: request.url.split('?')[0],
      statusCode,
      responseTime: Math.round(responseTime),
    };
    if (statusCode >= 500) request.log.error(line, 'request failed');
    else request.log.warn(line, 'slow request');
  }
}
