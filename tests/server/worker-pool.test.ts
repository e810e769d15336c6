import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { RENDER_THREAD_OLD_GENERATION_MB } from '../../server/modules/site/page-renderer';
import { PoolBusyError, WorkerPool, YOUNG_GENERATION_MB } from '../../server/worker-pool';
import type { GatedTask } from '../helpers/gated-worker';
import type { HeapReport } from '../helpers/heap-worker';

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

describe("the worker pool's threads (what a small server keeps, issue #29)", () => {
  const heapWorker = new URL('../helpers/heap-worker.ts', import.meta.url);
  const MiB = 1024 * 1024;

  it('keep their young generation small whatever they allocate, unless told otherwise', async () => {
    const pool = new WorkerPool<{ objects: number }, HeapReport>({ file: heapWorker, size: 1, queueMax: 0 });
    try {
      const { result } = await pool.run({ objects: 2_000_000 });
      expect(result.resourceLimits.maxYoungGenerationSizeMb).toBe(YOUNG_GENERATION_MB);
      // Two 1 MiB halves, where V8's default grows them to 16 MiB each under the same work.
      expect(result.newSpaceBytes).toBeLessThanOrEqual(2 * MiB);
    } finally {
      await pool.close();
    }
  });

  it('run with the bounds their pool gives', async () => {
    const pool = new WorkerPool<{ objects: number }, HeapReport>({
      file: heapWorker,
      size: 1,
      queueMax: 0,
      resourceLimits: { maxOldGenerationSizeMb: RENDER_THREAD_OLD_GENERATION_MB },
    });
    try {
      const { result } = await pool.run({ objects: 1000 });
      expect(result.resourceLimits).toMatchObject({
        maxOldGenerationSizeMb: RENDER_THREAD_OLD_GENERATION_MB,
        maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
      });
    } finally {
      await pool.close();
    }
  });
});
