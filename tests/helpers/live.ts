import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';

export interface LiveFrame {
  event: string;
  id: string | null;
  data: string;
}

export interface LiveReader {
  status: number;
  headers: Headers;
  /** The next frame that matches (earlier ones are dropped), or an error after the time-out. */
  next: (match?: (frame: LiveFrame) => boolean, timeoutMs?: number) => Promise<LiveFrame>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Every frame read so far. */
  frames: LiveFrame[];
  close: () => void;
}

/** The address of an app listening on a random loopback port (it starts listening if it is not). */
export async function baseUrlOf(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Opens GET /api/v1/events over a real socket and reads its frames as they come. */
export async function openLiveStream(
  app: FastifyInstance,
  token: string,
  headers: Record<string, string> = {},
): Promise<LiveReader> {
  const controller = new AbortController();
  const response = await fetch(`${await baseUrlOf(app)}/api/v1/events`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
    signal: controller.signal,
  });
  const frames: LiveFrame[] = [];
  let cursor = 0;
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const waiter of [...waiters]) waiter();
  };
  let isEnded = false;
  const ended = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const frame: LiveFrame = { event: 'message', id: null, data: '' };
          let isComment = true;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            isComment = false;
            const [field, ...rest] = line.split(': ');
            const value = rest.join(': ');
            if (field === 'event') frame.event = value;
            else if (field === 'id') frame.id = value;
            else if (field === 'data') frame.data = value;
          }
          if (!isComment) frames.push(frame);
          else frames.push({ event: 'comment', id: null, data: block });
        }
        wakeAll();
      }
    } catch {
      // Aborted by the test.
    } finally {
      isEnded = true;
      wakeAll();
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    frames,
    ended,
    close: () => controller.abort(),
    next: (match = () => true, timeoutMs = 5_000) =>
      new Promise<LiveFrame>((resolve, reject) => {
        const check = () => {
          while (cursor < frames.length) {
            const frame = frames[cursor]!;
            cursor += 1;
            if (match(frame)) {
              finish();
              resolve(frame);
              return;
            }
          }
          if (isEnded) {
            finish();
            reject(new Error('the stream ended'));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no matching frame within ${timeoutMs} ms; read: ${JSON.stringify(frames.slice(-5))}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
  };
}

/** The next change frame's data, parsed. */
export const isChange = (frame: LiveFrame) => frame.event === 'change';
