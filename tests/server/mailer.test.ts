import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

describe('the development outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('files mail in the outbox, readable as JSON by address and as a page', async () => {
    await t.app.mailer.send({ to: 'Ana@Example.com', subject: 'Your code', text: 'Code 123456 <b>' });
    await t.app.mailer.send({ to: 'bo@example.com', subject: 'Other', text: 'x' });
    const response = await t.app.inject({ url: '/api/v1/dev/outbox?email=ana@example.com' });
    expect(response.statusCode).toBe(200);
    const { messages } = response.json() as { messages: Array<{ to: string; subject: string; text: string }> };
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to: 'Ana@Example.com', subject: 'Your code', text: 'Code 123456 <b>' });

    const all = (await t.app.inject({ url: '/api/v1/dev/outbox' })).json() as { messages: unknown[] };
    expect(all.messages).toHaveLength(2);

    const page = await t.app.inject({ url: '/dev/mailbox' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Code 123456 &#60;b&#62;');
    expect(page.body).not.toContain('<b>');
  });

  it('refuses a malformed address filter', async () => {
    const response = await t.app.inject({ url: '/api/v1/dev/outbox?email=nope' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe('VALIDATION_FAILED');
  });
});

describe('in production', () => {
  it('has no outbox routes', async () => {
    const t = await createTestApp('sqlite', { NODE_ENV: 'production' });
    expect((await t.app.inject({ url: '/api/v1/dev/outbox' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
    await t.close();
  });
});
