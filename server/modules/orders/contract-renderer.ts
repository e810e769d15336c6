import { availableParallelism } from 'node:os';
import type { AppConfig } from '../../config';
import { AppError } from '../../errors';
import { PoolBusyError, WorkerPool } from '../../worker-pool';
import type { CashStatementFacts } from '../account/cash-statement-pdf';
import type { StatementFacts } from '../account/statement-pdf';
import type { CertificateFacts } from './pdf';

/** What a render thread is asked to draw: a signed contract or an investor's yearly statement. */
export type PdfTask =
  | { kind: 'contract'; facts: CertificateFacts }
  | { kind: 'statement'; facts: StatementFacts }
  | { kind: 'cash-statement'; facts: CashStatementFacts };

/**
 * Renders signed contracts (and the account's yearly statements) in worker threads: a PDF takes
 * about half a second of CPU, which on the event loop would hold every other request of the
 * process for as long. One pool per app serves both, so together they never take more threads.
 */
export interface ContractRenderer {
  /** The PDF's bytes, and the worker thread that rendered them. */
  render(facts: CertificateFacts): Promise<{ pdf: Uint8Array; threadId: number }>;
  /** A yearly statement's PDF, in the same threads and queue as the contracts. */
  renderStatement(facts: StatementFacts): Promise<{ pdf: Uint8Array; threadId: number }>;
  /** A monthly or annual cash balance statement's PDF, in the same threads and queue. */
  renderCashStatement(facts: CashStatementFacts): Promise<{ pdf: Uint8Array; threadId: number }>;
  /** Starts a render thread ahead of a signature (while its contract is read), if none runs. */
  warm(): void;
  /** Refuses with SERVICE_UNAVAILABLE (503, Retry-After) when a render now would be refused. */
  assertAvailable(): void;
  stats(): { threads: number; busy: number; queued: number };
  close(): Promise<void>;
}

/**
 * The worker module: beside this file in the sources (run through tsx), beside the bundle in
 * build/ (scripts/build-server.mjs builds it as its own entry).
 */
const workerFile = import.meta.url.endsWith('.ts')
  ? new URL('./pdf-worker.ts', import.meta.url)
  : new URL('./pdf-worker.js', import.meta.url);

/** A thread without a contract to render for a minute stops, giving back pdf-lib's and the font's memory. */
const IDLE_MS = 60_000;

/** One per core but one, so the event loop keeps a core of its own; at least one. */
export function renderThreadsFor(config: Pick<AppConfig, 'CONTRACT_RENDER_THREADS'>): number {
  return config.CONTRACT_RENDER_THREADS > 0 ? config.CONTRACT_RENDER_THREADS : Math.max(1, availableParallelism() - 1);
}

function busy(error: PoolBusyError): AppError {
  return new AppError('SERVICE_UNAVAILABLE', 'Many contracts are being signed right now. Try again in a moment.', {
    'retry-after': String(error.retryAfterSeconds),
  });
}

export function createContractRenderer(
  config: Pick<AppConfig, 'CONTRACT_RENDER_THREADS' | 'CONTRACT_RENDER_QUEUE_MAX'>,
): ContractRenderer {
  const pool = new WorkerPool<PdfTask, Uint8Array>({
    file: workerFile,
    size: renderThreadsFor(config),
    queueMax: config.CONTRACT_RENDER_QUEUE_MAX,
    idleMs: IDLE_MS,
  });
  const run = async (task: PdfTask) => {
    try {
      const { result, threadId } = await pool.run(task);
      return { pdf: result, threadId };
    } catch (error) {
      if (error instanceof PoolBusyError) throw busy(error);
      throw error;
    }
  };
  return {
    render: (facts) => run({ kind: 'contract', facts }),
    renderStatement: (facts) => run({ kind: 'statement', facts }),
    renderCashStatement: (facts) => run({ kind: 'cash-statement', facts }),
    warm: () => pool.warm(),
    assertAvailable() {
      if (pool.isFull) throw busy(new PoolBusyError(pool.retryAfterSeconds()));
    },
    stats: () => pool.stats,
    close: () => pool.close(),
  };
}
