import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The real server process, as `npm start` runs it. */
function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH, SERVE_CLIENT: 'false', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function collect(child: ChildProcess) {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { output: () => output, exited };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out waiting');
}

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
    await new Promise((resolve) => setTimeout(resolve, 200));
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
