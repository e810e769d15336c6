import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * A periodic job (expiring orders, closing votes, sending the outboxes). Every process runs its
 * own; the jobs' conditional updates make each change happen once. A tick that comes while the
 * previous run is still going is skipped, so a slow run never overlaps the next one.
 */
export interface Sweep {
  start: () => void;
  /** Stops the timer and waits for a run in progress. */
  stop: () => Promise<void>;
  /** Whether the timer runs (a draining loop checks it to stop early when the app closes). */
  readonly isStarted: boolean;
}

export function createSweep(options: {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  log: FastifyBaseLogger;
}): Sweep {
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<unknown> | null = null;
  return {
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (inFlight) return;
        inFlight = options
          .run()
          .catch((error: unknown) => options.log.error({ err: error }, `${options.name} failed`))
          .finally(() => {
            inFlight = null;
          });
      }, options.everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await inFlight;
    },
    get isStarted() {
      return timer !== null;
    },
  };
}

/**
 * Runs `run` every `everyMs` once the app is ready, and stops (waiting for a run in progress)
 * when it closes; 0 turns the job off (tests run it by hand). A failed run is logged as
 * "<name> failed" and the next tick runs again.
 */
export function registerSweep(
  app: FastifyInstance,
  options: { name: string; everyMs: number; run: () => Promise<unknown> },
): Sweep | null {
  if (options.everyMs <= 0) return null;
  const sweep = createSweep({ name: options.name, everyMs: options.everyMs, run: options.run, log: app.log });
  app.addHook('onReady', async () => sweep.start());
  app.addHook('onClose', async () => sweep.stop());
  return sweep;
}
