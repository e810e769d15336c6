import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertSession, revokeSession } from '../../server/modules/auth/repository';
import { createLiveHub, type LiveStream } from '../../server/modules/live/hub';
import { insertUser } from '../../server/modules/users/records-repository';
import { createTestApp, type TestApp } from '../helpers/app';
import { testEngines } from '../helpers/db';

describe.each(testEngines())('the live hub heartbeat on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('pings every stream each beat and ends one whose session ended', async () => {
    const now = new Date().toISOString();
    const userId = await insertUser(t.db.db, { email: 'beat@example.com', name: 'Beat' }, now);
    const session = (kept: boolean) =>
      insertSession(
        t.db.db,
        {
          userId,
          method: 'EMAIL',
          ip: '127.0.0.1',
          userAgent: kept ? 'kept' : 'ended',
          expiresAt: '2999-01-01T00:00:00.000Z',
        },
        now,
      );
    const [kept, ended] = [await session(true), await session(false)];
    const counts = { kept: { pings: 0, ends: 0 }, ended: { pings: 0, ends: 0 } };
    const stream = (sessionId: string, count: { pings: number; ends: number }): LiveStream => ({
      userId,
      sessionId,
      send: () => undefined,
      ping: () => void (count.pings += 1),
      end: () => void (count.ends += 1),
    });
    const hub = createLiveHub({ ctx: t.app.ctx, engine, log: t.app.log, pollMs: 60_000, heartbeatMs: 5 });
    const keptStream = stream(kept, counts.kept);
    const endedStream = stream(ended, counts.ended);
    await hub.add(keptStream);
    await hub.add(endedStream);
    await revokeSession(t.db.db, ended, new Date().toISOString());
    await vi.waitFor(() => expect(counts.ended.ends).toBeGreaterThan(0), { timeout: 10_000 });
    hub.remove(endedStream);
    await vi.waitFor(() => expect(counts.kept.pings).toBeGreaterThan(1), { timeout: 10_000 });
    expect(counts.kept.ends).toBe(0);
    await hub.close();
    expect(counts.kept.ends).toBe(1);
  });
});
