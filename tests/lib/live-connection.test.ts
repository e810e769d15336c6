import { describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../src/domain/live';
import { connectLive, createSseParser, type SseFrame } from '../../src/lib/live-connection';
import { RequestError } from '../../src/lib/request-error';

describe('the server-sent events parser', () => {
  const parse = (chunks: string[]) => {
    const frames: SseFrame[] = [];
    const push = createSseParser((frame) => frames.push(frame));
    for (const chunk of chunks) push(chunk);
    return frames;
  };

  it('reads frames split anywhere, skips comments, joins data lines', () => {
    expect(
      parse(['event: ready\nid: 4', '\ndata: {}\n\n: ping\n\nevent: change\ndata: {"a":', '1}\ndata: x\n', '\n']),
    ).toEqual([
      { event: 'ready', id: '4', data: '{}' },
      { event: 'change', id: null, data: '{"a":1}\nx' },
    ]);
  });

  it('takes CRLF and CR line ends, a CRLF split between chunks included', () => {
    expect(parse(['data: a\r', '\ndata: b\r\n\r', '\ndata: c\r\r'])).toEqual([
      { event: 'message', id: null, data: 'a\nb' },
      { event: 'message', id: null, data: 'c' },
    ]);
  });
});

/** A stream the test writes to, answered to the connection as the server would. */
function serverStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true));

describe('the live connection', () => {
  it('reports changes, keeps the last id, reconnects with it and refetches only when it cannot replay', async () => {
    const opened: Array<string | null> = [];
    const servers: Array<ReturnType<typeof serverStream>> = [];
    const changes: LiveEvent[] = [];
    let missed = 0;
    const listening: Array<number | null> = [];
    const storage = memoryStorage();
    const connection = connectLive({
      open: async (lastEventId) => {
        opened.push(lastEventId);
        const server = serverStream();
        servers.push(server);
        return server.response;
      },
      onChange: (event) => changes.push(event),
      onMissed: (since) => {
        missed += 1;
        listening.push(since);
      },
      storage,
      retryDelay: () => 0,
    });
    const before = Date.now();
    await until(() => servers.length === 1);
    servers[0]!.write('event: ready\nid: 10\ndata: {}\n\n');
    // No mark yet: what changed before the stream opened is unknown.
    await until(() => missed === 1);
    servers[0]!.write('event: change\nid: 12\ndata: {"type":"holding","productId":7,"ref":null}\n\n');
    await until(() => changes.length === 1);
    expect(changes[0]).toEqual({ type: 'holding', productId: 7, ref: null });

    // The server went away: the next connection asks for what came after 12.
    servers[0]!.end();
    await until(() => servers.length === 2);
    expect(opened).toEqual([null, '12']);
    servers[1]!.write(
      'event: change\ndata: {"type":"payout","productId":7,"ref":null}\n\nevent: ready\nid: 15\ndata: {}\n\n',
    );
    await until(() => changes.length === 2);
    expect(missed).toBe(1);
    servers[1]!.write('event: reset\ndata: {}\n\n');
    await until(() => missed === 2);
    // Without a mark the stream listens from its first answer on (what was read after it is
    // current); after a reset anything may have been missed.
    expect(listening).toEqual([expect.any(Number), null]);
    expect(listening[0]).toBeGreaterThanOrEqual(before);

    // A new visit starts from the kept mark.
    connection.stop();
    const again = connectLive({
      open: async (lastEventId) => {
        opened.push(lastEventId);
        return serverStream().response;
      },
      onChange: () => undefined,
      onMissed: () => undefined,
      storage,
    });
    await until(() => opened.length === 3);
    expect(opened[2]).toBe('15');
    again.stop();
  });

  it('starts a first visit from a served page’s mark, without reading everything again', async () => {
    const opened: Array<string | null> = [];
    const servers: Array<ReturnType<typeof serverStream>> = [];
    const changes: LiveEvent[] = [];
    let missed = 0;
    const storage = memoryStorage();
    const options = {
      open: async (lastEventId: string | null) => {
        opened.push(lastEventId);
        const server = serverStream();
        servers.push(server);
        return server.response;
      },
      onChange: (event: LiveEvent) => changes.push(event),
      onMissed: () => void (missed += 1),
      storage,
      retryDelay: () => 0,
    };
    const first = connectLive({ ...options, initialMark: '40' });
    await until(() => servers.length === 1);
    expect(opened).toEqual(['40']);
    // The server replays what changed after the page's data was read, then says it is ready.
    servers[0]!.write(
      'event: change\ndata: {"type":"vote","productId":3,"ref":null}\n\nevent: ready\nid: 42\ndata: {}\n\n',
    );
    await until(() => changes.length === 1);
    expect(changes[0]).toEqual({ type: 'vote', productId: 3, ref: null });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(missed).toBe(0);
    first.stop();

    // A mark the device kept is newer than any page it is shown later: it wins.
    const second = connectLive({ ...options, initialMark: '41' });
    await until(() => servers.length === 2);
    expect(opened).toEqual(['40', '42']);
    second.stop();
  });

  it('stops trying when refused, and tries at once when the browser comes back online', async () => {
    const listeners = new Map<string, () => void>();
    const target = {
      addEventListener: (name: string, listener: () => void) => void listeners.set(name, listener),
      removeEventListener: (name: string) => void listeners.delete(name),
    } as unknown as Window;
    let attempts = 0;
    let refuse = true;
    const connection = connectLive({
      open: async () => {
        attempts += 1;
        if (refuse) throw new RequestError('Sign in', 401, [{ code: 'UNAUTHORIZED', message: 'Sign in' }]);
        throw new RequestError('offline', 0, [{ code: 'NETWORK_ERROR', message: 'Network error' }]);
      },
      onChange: () => undefined,
      onMissed: () => undefined,
      retryDelay: () => 60_000,
      target,
    });
    await until(() => attempts === 1);
    refuse = false;
    // Back online: once the refusal has been taken (until then that attempt is still in flight),
    // the next attempt starts at once, not after the minute its retry would wait.
    await until(() => {
      listeners.get('online')!();
      return attempts === 2;
    });
    // Unreachable: waits for its retry, or for the network to come back.
    listeners.get('online')!();
    await until(() => attempts === 3);
    connection.stop();
    expect(listeners.size).toBe(0);
  });
});
