import { serveTasks } from '../../worker-pool';
import { renderCashStatement } from '../account/cash-statement-pdf';
import { renderStatement } from '../account/statement-pdf';
import type { PdfTask } from './contract-renderer';
import { preloadRenderer, renderSignedContract } from './pdf';

/**
 * The worker thread that renders signed contracts and statements (started by
 * contract-renderer.ts; built to build/pdf-worker.js beside the server). pdf-lib, fontkit and the
 * font load here, once per thread.
 */
serveTasks<PdfTask, Uint8Array>((task) => {
  switch (task.kind) {
    case 'statement':
      return renderStatement(task.facts);
    case 'cash-statement':
      return renderCashStatement(task.facts);
    case 'contract':
      return renderSignedContract(task.facts);
  }
});
// The libraries load as the thread starts, so a thread warmed while the contract is read renders at once.
// A failure here is the first render's to report.
preloadRenderer().catch(() => undefined);
