import { serveTasks } from '../../worker-pool';
import { renderSignedContract, type CertificateFacts } from './pdf';

/**
 * The worker thread that renders signed contracts (started by contract-renderer.ts; built to
 * build/pdf-worker.js beside the server). pdf-lib, fontkit and the font load here, once per thread.
 */
serveTasks<CertificateFacts, Uint8Array>(renderSignedContract);
