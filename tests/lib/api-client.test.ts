import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient, parseContentDispositionFilename } from '../../src/lib/api-client';
import { UNKNOWN_ERROR_MESSAGE } from '../../src/lib/i18n';
import { RequestError } from '../../src/lib/request-error';

/**
 * The client is exercised over real HTTP against a small local server whose answers each
 * test chooses: what a real API can answer (errors, non-JSON faults, slow replies).
 */
type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;
let handler: Handler;
let server: Server;
let baseUrl: string;
let seen: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string };

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen = { method: request.method, url: request.url, headers: request.headers, body };
      handler(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const json =
  (status: number, payload: unknown, headers: Record<string, string> = {}): Handler =>
  (_q, _b, response) => {
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    response.end(JSON.stringify(payload));
  };

let token: string | null;
let sessionEnds: RequestError[];
const client = (timeoutMs?: number) =>
  createApiClient({ baseUrl, getToken: () => token, onSessionEnd: (error) => sessionEnds.push(error), timeoutMs });

beforeEach(() => {
  token = null;
  sessionEnds = [];
  handler = json(200, { ok: true });
});

describe('requests', () => {
  it('sends the Bearer header when a token exists, and none without', async () => {
    token = 'abc.def.ghi';
    await client().request('/api/v1/users/me');
    expect(seen.headers.authorization).toBe('Bearer abc.def.ghi');
    token = null;
    await client().request('/api/v1/users/me');
    expect(seen.headers.authorization).toBeUndefined();
  });

  it('sends JSON bodies and query parameters, skipping empty values', async () => {
    await client().request('/api/v1/products', {
      method: 'POST',
      query: { saleStatus: 'SALE', limit: 100, nextId: undefined, hideStatus: null },
      body: { email: 'a@b.c' },
    });
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/api/v1/products?saleStatus=SALE&limit=100');
    expect(seen.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen.body)).toEqual({ email: 'a@b.c' });
  });

  it('sends extra headers such as an Idempotency-Key, but never lets them replace Authorization', async () => {
    token = 'abc.def.ghi';
    await client().request('/api/v1/products/1/investors', {
      method: 'POST',
      body: { quantity: 1 },
      headers: { 'Idempotency-Key': 'order-123', Authorization: 'Bearer forged' },
    });
    expect(seen.headers['idempotency-key']).toBe('order-123');
    expect(seen.headers.authorization).toBe('Bearer abc.def.ghi');
  });

  it('parses the response with the given schema and fails on a mismatch', async () => {
    handler = json(200, { status: 'ok' });
    await expect(client().request('/x', { schema: z.object({ status: z.literal('ok') }) })).resolves.toEqual({
      status: 'ok',
    });
    await expect(client().request('/x', { schema: z.object({ status: z.number() }) })).rejects.toThrow();
  });

  it('parses with a schema it loads when the response has come, and fails on a mismatch the same way', async () => {
    handler = json(200, { status: 'ok' });
    let loads = 0;
    const load = (schema: z.ZodType<{ status: unknown }>) => () => {
      loads += 1;
      return Promise.resolve(schema);
    };
    await expect(client().request('/x', { schema: load(z.object({ status: z.literal('ok') })) })).resolves.toEqual({
      status: 'ok',
    });
    await expect(client().request('/x', { schema: load(z.object({ status: z.number() })) })).rejects.toThrow();
    expect(loads).toBe(2);
  });

  it('answers undefined for 204 No Content', async () => {
    handler = (_q, _b, response) => {
      response.writeHead(204);
      response.end();
    };
    await expect(client().request('/x', { method: 'POST' })).resolves.toBeUndefined();
  });
});

