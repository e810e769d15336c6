import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSweep, registerSweep } from '../../server/plugins/sweep';

function serverFiles(dir = 'server'): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return serverFiles(full);
    return name.endsWith('.ts') ? [full.split(path.sep).join('/')] : [];
  });
}
const sources = serverFiles().map((file) => ({ file, text: readFileSync(file, 'utf8') }));

describe('one way per thing on the server', () => {
  it('tells a duplicate by the error handler only', () => {
    const copies = sources.filter(({ text }) => /function isUniqueViolation\b/.test(text)).map(({ file }) => file);
    expect(copies).toEqual(['server/plugins/error-handler.ts']);
    const byHand = sources.filter(({ text }) => /code === '23505'|SQLITE_CONSTRAINT_UNIQUE'\s*\|\|/.test(text));
    expect(byHand.map(({ file }) => file)).toEqual([]);
  });

  it('writes no-store through the preset only', () => {
    const literal = sources
      .filter(({ file, text }) => file !== 'server/plugins/presets.ts' && /'no-store'/.test(text))
      .map(({ file }) => file);
    expect(literal).toEqual([]);
  });

  it('runs periodic jobs through registerSweep (timers elsewhere are per stream or per shutdown)', () => {
    const timers = sources
      .filter(({ text }) => /setInterval\(/.test(text))
      .map(({ file }) => file)
      .sort();
    expect(timers).toEqual(['server/main.ts', 'server/modules/live/hub.ts', 'server/plugins/sweep.ts']);
  });
});

describe('a sweep', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const silent = { error: vi.fn() } as unknown as Parameters<typeof createSweep>[0]['log'];

  it('skips ticks while a run is in progress, so runs never overlap, and waits for it on stop', async () => {
    vi.useFakeTimers();
    let runs = 0;
    let finish = () => {};
    const sweep = createSweep({
      name: 'test',
      everyMs: 1000,
      log: silent,
      run: () => {
        runs += 1;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
    });
    sweep.start();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    let stopped = false;
    const stopping = sweep.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    expect(sweep.isStarted).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
  });

  it('logs a failed run and runs again on the next tick', async () => {
    vi.useFakeTimers();
    const log = { error: vi.fn() } as unknown as Parameters<typeof createSweep>[0]['log'];
    let runs = 0;
    const sweep = createSweep({
      name: 'flaky job',
      everyMs: 1000,
      log,
      run: async () => {
        runs += 1;
        throw new Error('down');
      },
    });
    sweep.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(2);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'flaky job failed');
    await sweep.stop();
  });

  it('is registered with the app: off at 0, started when ready, stopped when closed', async () => {
    const app = Fastify();
    expect(registerSweep(app, { name: 'off', everyMs: 0, run: async () => {} })).toBeNull();
    const sweep = registerSweep(app, { name: 'on', everyMs: 60_000, run: async () => {} })!;
    expect(sweep.isStarted).toBe(false);
    await app.ready();
    expect(sweep.isStarted).toBe(true);
    await app.close();
    expect(sweep.isStarted).toBe(false);
  });
});
