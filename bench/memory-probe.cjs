// Preloaded by bench/memory.ts only (`node --require ./bench/memory-probe.cjs …`; no other flag):
// on SIGUSR2 the process writes its memory figures (process.memoryUsage(), main thread's heap)
// as JSON to MEMORY_PROBE_FILE, numbered so the bench knows the answer is new. Nothing here
// forces a collection: the figures are what the process holds as it runs.
'use strict';
const { writeFileSync } = require('node:fs');

let answered = 0;
process.on('SIGUSR2', () => {
  const usage = process.memoryUsage();
  answered += 1;
  writeFileSync(
    process.env.MEMORY_PROBE_FILE,
    JSON.stringify({
      seq: answered,
      rss: usage.rss,
      heapUsed: usage.heapUsed,
      heapTotal: usage.heapTotal,
      external: usage.external,
    }),
  );
});
