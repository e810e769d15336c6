import { Agent, request as httpRequest, createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small load balancer in front of several API processes, doing what a real one does and no
 * more: requests go round-robin to the backends whose readiness check (/api/health/ready)
 * last answered 200; a backend that refuses the connection is marked down and the request goes
 * to the next one (nothing was sent, so nothing can happen twice). Any other failure (a reset
 * after the request was sent, a process killed mid-answer) is answered 502: the client does not
 * know whether the write happened, exactly as behind a real proxy.
 *
 * Each answer says which backend served it (`x-backend`, the port), and the client's address
 * is passed on in X-Forwarded-For (a client's own X-Forwarded-For is kept, so a test can act as
 * several clients).
 */
export interface RoundRobinProxy {
  url: string;
  /** Starts sending requests to this backend once its readiness check passes. */
  add: (port: number) => void;
  /** Sends it nothing more. */
  remove: (port: number) => void;
  /** Ports whose last readiness check passed. */
  readyPorts: () => number[];
  /** Requests sent to a backend and not answered yet, by port. */
  inFlight: (port: number) => number;
  /** Requests that found a backend refusing connections and went to the next one. */
  readonly retries: number;
  close: () => Promise<void>;
}

interface Backend {
  port: number;
  ready: boolean;
  inFlight: number;
}

const CHECK_EVERY_MS = 50;
const CHECK_TIMEOUT_MS = 2000;

function checkReady(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = httpRequest(
      { host: '127.0.0.1', port, path: '/api/health/ready', agent: false, timeout: CHECK_TIMEOUT_MS },
      (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      },
    );
    probe.on('timeout', () => probe.destroy());
    probe.on('error', () => resolve(false));
    probe.end();
  });
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * `keepAlive` keeps connections to the backends open between requests, as a proxy under load
 * does (the benchmark); without it every request has a connection of its own (the tests).
 */
export async function startRoundRobinProxy(options: { keepAlive?: boolean } = {}): Promise<RoundRobinProxy> {
  const agent = options.keepAlive ? new Agent({ keepAlive: true, maxSockets: 64 }) : false;
  const backends: Backend[] = [];
  let next = 0;
  let retries = 0;
  let closed = false;

  const checks = setInterval(() => {
    for (const backend of backends) {
      void checkReady(backend.port).then((ready) => {
        backend.ready = ready;
      });
    }
  }, CHECK_EVERY_MS);

  /** The ready backends from the next one in turn, each once. */
  function candidates(): Backend[] {
    const ready = backends.filter((backend) => backend.ready);
    if (ready.length === 0) return [];
    const start = next++ % ready.length;
    return [...ready.slice(start), ...ready.slice(0, start)];
  }

  type Answer = { refused: true } | { refused: false; status: number; headers: Record<string, string>; body: Buffer };

  function forward(backend: Backend, incoming: IncomingMessage, body: Buffer): Promise<Answer> {
    return new Promise((resolve) => {
      let settled = false;
      const settle = (answer: Answer) => {
        if (settled) return;
        settled = true;
        backend.inFlight -= 1;
        resolve(answer);
      };
      const failed = (why: string): Answer => ({ refused: false, status: 502, headers: {}, body: Buffer.from(why) });
      const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
        .filter(Boolean)
        .join(', ');
      backend.inFlight += 1;
      const outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port: backend.port,
          method: incoming.method,
          path: incoming.url,
          agent,
          headers: {
            ...incoming.headers,
            // Without keep-alive, a connection per request: nothing is left idle on a process about to stop.
            connection: agent ? 'keep-alive' : 'close',
            'x-forwarded-for': forwardedFor,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(response.headers)) {
              if (value !== undefined && name !== 'connection' && name !== 'transfer-encoding')
                headers[name] = Array.isArray(value) ? value.join(', ') : value;
            }
            settle({ refused: false, status: response.statusCode ?? 502, headers, body: Buffer.concat(chunks) });
          });
          response.on('error', () => settle(failed('the backend failed mid-answer')));
          response.on('close', () => settle(failed('the backend closed mid-answer')));
        },
      );
      outgoing.on('error', (error: NodeJS.ErrnoException) =>
        settle(error.code === 'ECONNREFUSED' ? { refused: true } : failed(`the backend failed: ${error.code}`)),
      );
      outgoing.end(body);
    });
  }

  const server: Server = createServer((incoming, reply) => {
    void (async () => {
      const body = await readBody(incoming);
      for (const backend of candidates()) {
        const answer = await forward(backend, incoming, body);
        if (answer.refused) {
          // Down until its readiness check passes again.
          backend.ready = false;
          retries += 1;
          continue;
        }
        reply.writeHead(answer.status, { ...answer.headers, 'x-backend': String(backend.port) });
        reply.end(answer.body);
        return;
      }
      reply.writeHead(503, { 'content-type': 'text/plain' });
      reply.end('no backend is ready');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    add(backendPort) {
      if (!backends.some((backend) => backend.port === backendPort))
        backends.push({ port: backendPort, ready: false, inFlight: 0 });
    },
    remove(backendPort) {
      const index = backends.findIndex((backend) => backend.port === backendPort);
      if (index >= 0) backends.splice(index, 1);
    },
    readyPorts: () => backends.filter((backend) => backend.ready).map((backend) => backend.port),
    inFlight: (backendPort) => backends.find((backend) => backend.port === backendPort)?.inFlight ?? 0,
    get retries() {
      return retries;
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(checks);
      if (agent) agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
