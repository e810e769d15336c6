import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { serverArgs, serverEnvironment } from '../../scripts/server-runtime.mjs';

/** The real server process, as `npm start` runs it, with only the environment given here. */
export function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH, SERVE_CLIENT: 'false', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * The compiled server exactly as `npm start` runs it (build/server.js, built first when a
 * source changed), with only the environment given here.
 */
export function startBuiltServer(env: Record<string, string>): ChildProcess {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the server build failed: ${build.stderr}`);
  return spawn(process.execPath, serverArgs('build/server.js'), {
    env: serverEnvironment({ PATH: process.env.PATH, SERVE_CLIENT: 'false', LOG_LEVEL: 'info', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Everything the process prints, and its exit code once it exits. */
export function collect(child: ChildProcess) {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { output: () => output, exited };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out waiting');
}
