import { serveTasks } from '../../worker-pool';
import { renderStatement } from '../account/statement-pdf';
import type { PdfTask } from './contract-renderer';
import { preloadRenderer, renderSignedContract } from './pdf';

/**
 * The worker thread that renders signed contracts and yearly statements (started by
 * contract-renderer.ts; built to build/pdf-worker.js beside the server). pdf-lib, fontkit and the
 * font load here, once per thread.
 */
serveTasks<PdfTask, Uint8Array>((task) =>
  task.kind === 'statement' ? renderStatement(task.facts) : renderSignedContract(task.facts),
);
// The libraries load as the thread starts, so a thread warmed while the contract is read renders at once.
// A failure here is the first render's to report.
preloadRenderer().catch(() => undefined);
