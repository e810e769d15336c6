import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  isPublicAddress,
  publicOnlyLookup,
  PushAddressRefusedError,
  systemResolver,
  type PushResolver,
} from './push-endpoint';

export interface PushResponse {
  status: number;
  retryAfter: string | null;
  /** The start of the body, for the delivery record. */
  text: string;
}

export interface PushTransport {
  /** One POST to a push service; rejects on a network failure or a refused address. */
  post: (endpoint: string, headers: Record<string, string>, body: Uint8Array | undefined) => Promise<PushResponse>;
  /** Closes the idle connections kept for the next messages. */
  close: () => void;
}

const BODY_KEPT = 1024;

/** A kept-alive socket that turned out closed when a request was written to it. */
class StaleConnectionError extends Error {
  constructor(cause: Error) {
    super(`The kept connection was closed: ${cause.message}`, { cause });
  }
}

/**
 * The only way the sender reaches a push service. Its sockets resolve names through
 * `publicOnlyLookup`, so the address checked is the address connected to; redirects are not
 * followed. Plain http exists only for PUSH_DEV_HOSTS (the endpoint rule refuses it otherwise).
 */
export function createPushTransport(options: {
  timeoutMs: number;
  devHosts: ReadonlySet<string>;
  resolve?: PushResolver;
  /** Connections kept per push service (the sender's concurrency). */
  maxSockets?: number;
}): PushTransport {
  const { timeoutMs, devHosts, resolve = systemResolver, maxSockets = 8 } = options;
  const lookup = publicOnlyLookup(resolve, devHosts);
  // A few connections per push service, kept open between messages.
  const agents = {
    'https:': new https.Agent({ keepAlive: true, maxSockets, lookup }),
    'http:': new http.Agent({ keepAlive: true, maxSockets, lookup }),
  };

  /**
   * A kept connection the push service closed while idle fails only when it is used again; the
   * request never reached the service, so it is sent once more on a fresh connection.
   */
  async function post(endpoint: string, headers: Record<string, string>, body: Uint8Array | undefined) {
    try {
      return await postOnce(endpoint, headers, body);
    } catch (error) {
      if (!(error instanceof StaleConnectionError)) throw error;
      return postOnce(endpoint, headers, body);
    }
  }

  function postOnce(endpoint: string, headers: Record<string, string>, body: Uint8Array | undefined) {
    return new Promise<PushResponse>((resolvePost, reject) => {
      const url = new URL(endpoint);
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      // An address in the URL is never looked up, so it is checked here (only a dev host gets this far).
      if (isIP(host) !== 0 && !devHosts.has(host) && !isPublicAddress(host)) {
        reject(new PushAddressRefusedError(host));
        return;
      }
      const agent = url.protocol === 'https:' ? agents['https:'] : url.protocol === 'http:' ? agents['http:'] : null;
      if (!agent) {
        reject(new Error(`${url.protocol} is not a push protocol`));
        return;
      }
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        {
          method: 'POST',
          agent,
          lookup,
          headers: { ...headers, 'Content-Length': String(body?.byteLength ?? 0) },
          signal: AbortSignal.timeout(timeoutMs),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          response.on('data', (chunk: Buffer) => {
            if (kept >= BODY_KEPT) return;
            chunks.push(chunk);
            kept += chunk.length;
          });
          response.on('error', reject);
          response.on('end', () => {
            const retryAfter = response.headers['retry-after'];
            resolvePost({
              status: response.statusCode ?? 0,
              retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
              text: Buffer.concat(chunks).subarray(0, BODY_KEPT).toString('utf8'),
            });
          });
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        const isStale = request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
        reject(isStale ? new StaleConnectionError(error) : error);
      });
      request.end(body ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : undefined);
    });
  }

  return {
    post,
    close() {
      agents['https:'].destroy();
      agents['http:'].destroy();
    },
  };
}
