import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushEndpointProblem } from '../../server/modules/notifications/push-endpoint';
import { recordNotifications } from '../../server/modules/notifications/service';
import { insertCategory, insertProduct } from '../../server/modules/products/factory';
import type { RouteEntry } from '../../server/plugins/route-table';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock, enrollUser, signInByEmail } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { approveIdentity } from '../helpers/kyc';
import { ACCEPTED_ENDPOINTS, createDeviceKeys, REFUSED_ENDPOINTS } from '../helpers/push-service';
import { rawRequest } from '../helpers/raw-http';

/**
 * Thousands of malformed requests to every route the app registers (read from the app's own
 * route table, so routes added later are covered without editing this file), on each engine.
 * Whatever arrives, the answer is never a 5xx, every failure is `{ errors: [{ code, message }] }`
 * and every answer carries the security headers. The generator is seeded: a failure prints
 * its seed and request, and FUZZ_SEED=<seed> replays the same run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const REQUESTS_PER_ENGINE = Number(process.env.FUZZ_REQUESTS ?? 2500);
const RAW_REQUESTS = 120;

// mulberry32: small, fast and good enough to pick among mutations reproducibly.
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Rng = ReturnType<typeof generator>;

const FIELD_NAMES = [
  'email',
  'code',
  'challengeId',
  'credential',
  'name',
  'recoveryCode',
  'productId',
  'id',
  'isHideBadge',
  'legalName',
  'dateOfBirth',
  'countryOfResidence',
  'investorType',
  'documentType',
  'frontFileId',
  'backFileId',
  'selfieFileId',
  'entityName',
  'entityNumber',
  'basis',
  'details',
  'isSelfCertified',
  'topic',
  'message',
  'limit',
  'nextId',
  'categoryId',
  'saleStatus',
  'page',
  'size',
  'key',
  'role',
  'endpoint',
  'oldEndpoint',
  'keys',
  'subscription',
  '__proto__',
  'constructor',
];

const STRINGS = [
  '',
  ' ',
  'a',
  '0',
  '-1',
  '1',
  '2147483648',
  '9223372036854775808',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  'true',
  'null',
  'a@b.co',
  'kim@example.com',
  'not-an-email',
  '123456',
  '12345',
  'ABCDE-FGHJK',
  '8b0f6a36-8a4e-4c1e-9a53-1f8a3c2f2e10',
  '00000000-0000-0000-0000-000000000000',
  '2026-02-30',
  '1992-04-01',
  'KR',
  'INDIVIDUAL',
  'PASSPORT',
  'other',
  'OPEN',
  'SHOW',
  '\u0000',
  'a\u0000b',
  '\u202Eevil',
  'zero\u200Bwidth',
  '\uFEFF',
  '\uD800',
  '김서연',
  '👨‍👩‍👧',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  '%00',
  '${7*7}',
];

const NUMBERS = [0, -0, 1, -1, 0.5, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 1e21, 1e308, -1e308];

function randomString(rng: Rng): string {
  if (rng.chance(0.7)) return rng.pick(STRINGS);
  const length = rng.pick([1, 61, 121, 321, 2000, 10_000]);
  const alphabet = rng.pick(['a', 'Z9', '\u0000', '가', '\u202E', '%', '😀']);
  let text = '';
  while (text.length < length) text += alphabet;
  return text.slice(0, length);
}

function randomValue(rng: Rng, depth = 0): unknown {
  const kind = rng.int(depth > 3 ? 5 : 8);
  switch (kind) {
    case 0:
    case 1:
      return randomString(rng);
    case 2:
      return rng.pick(NUMBERS);
    case 3:
      return rng.pick([true, false, null]);
    case 4:
      return rng.int(1000);
    case 5:
      return Array.from({ length: rng.int(4) }, () => randomValue(rng, depth + 1));
    default:
      return randomObject(rng, depth + 1);
  }
}

function randomObject(rng: Rng, depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (let index = rng.int(6); index > 0; index -= 1) {
    const key = rng.chance(0.85) ? rng.pick(FIELD_NAMES) : randomString(rng).slice(0, 40);
    object[key] = randomValue(rng, depth);
  }
  return object;
}

const RAW_BODIES = [
  '{',
  '{"email":',
  '[',
  'null',
  '[]',
  '""',
  '"\\u0000"',
  '{"email":"a@b.co"}{"x":1}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
  '\u0000',
  '\uFFFF\uFFFE',
  'email=a%40b.co&code=123456',
];

function multipartBody(rng: Rng): { payload: Buffer; contentType: string } {
  const boundary = rng.pick(['moa-fuzz', 'x'.repeat(70), '', '"quoted"']);
  const file = rng.pick([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
    Buffer.from('%PDF-1.7\n%%EOF'),
    Buffer.from('plain text'),
    Buffer.alloc(0),
  ]);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${rng.pick(['a.png', '../x', '\u0000', ''])}"\r\nContent-Type: image/png\r\n\r\n`;
  let payload = Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const mutation = rng.int(6);
  if (mutation === 0) payload = payload.subarray(0, rng.int(payload.length)); // truncated
  if (mutation === 1) payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nvalue`); // no end
  if (mutation === 2) payload = Buffer.concat([payload, payload]); // two files
  if (mutation === 3) payload = Buffer.from(`--${boundary}\r\nbroken header line\r\n\r\n`);
  const contentType = rng.pick([
    `multipart/form-data; boundary=${boundary}`,
    'multipart/form-data',
    `multipart/form-data; boundary=${boundary}; boundary=other`,
    'multipart/mixed; boundary=x',
  ]);
  return { payload, contentType };
}

function fillPath(rng: Rng, url: string, productIds: number[] = [1]): string {
  return url.replace(/:([A-Za-z]+)/g, () =>
    rng.pick([
      String(rng.pick(productIds)),
      '1',
      '2',
      '0',
      '-1',
      '2147483648',
      '99999999999999999999',
      '1e3',
      '1.5',
      '8b0f6a36-8a4e-4c1e-9a53-1f8a3c2f2e10',
      'not-a-uuid',
      'visible-0',
      'a'.repeat(101),
      '9'.repeat(300),
      '%00',
      '%E0%A4%A',
      '%2e%2e%2f',
      '%F0%9F%98%80',
      '%',
      encodeURIComponent('\u202E'),
    ]),
  );
}

/** A lone surrogate cannot be percent-encoded; it is sent as the bytes a broken client would send. */
function encodeQueryValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function randomQuery(rng: Rng): string {
  if (rng.chance(0.4)) return '';
  if (rng.chance(0.2))
    return `?${rng.pick(['%', '%%', 'a[b]=1&a=2', '=&=&', '%00=%00', 'limit=1&limit=2', '&&&', '?'])}`;
  const parts = Array.from({ length: 1 + rng.int(3) }, () => {
    const key = rng.pick(FIELD_NAMES);
    return `${encodeURIComponent(key)}=${encodeQueryValue(randomString(rng))}`;
  });
  return `?${parts.join('&')}`;
}

