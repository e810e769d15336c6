import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identitySubmissionSchema } from '../../src/domain/kyc';
import { acceptableName, hasForbiddenNameCharacters } from '../../src/domain/names';
import { assertStartable, ConfigError, parseConfig } from '../../server/config';
import { GUESSES_PER_ADDRESS } from '../../server/modules/auth/email-challenges';
import { insertCategory, insertProduct } from '../../server/modules/products/factory';
import { databaseErrorCode, isUniqueViolation } from '../../server/plugins/error-handler';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createClock, enrollUser, latestCode, requestCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { GOOGLE_TEST_CLIENT_ID, startGoogleKeyServer } from '../helpers/google';
import { approveIdentity } from '../helpers/kyc';
import { rawRequest } from '../helpers/raw-http';

const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];

/** A failure in the catalogue's shape, with the security headers. */
function expectCatalogueFailure(
  answer: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  code: string,
) {
  expect(answer.statusCode, answer.body).toBe(status);
  const body = JSON.parse(answer.body) as { errors: Array<{ code: string; message: string }> };
  expect(body.errors[0]!.code).toBe(code);
  expect(typeof body.errors[0]!.message).toBe('string');
  for (const name of SECURITY_HEADERS) expect(answer.headers[name], name).toBeTruthy();
}

