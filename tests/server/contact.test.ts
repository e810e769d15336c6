import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { testEngines } from '../helpers/db';

const good = {
  name: 'Seo-yeon Kim',
  email: 'seoyeon@example.com',
  topic: 'investing',
  message: 'How are distributions from the hanwoo herd paid out?',
};

describe.each(testEngines())('contact form API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { OPERATOR_EMAIL: 'ops@moa.test', CONTACT_RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => t.close());

  const send = (payload: unknown, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: payload as object, remoteAddress: ip });

  it('stores the message, mails the operators and confirms to the sender', async () => {
    const response = await send(good, '10.0.0.2');
    expect(response.statusCode).toBe(201);
    const receipt = response.json() as { id: number; receivedAt: string };
    expect(receipt.id).toBeGreaterThan(0);

    const row = await t.app.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', receipt.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: good.name, email: good.email, topic: 'investing', message: good.message });
    expect(row.mailed_at).not.toBeNull();

    const ops = (await t.app.inject({ url: '/api/v1/dev/outbox?email=ops@moa.test' })).json().messages;
    expect(ops[0].subject).toContain(`#${receipt.id}`);
    expect(ops[0].text).toContain(good.message);
    expect(ops[0].text).toContain(good.email);
    const mine = (await t.app.inject({ url: `/api/v1/dev/outbox?email=${good.email}` })).json().messages;
    expect(mine[0].subject).toBe('We received your message');
    expect(mine[0].text).toContain(`#${receipt.id}`);
    // The sender's address is unverified: nothing they typed is repeated to it.
    expect(mine[0].text).not.toContain(good.message);
    expect(mine[0].text).not.toContain(good.name);
  });

  it.each([
    ['a bad email', { ...good, email: 'not-an-email' }, 'email'],
    ['an empty name', { ...good, name: '   ' }, 'name'],
    ['a name over two lines', { ...good, name: 'Seo-yeon\nBcc: everyone@example.com' }, 'name'],
    ['a name with a carriage return', { ...good, name: 'Seo-yeon\rKim' }, 'name'],
    ['a name with a direction override', { ...good, name: 'Kim\u202Etxt.exe' }, 'name'],
    ['a name with markup', { ...good, name: '<b>Kim</b>' }, 'name'],
    ['an unknown topic', { ...good, topic: 'lottery' }, 'topic'],
    ['a too short message', { ...good, message: 'hi' }, 'message'],
    ['a too long message', { ...good, message: 'x'.repeat(5001) }, 'message'],
    ['a missing field', { name: 'A', email: 'a@b.co', topic: 'other' }, 'message'],
  ])('refuses %s with VALIDATION_FAILED and stores nothing', async (label, payload, field) => {
    const before = await t.app.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    // Invalid attempts count against the limit too, so each case writes from its own address.
    const response = await send(payload, `10.0.1.${label.length}`);
    expect(response.statusCode).toBe(400);
    const error = response.json().errors[0];
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toContain(field);
    const after = await t.app.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('rate limits one address, not everyone', async () => {
    for (let i = 0; i < 3; i += 1) expect((await send(good, '10.0.0.9')).statusCode).toBe(201);
    const limited = await send(good, '10.0.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0].code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(good, '10.0.0.10')).statusCode).toBe(201);
  });
});