/** Where a push endpoint aimed at this machine would land: a listener that counts connections. */
let listenerPort = 9;
const deviceKeys = createDeviceKeys();

/** A push endpoint: half of them internal addresses and names, in every notation, some at the listener. */
function pushEndpoint(rng: Rng): string {
  if (rng.chance(0.5)) return `${rng.pick(ACCEPTED_ENDPOINTS)}${rng.int(1000)}`;
  return rng.chance(0.7)
    ? rng.pick(REFUSED_ENDPOINTS)
    : rng.pick([
        `https://127.0.0.1:${listenerPort}/push`,
        `http://127.0.0.1:${listenerPort}/push`,
        `https://localhost:${listenerPort}/push`,
        `https://0x7f000001:${listenerPort}/push`,
        `https://2130706433:${listenerPort}/push`,
        `https://[::ffff:7f00:1]:${listenerPort}/push`,
      ]);
}

/** A plausible value for each field name, so most requests pass validation but one field. */
function plausible(rng: Rng, field: string, productIds: number[]): unknown {
  const values: Record<string, () => unknown> = {
    email: () => `fuzz${rng.int(1_000_000)}@example.com`,
    code: () => String(100000 + rng.int(900000)),
    challengeId: () => crypto.randomUUID(),
    credential: () => 'x'.repeat(30),
    name: () => rng.pick(['Kim', 'Seo-yeon Kim', '김서연']),
    recoveryCode: () => 'ABCDE-FGHJK',
    productId: () => rng.pick(productIds),
    id: () => (rng.chance(0.5) ? rng.pick(productIds) : crypto.randomUUID()),
    isHideBadge: () => rng.chance(0.5),
    legalName: () => 'Kim Mina',
    dateOfBirth: () => '1992-04-01',
    countryOfResidence: () => 'KR',
    investorType: () => rng.pick(['INDIVIDUAL', 'COMPANY']),
    documentType: () => rng.pick(['PASSPORT', 'ID_CARD', 'DRIVERS_LICENSE', 'RESIDENCE_PERMIT']),
    frontFileId: () => crypto.randomUUID(),
    backFileId: () => crypto.randomUUID(),
    selfieFileId: () => crypto.randomUUID(),
    entityName: () => 'Moa Holdings',
    entityNumber: () => '110111-1234567',
    basis: () => rng.pick(['INCOME', 'NET_WORTH', 'PROFESSIONAL', 'ENTITY_ASSETS']),
    details: () => 'Annual income above the threshold for two years.',
    isSelfCertified: () => true,
    topic: () => rng.pick(['investing', 'account', 'payments', 'partnerships', 'press', 'other']),
    message: () => 'Hello, I have a question about a project and how to invest in it.',
    limit: () => 1 + rng.int(20),
    nextId: () => rng.pick(productIds),
    categoryId: () => 1,
    saleStatus: () => rng.pick(['SALE', 'SALE_END', 'SALE_BEFORE', 'CLOSING_SOON']),
    endpoint: () => pushEndpoint(rng),
    oldEndpoint: () => pushEndpoint(rng),
    keys: () => ({ p256dh: deviceKeys.p256dh, auth: deviceKeys.auth }),
    subscription: () => ({ endpoint: pushEndpoint(rng), keys: { p256dh: deviceKeys.p256dh, auth: deviceKeys.auth } }),
    expirationTime: () => null,
  };
  return (values[field] ?? (() => randomString(rng)))();
}

