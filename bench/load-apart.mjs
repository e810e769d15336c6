/**
 * A load generator in a process of its own (bench/run.ts forks it): the server under load keeps
 * its process's CPU for itself, so the bench can read that CPU per request. It waits for the
 * word to start, so the parent's CPU count starts with the load, and answers with autocannon's
 * figures.
 */
import autocannon from 'autocannon';

process.on('message', async (message) => {
  if (message?.type !== 'go') return;
  const { url, connections, duration, headers } = message;
  const result = await autocannon({ url, connections, duration, headers });
  process.send({
    type: 'done',
    rps: result.requests.average,
    total: result.requests.total,
    mean: result.latency.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  });
  process.disconnect();
});
process.send({ type: 'ready' });
