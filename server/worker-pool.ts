import { parentPort, threadId, Worker, type ResourceLimits, type TransferListItem } from 'node:worker_threads';

/**
 * A fixed-size pool of worker threads for CPU-heavy work (rendering signed contracts), so the
 * event loop keeps answering other requests while it runs. Threads start on first use and stop
 * after `idleMs` without work (their libraries stay out of memory until needed); tasks beyond
 * the threads wait in a queue of at most `queueMax`, past which `run` refuses at once with
 * PoolBusyError rather than letting callers wait without bound.
 */

export interface WorkerPoolOptions<Task = unknown> {
  /** The worker module: a file that calls `serveTasks`. A `.ts` file is run through tsx. */
  file: URL;
  /** Threads at most. */
  size: number;
  /** Tasks that may wait for a thread; one more is refused. */
  queueMax: number;
  /** A thread without work for this long stops (0 keeps threads until close). */
  idleMs?: number;
  /** What of a task moves to the thread rather than being copied (a MessagePort it talks back on). */
  transferOf?: (task: Task) => readonly TransferListItem[];
  /**
   * Each thread's heap bounds; the young generation is YOUNG_GENERATION_MB unless given. Node
   * flags the process runs with (scripts/server-runtime.mjs) win over these.
   */
  resourceLimits?: ResourceLimits;
}

/**
 * A worker thread's young generation, MiB: two 1 MiB halves and room for large new objects, as
 * the server's own thread has (scripts/server-runtime.mjs). V8's default for a machine with
 * several GiB is 48 MiB, which a thread fills during its start and then keeps
 * (docs/decisions/1835-the-server-s-heap-and-allocator.md).
 */
export const YOUNG_GENERATION_MB = 3;

export interface TaskOutcome<Result> {
  result: Result;
  /** The worker thread that did the work (never 0, the main thread's id). */
  threadId: number;
}

/** The pool is at its queue limit; try again after `retryAfterSeconds`. */
export class PoolBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('the worker pool is at its queue limit');
  }
}

interface Job<Task, Result> {
  task: Task;
  resolve: (outcome: TaskOutcome<Result>) => void;
  reject: (error: Error) => void;
}

interface Thread<Task, Result> {
  worker: Worker;
  job: Job<Task, Result> | null;
  startedAt: number;
  idleTimer: NodeJS.Timeout | null;
}

type Reply<Result> = { ok: true; result: Result; threadId: number } | { ok: false; message: string };

/** Runs a TypeScript worker module through tsx: workers do not inherit the parent's loader hooks. */
function bootstrapOf(file: URL): URL {
  if (!file.pathname.endsWith('.ts')) return file;
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(file.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

export class WorkerPool<Task, Result> {
  private readonly threads = new Set<Thread<Task, Result>>();
  private readonly queue: Array<Job<Task, Result>> = [];
  private readonly entry: URL;
  private isClosed = false;
  /** A running mean of how long a task takes, for Retry-After; a guess until the first one. */
  private meanTaskMs = 1000;

  constructor(private readonly options: WorkerPoolOptions<Task>) {
    if (options.size < 1) throw new Error('a worker pool needs at least one thread');
    this.entry = bootstrapOf(options.file);
  }

  /** Threads started, threads at work and tasks waiting. */
  get stats() {
    let busy = 0;
    for (const thread of this.threads) if (thread.job) busy += 1;
    return { threads: this.threads.size, busy, queued: this.queue.length };
  }

  /** Whether a task given now would be refused. */
  get isFull(): boolean {
    const { busy } = this.stats;
    return busy >= this.options.size && this.queue.length >= this.options.queueMax;
  }

  /** Seconds until the work ahead of a new task is likely done: at least 1. */
  retryAfterSeconds(): number {
    const { busy, queued } = this.stats;
    const rounds = Math.ceil((busy + queued + 1) / this.options.size);
    return Math.max(1, Math.ceil((rounds * this.meanTaskMs) / 1000));
  }

  /**
   * Starts a thread ahead of the first task (its module loads what it needs meanwhile); does
   * nothing when one is already running.
   */
  warm(): void {
    if (this.isClosed || this.threads.size > 0) return;
    this.settleIdle(this.startThread());
  }

  run(task: Task): Promise<TaskOutcome<Result>> {
    if (this.isClosed) return Promise.reject(new Error('the worker pool is closed'));
    if (this.isFull) return Promise.reject(new PoolBusyError(this.retryAfterSeconds()));
    return new Promise((resolve, reject) => {
      this.queue.push({ task, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops every thread; tasks still waiting are refused. Safe to call twice. */
  async close(): Promise<void> {
    this.isClosed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('the worker pool is closed'));
    const threads = [...this.threads];
    this.threads.clear();
    await Promise.all(
      threads.map(async (thread) => {
        if (thread.idleTimer) clearTimeout(thread.idleTimer);
        thread.job?.reject(new Error('the worker pool is closed'));
        thread.job = null;
        await thread.worker.terminate();
      }),
    );
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const thread = this.idleThread() ?? (this.threads.size < this.options.size ? this.startThread() : null);
      if (!thread) return;
      const job = this.queue.shift()!;
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      thread.idleTimer = null;
      thread.job = job;
      thread.startedAt = performance.now();
      // A thread at work keeps the process alive; an idle one does not.
      thread.worker.ref();
      thread.worker.postMessage(job.task, this.options.transferOf?.(job.task));
    }
  }

  private idleThread(): Thread<Task, Result> | undefined {
    for (const thread of this.threads) if (!thread.job) return thread;
    return undefined;
  }

  private startThread(): Thread<Task, Result> {
    const worker = new Worker(this.entry, {
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, ...this.options.resourceLimits },
    });
    const thread: Thread<Task, Result> = { worker, job: null, startedAt: 0, idleTimer: null };
    this.threads.add(thread);
    worker.on('message', (reply: Reply<Result>) => {
      const job = thread.job;
      if (!job) return;
      const took = performance.now() - thread.startedAt;
      this.meanTaskMs = this.meanTaskMs * 0.8 + took * 0.2;
      thread.job = null;
      this.settleIdle(thread);
      if (reply.ok) job.resolve({ result: reply.result, threadId: reply.threadId });
      else job.reject(new Error(reply.message));
      this.dispatch();
    });
    const lose = (error: Error) => {
      if (!this.threads.delete(thread)) return;
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      thread.job?.reject(error);
      thread.job = null;
      // A lost thread is replaced by the next task that needs one.
      this.dispatch();
    };
    worker.on('error', lose);
    worker.on('exit', (code) => lose(new Error(`a worker thread stopped (exit code ${code})`)));
    return thread;
  }

  private settleIdle(thread: Thread<Task, Result>): void {
    thread.worker.unref();
    const idleMs = this.options.idleMs ?? 0;
    if (idleMs <= 0 || this.queue.length > 0) return;
    thread.idleTimer = setTimeout(() => {
      if (thread.job || !this.threads.delete(thread)) return;
      void thread.worker.terminate();
    }, idleMs);
    thread.idleTimer.unref();
  }
}

/** The worker side: answers each task the pool sends with `handle`'s result, or its error's message. */
export function serveTasks<Task, Result>(handle: (task: Task) => Promise<Result> | Result): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread');
  port.on('message', (task: Task) => {
    Promise.resolve()
      .then(() => handle(task))
      .then(
        (result) => port.postMessage({ ok: true, result, threadId } satisfies Reply<Result>),
        (error: unknown) =>
          port.postMessage({
            ok: false,
            message: error instanceof Error ? error.message : String(error),
          } satisfies Reply<Result>),
      );
  });
}