/** Hostile values that pass most type checks: they must be refused by rules, never by the database. */
const HOSTILE = [
  'a\u0000b',
  '\u0000',
  'name\u202Egnp.exe',
  'zero\u200Bwidth',
  'x'.repeat(10_000),
  2 ** 31,
  2 ** 53 + 2,
  1e21,
  -1,
  0,
  1.5,
  '',
  null,
  [],
  {},
];

/** A valid-looking text with something inside it that no column or rule should accept silently. */
function corrupt(rng: Rng, value: string): string {
  const at = rng.int(value.length + 1);
  const inserted = rng.pick(['\u0000', '\u0000', '\u202E', '\u200B', '\uD800', '\u0007', 'x'.repeat(400)]);
  return value.slice(0, at) + inserted + value.slice(at);
}

/** An object with exactly a route's fields, all plausible but (usually) one hostile. */
function nearlyValid(rng: Rng, fields: string[], productIds: number[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const field of fields) object[field] = plausible(rng, field, productIds);
  if (fields.length > 0 && rng.chance(0.85)) {
    const field = rng.pick(fields);
    const value = object[field];
    const mutation = rng.int(10);
    object[field] =
      mutation < 4 && typeof value === 'string'
        ? corrupt(rng, value)
        : mutation < 7
          ? rng.pick(HOSTILE)
          : randomValue(rng);
  }
  return object;
}

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const;

interface Tokens {
  user: string;
  unverified: string;
}

