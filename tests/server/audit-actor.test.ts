import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityListSchema } from '../../src/domain/auth';
import { migrateToLatest, withMigrator } from '../../server/db/migrate';
import { changeUserRole } from '../../server/modules/users/service';
import { insertUser } from '../../server/modules/users/records-repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { bearer, createClock, enrollUser } from '../helpers/auth';
import { createTestDb, testEngines } from '../helpers/db';

describe.each(testEngines())('who acted on an audit event, on %s', (engine) => {
  let t: TestApp;
  const clock = createClock();

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_IN_CODES_PER_IP: '1000', AUTH_RATE_LIMIT_MAX: '1000' }, undefined, {
      now: clock.now,
    });
  });
  afterAll(() => t.close());

  it('records the user for their own changes and the operator for an operator’s, in its own column', async () => {
    const { token } = await enrollUser(t.app, clock, 'actor1@example.com');
    const me = await t.app.inject({ url: '/api/v1/users/me', headers: bearer(token) });
    const userId = (me.json() as { userPayload: { id: string } }).userPayload.id;
    clock.advance(1000);
    await changeUserRole(t.app.ctx, userId, 'SELLER', { ip: 'operator', userAgent: 'Moa operator command' });

    const rows = await t.db.db
      .selectFrom('audit_events')
      .select(['type', 'actor'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    expect(rows).toEqual([
      { type: 'SIGN_IN', actor: 'user' },
      { type: 'OTP_ENABLED', actor: 'user' },
      { type: 'ROLE_CHANGED', actor: 'operator' },
    ]);

    const activity = activityListSchema.parse(
      (await t.app.inject({ url: '/api/v1/users/me/activities', headers: bearer(token) })).json(),
    ).activities;
    expect(activity.find((event) => event.type === 'ROLE_CHANGED')).toMatchObject({
      actor: 'operator',
      device: 'Moa operator',
      origin: 'Moa',
    });
    expect(activity.find((event) => event.type === 'SIGN_IN')).toMatchObject({
      actor: 'user',
      device: 'Chrome on macOS',
    });
  });
});

describe.each(testEngines())('the audit actor migration on %s', (engine) => {
  it('marks past operator commands and provider webhooks by who acted', async () => {
    const handle = await createTestDb(engine);
    try {
      const down = await withMigrator(handle.db, (migrator) => migrator.migrateTo('2026-11-22-0400-identity-reviews'));
      expect(down.error).toBeUndefined();

      const now = new Date().toISOString();
      const userId = await insertUser(handle.db, { email: 'past@example.com', name: null }, now);
      const event = (id: string, ip: string, detail: string | null) =>
        sql`insert into audit_events (id, user_id, type, detail, ip, user_agent, created_at)
            values (${id}, ${userId}, 'X', ${detail}, ${ip}, 'agent', ${now})`.execute(handle.db);
      await event('00000000-0000-4000-8000-000000000001', '10.0.0.1', null);
      await event('00000000-0000-4000-8000-000000000002', 'operator', '{"reason":"x"}');
      await event('00000000-0000-4000-8000-000000000003', '3.3.3.3', '{"status":"completed","by":"provider"}');

      await migrateToLatest(handle.db);
      const rows = await handle.db.selectFrom('audit_events').select(['id', 'actor']).orderBy('id').execute();
      expect(rows.map((row) => row.actor)).toEqual(['user', 'operator', 'system']);
    } finally {
      await handle.destroy();
    }
    // Every migration since, down and up again: on a busy machine this outlasts the default.
  }, 90_000);
});
