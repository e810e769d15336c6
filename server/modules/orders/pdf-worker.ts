import { serveTasks } from '../../worker-pool';
import { preloadRenderer, renderSignedContract, type CertificateFacts } from './pdf';

/**
 * The worker thread that renders signed contracts (started by contract-renderer.ts; built to
 * build/pdf-worker.js beside the server). pdf-lib, fontkit and the font load here, once per thread.
 */
serveTasks<CertificateFacts, Uint8Array>(renderSignedContract);
// The libraries load as the thread starts, so a thread warmed while the contract is read renders at once.
// A failure here is the first render's to report.
preloadRenderer().catch(() => undefined);