function randomRequest(rng: Rng, route: RouteEntry, tokens: Tokens, productIds: number[]) {
  const method = rng.chance(0.9) ? route.method : rng.pick(OTHER_METHODS);
  const headers: Record<string, string> = {};
  // Signing out with the shared token would end it for every request after this one.
  const mayUseRealToken = !route.url.includes('logout');
  const auth = rng.int(8);
  if (auth <= 3 && mayUseRealToken) headers.authorization = `Bearer ${tokens.user}`;
  else if (auth === 4 && mayUseRealToken) headers.authorization = `Bearer ${tokens.unverified}`;
  else if (auth === 5)
    headers.authorization = rng.pick(['Bearer', 'Bearer a.b.c', 'Basic Zm9vOmJhcg==', 'Bearer ' + 'x'.repeat(3000)]);
  else if (auth === 6 && mayUseRealToken) headers.cookie = `access_token=${tokens.user}`;
  if (rng.chance(0.1)) headers['x-request-id'] = rng.pick(['short', 'a'.repeat(200), 'ok-request-id-123', '../../x']);
  if (rng.chance(0.1))
    headers['accept-encoding'] = rng.pick(['br', 'gzip;q=0', '*', 'identity;q=0, *;q=0', 'x'.repeat(500)]);
  if (rng.chance(0.05)) headers['x-forwarded-for'] = rng.pick(['1.2.3.4', 'garbage', '::1, 127.0.0.1']);
  if (rng.chance(0.03)) headers.host = rng.pick(['[bad', 'a b', 'evil.example:99999999', '', 'moa.test']);

  let payload: string | Buffer | undefined;
  const hasBody = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
  if (hasBody && rng.chance(0.9)) {
    const shape = rng.int(10);
    if (shape <= 5) {
      const body =
        route.bodyFields.length > 0 && rng.chance(0.8)
          ? nearlyValid(rng, route.bodyFields, productIds)
          : rng.chance(0.8)
            ? randomObject(rng)
            : randomValue(rng);
      payload = JSON.stringify(body);
      headers['content-type'] = rng.chance(0.9)
        ? 'application/json'
        : rng.pick(['application/json; charset=utf-16', 'text/json']);
    } else if (shape <= 7) {
      payload = rng.pick(RAW_BODIES);
      headers['content-type'] = rng.pick([
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
      ]);
    } else {
      const body = multipartBody(rng);
      payload = body.payload;
      headers['content-type'] = body.contentType;
    }
    if (rng.chance(0.03)) headers['content-length'] = rng.pick(['-1', 'abc', '99999999999']);
  }
  const query =
    route.queryFields.length > 0 && rng.chance(0.5)
      ? `?${Object.entries(nearlyValid(rng, route.queryFields, productIds))
          .map(
            ([key, value]) =>
              `${key}=${encodeQueryValue(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))}`,
          )
          .join('&')}`
      : randomQuery(rng);
  const url = fillPath(rng, route.url, productIds) + query;
  return { method, url, headers, payload, route };
}

const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];

function problemWith(response: { statusCode: number; headers: Record<string, unknown>; body: string }): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  for (const name of SECURITY_HEADERS) if (!response.headers[name]) return `no ${name} header`;
  if (response.statusCode >= 400 && response.body !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      return 'a failure whose body is not JSON';
    }
    const first = (parsed as { errors?: Array<{ code?: unknown; message?: unknown }> }).errors?.[0];
    if (typeof first?.code !== 'string' || typeof first.message !== 'string')
      return 'a failure not in the catalogue shape';
  }
  return null;
}

async function freshTokens(
  app: FastifyInstance,
  clock: ReturnType<typeof createClock>,
  round: number,
): Promise<Tokens> {
  const email = `fuzz-${round}@example.com`;
  const enrolled = await enrollUser(app, clock, email);
  await approveIdentity(app, email);
  return { user: enrolled.token, unverified: await signInByEmail(app, `fuzz-unverified-${round}@example.com`) };
}