describe('errors', () => {
  it('carries the first error message, the status and the whole list', async () => {
    const errors = [
      { code: 'VALIDATION_FAILED', message: 'body.email: Invalid email' },
      { code: 'VALIDATION_FAILED', message: 'second' },
    ];
    handler = json(400, { errors });
    const error = await client()
      .request('/x')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({
      message: 'body.email: Invalid email',
      status: 400,
      errors,
      code: 'VALIDATION_FAILED',
    });
  });

  it('falls back to the Korean unknown-error text when the body says nothing usable', async () => {
    handler = (_q, _b, response) => {
      response.writeHead(502, { 'Content-Type': 'text/html' });
      response.end('<h1>Bad gateway</h1>');
    };
    await expect(client().request('/x')).rejects.toMatchObject({
      message: UNKNOWN_ERROR_MESSAGE,
      status: 502,
      errors: [],
    });
    expect(UNKNOWN_ERROR_MESSAGE).toBe('알 수 없는 오류가 발생했습니다.');
  });

  it('falls back too when the errors list is empty', async () => {
    handler = json(500, { errors: [] });
    await expect(client().request('/x')).rejects.toMatchObject({ message: UNKNOWN_ERROR_MESSAGE, status: 500 });
  });

  it('times out after the configured time and says so', async () => {
    handler = (_q, _b, response) => {
      setTimeout(() => json(200, {})(_q, _b, response), 1_000);
    };
    const started = Date.now();
    await expect(client(150).request('/slow')).rejects.toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('arms every request with a 10 s time-out unless told otherwise', async () => {
    // Waiting 10 s is not worth it here: the request's abort signal is made with the spec's 10 s.
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    try {
      await client().request('/x');
      expect(timeout).toHaveBeenCalledWith(10_000);
      timeout.mockClear();
      await client(150).request('/x');
      expect(timeout).toHaveBeenCalledWith(150);
    } finally {
      timeout.mockRestore();
    }
  });

  it('reports an unreachable server as a network error, without retrying', async () => {
    let calls = 0;
    const failing = createApiClient({
      baseUrl: 'http://127.0.0.1:1',
      getToken: () => null,
      onSessionEnd: () => undefined,
      fetch: (input, init) => {
        calls += 1;
        return fetch(input, init);
      },
    });
    await expect(failing.request('/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    expect(calls).toBe(1);
  });
});

describe('forced sign-out', () => {
  it.each([
    ['UNAUTHORIZED', 401],
    ['FORBIDDEN', 403],
  ])('%s ends the session', async (code, status) => {
    handler = json(status, { errors: [{ code, message: 'Session expired' }] });
    await expect(client().request('/x')).rejects.toBeInstanceOf(RequestError);
    expect(sessionEnds).toHaveLength(1);
    expect(sessionEnds[0]?.status).toBe(status);
  });

  it('the message "Server Error: redis: nil" ends the session whatever its code', async () => {
    handler = json(500, { errors: [{ code: 'INTERNAL_ERROR', message: 'Server Error: redis: nil' }] });
    await expect(client().request('/x')).rejects.toBeInstanceOf(RequestError);
    expect(sessionEnds).toHaveLength(1);
  });

  it('a missing role (ROLE_REQUIRED) is reported to the caller and keeps the session', async () => {
    token = 'abc.def.ghi';
    handler = json(403, { errors: [{ code: 'ROLE_REQUIRED', message: 'Only an admin may do this.' }] });
    await expect(client().request('/api/v1/test/admin-only', { method: 'POST' })).rejects.toMatchObject({
      status: 403,
      message: 'Only an admin may do this.',
      errors: [{ code: 'ROLE_REQUIRED', message: 'Only an admin may do this.' }],
    });
    expect(sessionEnds).toHaveLength(0);
  });

  it.each(['KYC_REQUIRED', 'OTP_REQUIRED', 'BANNED', 'VALIDATION_FAILED', 'NOT_FOUND'])(
    '%s does not end the session',
    async (code) => {
      handler = json(403, { errors: [{ code, message: 'No' }] });
      await expect(client().request('/x')).rejects.toBeInstanceOf(RequestError);
      expect(sessionEnds).toHaveLength(0);
    },
  );
});

describe('downloads', () => {
  it('returns the blob and reads the filename from Content-Disposition', async () => {
    handler = (_q, _b, response) => {
      response.writeHead(200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="contract.pdf"; filename*=UTF-8''%EA%B3%84%EC%95%BD%EC%84%9C.pdf`,
      });
      response.end('%PDF-1.7');
    };
    const download = await client().download('/api/v1/users/me/sign-files/1');
    expect(download.filename).toBe('계약서.pdf');
    expect(await download.blob.text()).toBe('%PDF-1.7');
    expect(download.headers.get('content-type')).toBe('application/pdf');
  });

  it('reports download failures like any other call', async () => {
    handler = json(404, { errors: [{ code: 'NOT_FOUND', message: 'No such file' }] });
    await expect(client().download('/f')).rejects.toMatchObject({ status: 404, message: 'No such file' });
  });
});

describe('while a sign-out is under way', () => {
  it('holds every other call until the sign-out settles, then fails it as signed out without sending it', async () => {
    let settle!: () => void;
    const signingOut = new Promise<void>((resolve) => (settle = resolve));
    let ending: Promise<void> | null = signingOut;
    const urls: string[] = [];
    handler = (request, _b, response) => {
      urls.push(request.url!);
      json(200, { ok: true })(request, _b, response);
    };
    const api = createApiClient({
      baseUrl,
      getToken: () => 'abc.def.ghi',
      onSessionEnd: (error) => sessionEnds.push(error),
      signOutUnderWay: () => ending,
    });
    const held = api.request('/api/v1/notifications/unread-count');
    const outcome = held.then(
      () => 'answered',
      (error: unknown) => error,
    );
    // The sign-out's own call goes at once.
    await api.request('/api/v1/users/logout', { method: 'POST', endsSession: true });
    expect(urls).toEqual(['/api/v1/users/logout']);
    settle();
    ending = null;
    const error = await outcome;
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ status: 401, message: 'You signed out.' });
    // Never sent, and not taken for the server ending the session.
    expect(urls).toEqual(['/api/v1/users/logout']);
    expect(sessionEnds).toEqual([]);
    // Once it has settled, calls go as before.
    await api.request('/api/v1/products');
    expect(urls).toEqual(['/api/v1/users/logout', '/api/v1/products']);
  });
});

describe('parseContentDispositionFilename', () => {
  it.each([
    ['attachment; filename="report.pdf"', 'report.pdf'],
    ['attachment; filename=report.pdf', 'report.pdf'],
    ['attachment; filename="a \\"quoted\\" name.pdf"', 'a "quoted" name.pdf'],
    [`attachment; filename*=UTF-8''%ED%95%9C%EA%B8%80.pdf`, '한글.pdf'],
    [`attachment; filename="fallback.pdf"; filename*=utf-8''real%20name.pdf`, 'real name.pdf'],
    [`attachment; filename*=UTF-8''%E0%A4%A; filename="plain.pdf"`, 'plain.pdf'],
    ['inline', null],
    [null, null],
  ])('%s -> %s', (header, expected) => {
    expect(parseContentDispositionFilename(header)).toBe(expected);
  });
});
