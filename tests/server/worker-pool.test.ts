import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { PoolBusyError, WorkerPool } from '../../server/worker-pool';
import type { GatedTask } from '../helpers/gated-worker';

const file = new URL('../helpers/gated-worker.ts', import.meta.url);

/** A gate the test holds closed: tasks given it block their thread until it opens. */
function closedGate() {
  const gate = new SharedArrayBuffer(4);
  return {
    gate,
    open: () => {
      Atomics.store(new Int32Array(gate), 0, 1);
      Atomics.notify(new Int32Array(gate), 0);
    },
  };
}

describe('the worker pool', () => {
  const pools: Array<WorkerPool<GatedTask, number>> = [];
  const poolOf = (size: number, queueMax: number) => {
    const pool = new WorkerPool<GatedTask, number>({ file, size, queueMax });
    pools.push(pool);
    return pool;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.close()));
  });

  it('runs a task in a worker thread, not on the thread that asked', async () => {
    const outcome = await poolOf(1, 0).run({ gate: null, value: 21 });
    expect(outcome.result).toBe(42);
    expect(outcome.threadId).not.toBe(threadId);
    expect(outcome.threadId).toBeGreaterThan(0);
  });

  it('starts a thread ahead of the first task when warmed, and runs the task on it', async () => {
    const pool = poolOf(2, 0);
    pool.warm();
    pool.warm();
    expect(pool.stats).toEqual({ threads: 1, busy: 0, queued: 0 });
    expect((await pool.run({ gate: null, value: 2 })).result).toBe(4);
    expect(pool.stats).toEqual({ threads: 1, busy: 0, queued: 0 });
  });

  it('keeps the asking thread free while a task blocks its worker', async () => {
    const pool = poolOf(1, 0);
    const { gate, open } = closedGate();
    let isDone = false;
    const running = pool.run({ gate, value: 1 }).then((outcome) => {
      isDone = true;
      return outcome;
    });
    // The worker is blocked; this thread still runs timers and I/O callbacks, many times over.
    let turns = 0;
    while (turns < 50) {
      await new Promise((resolve) => setImmediate(resolve));
      turns += 1;
    }
    expect(isDone).toBe(false);
    expect(pool.stats).toEqual({ threads: 1, busy: 1, queued: 0 });
    open();
    expect((await running).result).toBe(2);
  });

  it('queues up to its limit and refuses the next task at once, with a time to retry', async () => {
    const pool = poolOf(1, 1);
    const { gate, open } = closedGate();
    const first = pool.run({ gate, value: 1 });
    const second = pool.run({ gate, value: 2 });
    expect(pool.stats).toMatchObject({ busy: 1, queued: 1 });
    expect(pool.isFull).toBe(true);
    const refused = await pool.run({ gate: null, value: 3 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PoolBusyError);
    expect((refused as PoolBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    open();
    expect((await first).result).toBe(2);
    expect((await second).result).toBe(4);
    expect(pool.isFull).toBe(false);
    expect((await pool.run({ gate: null, value: 5 })).result).toBe(10);
  });

  it('uses at most its size in threads, and each runs tasks side by side', async () => {
    const pool = poolOf(2, 4);
    const { gate, open } = closedGate();
    const tasks = [1, 2, 3, 4].map((value) => pool.run({ gate, value }));
    expect(pool.stats).toEqual({ threads: 2, busy: 2, queued: 2 });
    open();
    const outcomes = await Promise.all(tasks);
    expect(outcomes.map((outcome) => outcome.result)).toEqual([2, 4, 6, 8]);
    expect(new Set(outcomes.map((outcome) => outcome.threadId)).size).toBe(2);
  });

  it('answers a failed task with its error, and replaces a thread that died', async () => {
    const pool = poolOf(1, 2);
    await expect(pool.run({ gate: null, value: -1 })).rejects.toThrow('refused -1');
    const before = (await pool.run({ gate: null, value: 1 })).threadId;
    await expect(pool.run({ gate: null, value: 0 })).rejects.toThrow(/exit code 3/);
    const after = await pool.run({ gate: null, value: 4 });
    expect(after.result).toBe(8);
    expect(after.threadId).not.toBe(before);
  });

  it('refuses waiting tasks and stops its threads when closed', async () => {
    const pool = poolOf(1, 1);
    const { gate } = closedGate();
    const running = pool.run({ gate, value: 1 }).catch((error: unknown) => error);
    const waiting = pool.run({ gate, value: 2 }).catch((error: unknown) => error);
    await pool.close();
    expect(await running).toBeInstanceOf(Error);
    expect(await waiting).toBeInstanceOf(Error);
    expect(pool.stats).toEqual({ threads: 0, busy: 0, queued: 0 });
    await expect(pool.run({ gate: null, value: 1 })).rejects.toThrow('closed');
  });
});