describe.each(testEngines())('fuzzing every route (%s)', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-22T06:00:00Z'));
  const productIds: number[] = [];
  // Push endpoints the fuzz subscribes are aimed here; no connection may ever arrive.
  let connections = 0;
  const listener = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });

  beforeAll(async () => {
    console.info(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    listenerPort = (listener.address() as net.AddressInfo).port;
    t = await createTestApp(
      engine,
      {
        RATE_LIMIT_MAX: '1000000',
        AUTH_RATE_LIMIT_MAX: '1000000',
        CONTACT_RATE_LIMIT_MAX: '1000000',
        SIGN_IN_CODES_PER_IP: '1000000',
        // Sent by the last test alone, when the fuzz is over.
        PUSH_SWEEP_INTERVAL_MS: '0',
      },
      undefined,
      {
        now: clock.now,
        // Every name answers loopback, as a rebinding attacker's DNS would; and nothing leaves the machine.
        resolvePushHost: async () => [{ address: '127.0.0.1', family: 4 }],
      },
    );
    const categoryId = await insertCategory(t.db.db, 'Fuzz');
    productIds.push(await insertProduct(t.db.db, { categoryId, name: 'Fuzzed' }));
    productIds.push(await insertProduct(t.db.db, { categoryId, name: 'Fuzzed restricted', isRestricted: true }));
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });

  it('answers every malformed request with a 4xx in the catalogue shape and the security headers', async () => {
    // A stream stays open: a well-formed request to it would never finish (tests/server/live.test.ts).
    const routes = t.app.routeTable.filter((route) => !route.isStream);
    expect(routes.length).toBeGreaterThan(20);
    const rng = generator(SEED + (engine === 'postgres' ? 1 : 0));
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    let tokens = await freshTokens(t.app, clock, 0);
    const batch = 250;
    for (let sent = 0; sent < REQUESTS_PER_ENGINE; sent += batch) {
      // A new user now and then: fuzzed requests may sign out, reset or lock the current one.
      if (sent > 0) tokens = await freshTokens(t.app, clock, sent);
      const requests = Array.from({ length: batch }, (_, index) =>
        randomRequest(rng, routes[(sent + index) % routes.length]!, tokens, productIds),
      );
      // A few at a time, as clients would send them.
      for (let start = 0; start < requests.length; start += 5) {
        const chunk = requests.slice(start, start + 5);
        const responses = await Promise.all(
          chunk.map((request) =>
            t.app
              .inject({
                method: request.method as 'GET',
                url: request.url,
                headers: request.headers,
                ...(request.payload === undefined ? {} : { payload: request.payload }),
              })
              // The injector itself cannot send some addresses (broken percent-encoding); the
              // socket test below sends those.
              .catch((error: unknown) => {
                if (error instanceof URIError) return null;
                throw error;
              }),
          ),
        );
        responses.forEach((response, index) => {
          if (!response) return;
          statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
          const { route, method } = chunk[index]!;
          const problem =
            problemWith(response) ??
            (route.isAuthenticated && method === route.method && !response.headers['cache-control']
              ? 'an answer of an authenticated route without Cache-Control'
              : null);
          if (problem && failures.length < 10) {
            const request = chunk[index]!;
            failures.push(
              `${problem}: ${request.method} ${request.url} ${JSON.stringify(request.headers).slice(0, 300)} ` +
                `${String(request.payload ?? '').slice(0, 200)} -> ${response.body.slice(0, 200)}`,
            );
          }
        });
      }
    }
    console.info(`${engine}: ${routes.length} routes, answers by status ${JSON.stringify(statuses)}`);
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 120_000);

  it('answers broken HTTP on the socket in the catalogue shape with the security headers', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const rng = generator(SEED + 7);
    const routes = t.app.routeTable;
    const failures: string[] = [];
    for (let index = 0; index < RAW_REQUESTS; index += 1) {
      const route = rng.pick(routes);
      const target = fillPath(rng, route.url);
      const request = rng.pick([
        () =>
          `${rng.pick(['FOO', 'GE T', 'PROPFIND', 'BREW', 'get', 'CONNECT'])} ${target} HTTP/1.1\r\nHost: moa.test\r\n\r\n`,
        () => `GET ${target} HTTP/1.1\r\nHost: moa.test\r\nX-Big: ${'a'.repeat(20_000 + rng.int(40_000))}\r\n\r\n`,
        () => `GET ${target} HTTP/1.1\r\nHost: ${rng.pick(['[bad', 'a b', '"x"', 'moa.test:abc'])}\r\n\r\n`,
        () => `GET ${target} HTTP/1.1\r\n\r\n`,
        () => `GET http://moa.test${target} HTTP/1.1\r\nHost: moa.test\r\n\r\n`,
        () => `GET ${target}\u0000 HTTP/1.1\r\nHost: moa.test\r\n\r\n`,
        () => `GET ${target} HTTP/9.9\r\nHost: moa.test\r\n\r\n`,
        () =>
          `POST ${target} HTTP/1.1\r\nHost: moa.test\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
        () => `GET ${target} HTTP/1.1\r\nHost: moa.test\r\nBad Header: x\r\n\r\n`,
      ])();
      const answer = await rawRequest(port, request);
      const problem = answer.statusCode === 0 ? 'no complete answer' : problemWith(answer);
      if (problem && failures.length < 10)
        failures.push(`${problem}: ${JSON.stringify(request.slice(0, 160))} -> ${answer.text.slice(0, 300)}`);
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 60_000);

  it('subscribes only push endpoints of public host names, and connects to none of the internal ones', async () => {
    // The routes above see few well-formed subscriptions; here every request is one, aimed anywhere.
    const rng = generator(SEED + 11);
    const { user } = await freshTokens(t.app, clock, 1_000_000);
    const keys = { p256dh: deviceKeys.p256dh, auth: deviceKeys.auth };
    const failures: string[] = [];
    let accepted = 0;
    for (let index = 0; index < 300; index += 1) {
      const isRenewal = rng.chance(0.25);
      const endpoint = pushEndpoint(rng);
      const payload = isRenewal
        ? { oldEndpoint: pushEndpoint(rng), subscription: { endpoint, keys } }
        : { endpoint, expirationTime: null, keys };
      const response = await t.app.inject({
        method: 'POST',
        url: isRenewal ? '/api/v1/push/subscriptions/renew' : '/api/v1/push/subscriptions',
        headers: { authorization: `Bearer ${user}` },
        payload,
      });
      const problem =
        problemWith(response) ??
        (response.statusCode < 300 && pushEndpointProblem(endpoint) !== null ? 'an internal endpoint accepted' : null);
      if (problem && failures.length < 10) failures.push(`${problem}: ${JSON.stringify(payload)} -> ${response.body}`);
      if (response.statusCode === 204) accepted += 1;
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(accepted).toBeGreaterThan(10);

    const stored = await t.db.db.selectFrom('push_subscriptions').select(['endpoint', 'user_id']).execute();
    const internal = stored.filter((row) => pushEndpointProblem(row.endpoint) !== null);
    expect(internal.map((row) => row.endpoint)).toEqual([]);
    // However many were accepted, an account keeps ten.
    const perUser = new Map<string, number>();
    for (const row of stored) perUser.set(row.user_id, (perUser.get(row.user_id) ?? 0) + 1);
    expect(Math.max(...perUser.values())).toBeLessThanOrEqual(10);
    // A message to every fuzzed device; every name resolves to loopback here, so none may be reached.
    await t.db.db.transaction().execute((trx) =>
      recordNotifications({ now: clock.now }, trx, {
        type: 'CONTRACT_SIGNED',
        productId: null,
        userIds: [...perUser.keys()],
        params: { productName: 'Seoul Nights', reference: 'Fuzz' },
      }),
    );
    let claimed = 0;
    let refused = 0;
    for (;;) {
      const result = await t.app.pushSender.sweepOnce();
      if (result.claimed === 0) break;
      claimed += result.claimed;
      refused += result.refused;
    }
    expect(connections).toBe(0);
    // Each was refused at its connection's lookup and dropped unsent.
    expect(refused).toBe(claimed);
    console.info(`${engine}: ${accepted} push subscriptions accepted, ${stored.length} kept, none reached`);
  });
});

/** What an address may not write a whole number as: only decimal digits are one. */
const NOT_DECIMAL = ['0x10', '1e1', '%2016', '+16', '%2B16', '16.0', '016%20', '-16'];
/** What a JSON body may not give for a whole number: only a JSON number is one. */
const NOT_JSON_NUMBERS: unknown[] = ['16', '5', true, false, '0x10', ['16'], { value: 16 }];

describe.each(testEngines())('whole numbers taken as written, on every route (%s)', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-22T06:00:00Z'));
  let token = '';

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      { RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_MAX: '1000000', GOVERNANCE_WRITE_RATE_LIMIT_MAX: '1000000' },
      undefined,
      { now: clock.now },
    );
    const email = 'integers@example.com';
    token = (await enrollUser(t.app, clock, email)).token;
    await approveIdentity(t.app, email);
    // Every id in the addresses is 1: a shown, open project of that id, so the project-access
    // rule lets each request through to the field under test.
    const categoryId = await insertCategory(t.db.db, 'Whole numbers');
    expect(await insertProduct(t.db.db, { categoryId, name: 'Whole numbers' })).toBe(1);
    // An admin, so operator routes reach their validation instead of refusing the role first.
    await t.db.db.updateTable('users').set({ role: 'ADMIN' }).where('email', '=', email).execute();
  });
  afterAll(() => t.close());

  const send = (method: string, url: string, body?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined
        ? {}
        : {
            payload: JSON.stringify(body),
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          }),
    });
  const refusesField = (response: { statusCode: number; body: string }, where: string) =>
    response.statusCode === 400 && response.body.includes(`${where}:`);
  const routes = () => t.app.routeTable.filter((route) => route.method !== 'HEAD');

  it('refuses a path integer written any way but decimal digits', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes()) {
      for (const param of route.integerFields.params) {
        const url = (value: string) =>
          route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => (name === param ? value : '1'));
        const body = route.hasBodySchema ? {} : undefined;
        if (refusesField(await send(route.method, url('16'), body), `params.${param}`)) {
          failures.push(`${route.method} ${route.url}: refuses ${param}=16`);
        }
        for (const value of NOT_DECIMAL) {
          checked += 1;
          const answer = await send(route.method, url(value), body);
          if (!refusesField(answer, `params.${param}`))
            failures.push(`${route.method} ${url(value)} -> ${answer.statusCode} ${answer.body.slice(0, 160)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(20 * NOT_DECIMAL.length);
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses a query integer written any way but decimal digits', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes()) {
      const url = (query: string) => `${route.url.replace(/:([A-Za-z]+)/g, '1')}?${query}`;
      const body = route.hasBodySchema ? {} : undefined;
      for (const field of route.integerFields.query) {
        if (refusesField(await send(route.method, url(`${field}=16`), body), `query.${field}`)) {
          failures.push(`${route.method} ${route.url}: refuses ${field}=16`);
        }
        for (const value of NOT_DECIMAL) {
          checked += 1;
          const answer = await send(route.method, url(`${field}=${value}`), body);
          if (!refusesField(answer, `query.${field}`))
            failures.push(
              `${route.method} ${url(`${field}=${value}`)} -> ${answer.statusCode} ${answer.body.slice(0, 160)}`,
            );
        }
      }
    }
    expect(checked).toBeGreaterThan(5 * NOT_DECIMAL.length);
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses a body integer given as anything but a JSON number', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes()) {
      const url = route.url.replace(/:([A-Za-z]+)/g, '1');
      // The other whole numbers valid, so the refusal of this one is among the first reported.
      const others = Object.fromEntries(route.integerFields.body.map((name) => [name, 1]));
      for (const field of route.integerFields.body) {
        if (refusesField(await send(route.method, url, others), `body.${field}`)) {
          failures.push(`${route.method} ${route.url}: refuses ${field}: 1`);
        }
        for (const value of NOT_JSON_NUMBERS) {
          checked += 1;
          const answer = await send(route.method, url, { ...others, [field]: value });
          if (!refusesField(answer, `body.${field}`))
            failures.push(
              `${route.method} ${url} ${field}=${JSON.stringify(value)} -> ${answer.statusCode} ${answer.body.slice(0, 160)}`,
            );
        }
      }
    }
    expect(checked).toBeGreaterThan(5 * NOT_JSON_NUMBERS.length);
    expect(failures).toEqual([]);
  }, 120_000);
});
