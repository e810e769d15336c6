import { z } from 'zod';

// Zod probes for `new Function` to speed up parsing; the strict Content-Security-Policy
// (no eval) would log a violation for that probe on every page. Parsing speed is not a
// concern for the client's payloads, so the probe is switched off.
z.config({ jitless: true });
