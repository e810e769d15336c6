// The browser's copy of zod (vite.config.ts points `zod` here for the client build only).
// Zod probes for `new Function` while building schemas, to speed up parsing; under the strict
// Content-Security-Policy (no eval) every such probe is reported as a violation. Switching
// the probe off here, before any module builds a schema, keeps the policy quiet; the client's
// payloads are small enough that the faster parser does not matter. The server keeps it on.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
