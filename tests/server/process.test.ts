import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collect, freePort, startServer, waitFor } from '../helpers/server-process';

describe('the server process', () => {
  it('stops at start with one clear line naming a malformed variable', async () => {
    const child = startServer({ PORT: 'not-a-port', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'moa-')) });
    const { output, exited } = collect(child);
    expect(await exited).toBe(1);
    expect(output().trim()).toBe('Invalid environment variable PORT: must be a port number (got "not-a-port")');
  });

  it('creates the data folder, migrates, serves, and shuts down cleanly on SIGTERM', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'moa-'));
    const dataDir = path.join(root, 'nested', 'data');
    // A large file makes a download that is really still in flight when the signal arrives.
    const dist = path.join(root, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Moa</title>');
    const size = 32 * 1024 * 1024;
    writeFileSync(path.join(dist, 'assets', 'big-0123abcd.bin'), Buffer.alloc(size, 7));
    const port = await freePort();
    const child = startServer({ PORT: String(port), DATA_DIR: dataDir, SERVE_CLIENT: 'true', CLIENT_DIST_DIR: dist });
    const { output, exited } = collect(child);
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok);
    expect(existsSync(path.join(dataDir, 'moa.sqlite'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(true);

    // A request in flight when the signal arrives still gets its whole answer.
    const response = await fetch(`http://127.0.0.1:${port}/assets/big-0123abcd.bin`);
    const reader = response.body!.getReader();
    let received = (await reader.read()).value?.length ?? 0;
    child.kill('SIGTERM');
    // The rest is read only once the server has begun to shut down: it takes no new connections.
    await waitFor(() =>
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => false,
        () => true,
      ),
    );
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
    }
    expect(received).toBe(size);
    expect(await exited).toBe(0);
    expect(output()).toContain('shutting down');
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 30_000);
});