describe('rate limits follow the route that is served, however its path is spelled', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_MAX: '2' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('counts percent-encoded and absolute-form spellings against the same limit', async () => {
    const spellings = [
      '/api/v1/categories',
      '/%61pi/v1/categories',
      'http://moa.test/api/v1/categories',
      '/api/v1/categorie%73',
    ];
    const answers = [];
    for (const target of spellings) {
      answers.push(await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: moa.test\r\nConnection: close\r\n\r\n`));
    }
    expect(answers.slice(0, 3).map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expectCatalogueFailure(answers[3]!, 429, 'RATE_LIMITED');
  });

  it("applies a route's own tighter limit to every spelling of it", async () => {
    const body = JSON.stringify({ email: 'spelled@example.com' });
    const send = (target: string) =>
      rawRequest(
        port,
        `POST ${target} HTTP/1.1\r\nHost: moa.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
    expect((await send('/api/v1/auth/email/%63ode')).statusCode).toBe(200);
    expect((await send('http://moa.test/api/v1/auth/email/code')).statusCode).toBe(200);
    expectCatalogueFailure(await send('/api/v1/auth/email/code'), 429, 'RATE_LIMITED');
  });
});

describe('answers Fastify and Node write before any route', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('an over-long path parameter and an undecodable address', async () => {
    expectCatalogueFailure(
      await t.app.inject({ url: `/api/v1/products/${'1'.repeat(200)}` }),
      400,
      'VALIDATION_FAILED',
    );
    expectCatalogueFailure(
      await rawRequest(port, 'GET /api/v1/products/%E0%A4%A HTTP/1.1\r\nHost: moa.test\r\n\r\n'),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('oversized headers, an unknown method, CONNECT and a malformed or missing Host', async () => {
    const big = await rawRequest(
      port,
      `GET /api/health HTTP/1.1\r\nHost: moa.test\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
    );
    expectCatalogueFailure(big, 431, 'HEADERS_TOO_LARGE');
    expectCatalogueFailure(
      await rawRequest(port, 'FOO /api/health HTTP/1.1\r\nHost: moa.test\r\n\r\n'),
      400,
      'VALIDATION_FAILED',
    );
    expectCatalogueFailure(
      await rawRequest(port, 'CONNECT moa.test:443 HTTP/1.1\r\nHost: moa.test:443\r\n\r\n'),
      405,
      'METHOD_NOT_ALLOWED',
    );
    expectCatalogueFailure(
      await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: [bad\r\n\r\n'),
      400,
      'VALIDATION_FAILED',
    );
    expectCatalogueFailure(await rawRequest(port, 'GET /api/health HTTP/1.1\r\n\r\n'), 400, 'VALIDATION_FAILED');
    // HTTP/1.0 has no Host header to require (some health checkers send none).
    expect((await rawRequest(port, 'GET /api/health HTTP/1.0\r\n\r\n')).statusCode).toBe(200);
  });

  it('a truncated or malformed multipart upload', async () => {
    const clock = createClock();
    const user = await enrollUser(t.app, clock, 'truncated@example.com');
    const boundary = 'moa-test';
    const whole = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n0123456789\r\n--${boundary}--\r\n`;
    for (const payload of [whole.slice(0, 90), whole.slice(0, whole.length - 12), `--${boundary}\r\nbroken\r\n\r\n`]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/v1/kyc/files',
        headers: { ...bearer(user.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expectCatalogueFailure(answer, 400, 'VALIDATION_FAILED');
    }
  });
});

describe.each(testEngines())("bad input is the caller's 4xx, never a 500 (%s)", (engine) => {
  let t: TestApp;
  const clock = createClock();
  let token: string;
  let productId: number;

  beforeAll(async () => {
    t = await createTestApp(engine, { CONTACT_RATE_LIMIT_MAX: '100' }, undefined, { now: clock.now });
    token = (await enrollUser(t.app, clock, 'input@example.com')).token;
    await approveIdentity(t.app, 'input@example.com');
    productId = await insertProduct(t.db.db, { categoryId: await insertCategory(t.db.db, 'Input'), name: 'Input' });
  });
  afterAll(() => t.close());

  it('refuses NUL characters in any text', async () => {
    expectCatalogueFailure(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        payload: { name: 'Kim\u0000', email: 'kim@example.com', topic: 'other', message: 'A question about projects.' },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expectCatalogueFailure(await t.app.inject({ url: '/api/v1/posts/names/a%00b' }), 400, 'VALIDATION_FAILED');
  });

  it('refuses numbers no column can hold', async () => {
    for (const value of [2 ** 31, 2 ** 53 + 2, 1e21]) {
      expectCatalogueFailure(
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/products/subscribe',
          headers: bearer(token),
          payload: { productId: value },
        }),
        400,
        'VALIDATION_FAILED',
      );
    }
    expectCatalogueFailure(await t.app.inject({ url: '/api/v1/products?nextId=1e400' }), 400, 'VALIDATION_FAILED');
  });

  it('answers every authenticated read as private and unstored unless the route decided otherwise', async () => {
    const reads = t.app.routeTable.filter(
      (route) => route.isAuthenticated && route.method === 'GET' && !route.url.includes(':') && !route.isStream,
    );
    expect(reads.length).toBeGreaterThan(4);
    for (const route of reads) {
      const answer = await t.app.inject({ url: route.url, headers: bearer(token) });
      expect(answer.headers['cache-control'], route.url).toMatch(/private|no-store/);
    }
    for (const url of ['/api/v1/kyc/purchase/list', `/api/v1/products/${productId}/whitelist`]) {
      const answer = await t.app.inject({ url, headers: bearer(token) });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('private, no-store');
    }
    // A failed authenticated request is not stored either.
    const refused = await t.app.inject({ url: '/api/v1/kyc/purchase/list' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });

  it('answers a public read made for a signed-in viewer as private and unstored, and a visitor’s as it was', async () => {
    for (const url of ['/api/v1/products?limit=9', '/api/v1/products/shelves']) {
      const viewer = await t.app.inject({ url, headers: bearer(token) });
      expect(viewer.statusCode, viewer.body).toBe(200);
      expect(viewer.headers['cache-control'], url).toBe('private, no-store');
      const visitor = await t.app.inject({ url });
      expect(visitor.statusCode).toBe(200);
      expect(visitor.headers['cache-control'], url).toBeUndefined();
    }
  });

  it('refuses names with direction, zero-width or other invisible characters', async () => {
    for (const name of ['Kim\u202Eevil', 'Kim\u200B', 'Ki\uFEFFm', 'Kim\u0085', 'Kim\u2066x\u2069', 'Kim\u00AD']) {
      expectCatalogueFailure(
        await t.app.inject({ method: 'PUT', url: '/api/v1/users/me/names', headers: bearer(token), payload: { name } }),
        400,
        'VALIDATION_FAILED',
      );
    }
    const fine = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/names',
      headers: bearer(token),
      payload: { name: '김서연 Kim' },
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});

describe.each(testEngines())('sign-in codes: no stranger can lock an address (%s)', (engine) => {
  let t: TestApp;
  const clock = createClock();

  beforeAll(async () => {
    t = await createTestApp(engine, { AUTH_RATE_LIMIT_MAX: '100000' }, undefined, { now: clock.now });
  });
  afterAll(() => t.close());

  const verify = (challengeId: string, code: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/verify',
      payload: { challengeId, code },
      remoteAddress: ip,
    });

  it('lets the owner sign in after a stranger used up every code and guess they may', async () => {
    const email = 'victim@example.com';
    const stranger = '203.0.113.66';
    let refusedCodes = 0;
    const challenges: string[] = [];
    for (let index = 0; index < 8; index += 1) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/email/code',
        payload: { email },
        remoteAddress: stranger,
      });
      if (answer.statusCode === 429) refusedCodes += 1;
      else challenges.push((answer.json() as { challengeId: string }).challengeId);
    }
    expect(refusedCodes).toBeGreaterThan(0);
    let refusedGuesses = 0;
    for (let index = 0; index < 20; index += 1) {
      const answer = await verify(challenges[index % challenges.length]!, '000000', stranger);
      if (answer.statusCode === 429) refusedGuesses += 1;
    }
    expect(refusedGuesses).toBeGreaterThan(0);

    const owner = '198.51.100.200';
    const challengeId = await requestCode(t.app, email, owner);
    const answer = await verify(challengeId, await latestCode(t.app, email), owner);
    expect(answer.statusCode, answer.body).toBe(200);
  });

  it('bounds the guesses at one address from everyone together, whatever their addresses', async () => {
    const email = 'bounded@example.com';
    let compared = 0;
    let refused = 0;
    for (let requester = 1; requester <= 5; requester += 1) {
      const ip = `192.0.2.${requester}`;
      const challenges = [await requestCode(t.app, email, ip), await requestCode(t.app, email, ip)];
      for (let guess = 0; guess < 10; guess += 1) {
        const answer = await verify(challenges[guess % 2]!, '000000', ip);
        if (answer.statusCode === 429) refused += 1;
        else if (answer.statusCode === 401) compared += 1;
      }
    }
    // One of the guesses may have been right by chance; none of them answered anything else.
    expect(compared).toBeLessThanOrEqual(GUESSES_PER_ADDRESS);
    expect(compared + refused).toBeGreaterThanOrEqual(49);
    clock.advance(15 * 60_000 + 1000);
    const ip = '192.0.2.99';
    const challengeId = await requestCode(t.app, email, ip);
    expect((await verify(challengeId, await latestCode(t.app, email), ip)).statusCode).toBe(200);
  });
});

describe('the development mailbox', () => {
  it('opens for this machine only, on a server listening on this machine only', async () => {
    const t = await createTestApp('sqlite');
    expect((await t.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/dev/outbox' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/dev/mailbox', remoteAddress: '203.0.113.5' })).statusCode).toBe(404);
    const proxied = await t.app.inject({ url: '/api/v1/dev/outbox', headers: { 'x-forwarded-for': '203.0.113.5' } });
    expectCatalogueFailure(proxied, 404, 'NOT_FOUND');
    const keyed = await t.app.inject({
      url: '/api/v1/dev/outbox',
      remoteAddress: '203.0.113.5',
      headers: { 'x-mailbox-key': t.app.devMailboxKey! },
    });
    expect(keyed.statusCode).toBe(200);
    await t.close();
  });

  it('answers only a loopback Host name, so a page that rebinds its own name to this machine reads nothing', async () => {
    const t = await createTestApp('sqlite');
    for (const host of ['localhost', 'localhost:5173', '127.0.0.1:4000', '127.1.2.3', '[::1]:4000', 'app.localhost']) {
      expect((await t.app.inject({ url: '/api/v1/dev/outbox', headers: { host } })).statusCode, host).toBe(200);
    }
    for (const host of [
      'attacker.example',
      'attacker.example:4000',
      'localhost.attacker.example',
      '127.0.0.1.attacker.example',
      '[::2]',
      '10.0.0.1',
    ]) {
      const foreign = await t.app.inject({ url: '/api/v1/dev/outbox', headers: { host } });
      expectCatalogueFailure(foreign, 404, 'NOT_FOUND');
      expect((await t.app.inject({ url: '/dev/mailbox', headers: { host } })).statusCode, host).toBe(404);
    }
    // The key still opens it from anywhere: a rebinding page cannot know it.
    const keyed = await t.app.inject({
      url: '/api/v1/dev/outbox',
      headers: { host: 'attacker.example', 'x-mailbox-key': t.app.devMailboxKey! },
    });
    expect(keyed.statusCode).toBe(200);
    await t.close();
  });

  it('needs the key when the server listens beyond loopback', async () => {
    const t = await createTestApp('sqlite', { HOST: '0.0.0.0', DEV_MAILBOX_KEY: 'a-long-mailbox-key-for-tests' });
    expect((await t.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/dev/mailbox?key=wrong-key-of-some-length' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/dev/mailbox?key=a-long-mailbox-key-for-tests' })).statusCode).toBe(200);
    await t.close();
  });
});

describe('configuration', () => {
  it.each([
    ['TOKEN_SIGNING_KEY', 'hunter2-short'],
    ['DATABASE_URL', 'mysql://root:hunter2-password@db/moa'],
    ['SMTP_URL', 'hunter2-not-a-url'],
    ['REDIS_URL', 'hunter2 redis'],
    ['GOOGLE_CLIENT_ID', 'hunter2'],
    ['SUMSUB_SECRET_KEY', 'hunter2'],
    ['DEV_MAILBOX_KEY', 'hunter2'],
  ])('names %s in an error without printing its value', (name, value) => {
    let message = '';
    try {
      parseConfig({ [name]: value });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain(name);
    expect(message).not.toContain('hunter2');
  });

  it('still shows harmless values, and builds absolute URLs from configuration only', () => {
    expect(() => parseConfig({ PORT: 'abc' })).toThrow('(got "abc")');
    expect(parseConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(parseConfig({ PUBLIC_URL: 'https://moa.example/' }).publicUrl).toBe('https://moa.example');
  });

  it('will not start in production without a mail server', () => {
    expect(() => assertStartable(parseConfig({ NODE_ENV: 'production' }))).toThrow(/SMTP_URL/);
    expect(() => assertStartable(parseConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:587' }))).not.toThrow();
    expect(() => assertStartable(parseConfig({}))).not.toThrow();
  });
});

describe('the rules shared by every caller', () => {
  it('one name rule for typed names and names from identity providers', () => {
    expect(acceptableName('  Kim Mina ')).toBe('Kim Mina');
    expect(acceptableName('Kim\u202Eevil')).toBeNull();
    expect(acceptableName('\u200B')).toBeNull();
    expect(acceptableName('x'.repeat(61))).toBeNull();
    expect(hasForbiddenNameCharacters('김서연')).toBe(false);
    expect(hasForbiddenNameCharacters('a\uD800')).toBe(true);
    const submission = {
      legalName: 'Kim Mina',
      dateOfBirth: '1992-04-01',
      countryOfResidence: 'KR',
      investorType: 'INDIVIDUAL',
      documentType: 'PASSPORT',
      frontFileId: '8b0f6a36-8a4e-4c1e-9a53-1f8a3c2f2e10',
      selfieFileId: '8b0f6a36-8a4e-4c1e-9a53-1f8a3c2f2e11',
    };
    expect(identitySubmissionSchema.safeParse(submission).success).toBe(true);
    expect(identitySubmissionSchema.safeParse({ ...submission, legalName: 'Kim\u202EaniM' }).success).toBe(false);
  });

  it("maps both engines' refusals to the catalogue", () => {
    expect(databaseErrorCode(Object.assign(new Error('dup'), { code: '23505', severity: 'ERROR' }))).toBe('CONFLICT');
    expect(databaseErrorCode(Object.assign(new Error('nul'), { code: '22021', severity: 'ERROR' }))).toBe(
      'VALIDATION_FAILED',
    );
    const sqlite = Object.assign(new Error('UNIQUE constraint failed'), {
      name: 'SqliteError',
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
    expect(databaseErrorCode(sqlite)).toBe('CONFLICT');
    expect(databaseErrorCode(new Error('other'))).toBeNull();
  });

  it('tells a duplicate from every other refusal, on both engines, in one place', () => {
    const pg = (code: string) => Object.assign(new Error(code), { code, severity: 'ERROR' });
    const sqlite = (code: string) => Object.assign(new Error(code), { name: 'SqliteError', code });
    expect(isUniqueViolation(pg('23505'))).toBe(true);
    expect(isUniqueViolation(sqlite('SQLITE_CONSTRAINT_UNIQUE'))).toBe(true);
    expect(isUniqueViolation(sqlite('SQLITE_CONSTRAINT_PRIMARYKEY'))).toBe(true);
    // A foreign key is a conflict for the answer, but not a duplicate to look up again.
    expect(isUniqueViolation(pg('23503'))).toBe(false);
    expect(isUniqueViolation(sqlite('SQLITE_CONSTRAINT_FOREIGNKEY'))).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});

describe('names from Google sign-in', () => {
  it('keeps a name the profile would accept and drops one it would refuse', async () => {
    const google = await startGoogleKeyServer();
    const t = await createTestApp('sqlite', {
      GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID,
      GOOGLE_JWKS_URL: google.jwksUrl,
    });
    const signIn = async (sub: string, email: string, name: string) => {
      const credential = await google.sign({ sub, email, email_verified: true, name });
      const answer = await t.app.inject({ method: 'POST', url: '/api/v1/auth/google', payload: { credential } });
      expect(answer.statusCode, answer.body).toBe(200);
      const row = await t.app.db
        .selectFrom('users')
        .select('name')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return row.name;
    };
    expect(await signIn('g-1', 'jisoo@gmail.com', 'Jisoo')).toBe('Jisoo');
    expect(await signIn('g-2', 'spoof@gmail.com', 'Admin\u202Etxt.exe')).toBeNull();
    expect(await signIn('g-3', 'hidden@gmail.com', 'Ji\u200Bsoo')).toBeNull();
    await t.close();
    await google.close();
  });
});
