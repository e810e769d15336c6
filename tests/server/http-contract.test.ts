import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorEnvelopeSchema, healthSchema } from '../../src/domain/schemas';
import { AppError } from '../../server/errors';
import { createTestApp, type TestApp } from '../helpers/app';
import { testEngines } from '../helpers/db';

describe.each(testEngines())('HTTP contract on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { BODY_LIMIT_BYTES: '2048' }, (app) => {
      // Probe routes: they exercise the shared validation, limits and error handling exactly
      // as feature routes will.
      app.post(
        '/api/v1/probe',
        { schema: { body: z.object({ email: z.email(), quantity: z.number().int().min(1) }) } },
        async (request) => ({ received: request.body }),
      );
      app.get('/api/v1/probe/conflict', async () => {
        throw new AppError('CONFLICT', 'Already done.');
      });
      app.get('/api/v1/probe/crash', async () => {
        throw new Error('secret internal detail at /srv/db.ts:42');
      });
    });
  });
  afterAll(() => t.close());

  it('GET /api/health checks the database and answers { status, db, version }', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = healthSchema.parse(response.json());
    expect(body).toEqual({ status: 'ok', db: 'up', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('an unknown /api route answers the JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/v1/nothing-here?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        errors: [{ code: 'NOT_FOUND', message: `No route for ${method} /api/v1/nothing-here.` }],
      });
    }
  });

  it('malformed JSON answers MALFORMED_JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [{ code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' }],
    });
  });

  it('a body over the limit answers PAYLOAD_TOO_LARGE with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/probe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', quantity: 1, padding: 'x'.repeat(4096) }),
    });
    expect(response.statusCode).toBe(413);
    expect(errorEnvelopeSchema.parse(response.json()).errors[0]?.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a validation failure answers VALIDATION_FAILED naming the fields', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/probe',
      payload: { email: 'not-an-email', quantity: 0 },
    });
    expect(response.statusCode).toBe(400);
    const [error] = errorEnvelopeSchema.parse(response.json()).errors;
    expect(error?.code).toBe('VALIDATION_FAILED');
    expect(error?.message).toContain('body.email');
    expect(error?.message).toContain('body.quantity');
  });

  it('a valid request passes validation', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/probe',
      payload: { email: 'ana@example.com', quantity: 2 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: { email: 'ana@example.com', quantity: 2 } });
  });

  it('a service AppError answers its catalogue status and code', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/probe/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errors: [{ code: 'CONFLICT', message: 'Already done.' }] });
  });

  it('an unexpected fault answers INTERNAL_ERROR and never leaks its details', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/probe/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ errors: [{ code: 'INTERNAL_ERROR', message: 'An unexpected error occurred.' }] });
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toContain('.ts');
  });

  it('every answer carries security headers and a request id', async () => {
    // A page (anything outside the API) carries the policy the app runs under.
    const page = await t.app.inject({ method: 'GET', url: '/projects' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['permissions-policy']).toBeTruthy();
    expect(page.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    // An API answer is data: it may load nothing and be framed by nothing, and carries only the
    // headers that mean something for it.
    for (const url of ['/api/health', '/api/v1/categories', '/api/v1/nothing-here']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers['x-frame-options'], url).toBe('DENY');
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(answer.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
      for (const name of [
        'permissions-policy',
        'cross-origin-opener-policy',
        'x-dns-prefetch-control',
        'x-xss-protection',
      ])
        expect(answer.headers[name], `${url} ${name}`).toBeUndefined();
    }
    // The API reference is a page for people to read: it gets the page's headers.
    const reference = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(reference.statusCode).toBe(200);
    expect(String(reference.headers['content-security-policy'])).toContain("style-src 'self' 'unsafe-inline'");
  });

  it('keeps a well-formed incoming request id and replaces a hostile one', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-12345678' } });
    expect(kept.headers['x-request-id']).toBe('lb-12345678');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\nInjected: yes' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe.each(testEngines())('rate limits on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { RATE_LIMIT_MAX: '5' }, (app) => {
      app.get('/api/v1/probe/conflict', async () => {
        throw new AppError('CONFLICT', 'Already done.');
      });
    });
  });
  afterAll(() => t.close());

  it('rate limits API routes per client with RATE_LIMITED and Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 7; i += 1) {
      last = await t.app.inject({ method: 'GET', url: '/api/v1/probe/conflict', remoteAddress: '10.9.8.7' });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([409, 409, 409, 409, 409]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(last!.headers['retry-after']).toMatch(/^\d+$/);
    expect(errorEnvelopeSchema.parse(last!.json()).errors[0]?.code).toBe('RATE_LIMITED');
    // Another client is not affected.
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/probe/conflict', remoteAddress: '10.9.8.6' });
    expect(other.statusCode).toBe(409);
  });

  it('the health check is never rate limited, so monitors keep working', async () => {
    for (let i = 0; i < 8; i += 1) {
      const response = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.9.8.5' });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe.each(testEngines())('health when the database is gone, on %s', (engine) => {
  it('answers 503 with db down', async () => {
    const t = await createTestApp(engine);
    await t.db.destroy();
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', db: 'down' });
    await t.app.close();
  });
});

describe.each(testEngines())('a draining process, on %s', (engine) => {
  it('fails readiness and closes the connection of every answer once it drains, and not before', async () => {
    const t = await createTestApp(engine);
    try {
      const before = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(before.statusCode).toBe(200);
      expect(before.json().status).toBe('ready');
      expect(before.headers.connection).not.toBe('close');
      t.app.drain.begin();
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().status).toBe('draining');
      expect(ready.headers.connection).toBe('close');
      // Still served, so requests in flight or on their way finish; each on a connection that ends.
      const read = await t.app.inject({ method: 'GET', url: '/api/v1/categories' });
      expect(read.statusCode).toBe(200);
      expect(read.headers.connection).toBe('close');
      expect(read.headers['x-request-id']).toBeTruthy();
    } finally {
      await t.close();
    }
  });
});
