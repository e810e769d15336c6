import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateVapidKeys } from '../../server/secrets';
import { freePort } from './server-process';
import { serverArgs, serverEnvironment } from '../../scripts/server-runtime.mjs';

/**
 * Real API processes of one install, as several machines run them: the same settings and
 * secrets from the environment, each with its own empty data folder and port.
 */
export interface ApiProcess {
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Everything it printed so far (shown when a test fails). */
  output: () => string;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/** Secrets as an operator sets them on every machine: generated once here, the same for all. */
export function sharedSecrets(): Record<string, string> {
  const vapid = generateVapidKeys();
  return {
    TOKEN_SIGNING_KEY: randomBytes(48).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(48).toString('base64url'),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  };
}

/** Waits until `check` holds, polling; generous by default, for a loaded machine. */
export async function waitUntil(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await Promise.resolve(check()).catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting until ${what}`);
}

async function isReady(port: number): Promise<boolean> {
  const response = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null);
  return response?.status === 200;
}

/** Compiles the server and the operator commands (build/) when a source changed, as `npm start` does. */
export function buildServer(): void {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the server build failed: ${build.stderr}`);
}

/** Starts one process of the install, compiled as `npm start` runs it (buildServer first), and waits until it is ready. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'moa-process-'));
  const child = spawn(process.execPath, serverArgs('build/server.js'), {
    env: serverEnvironment({
      PATH: process.env.PATH,
      SERVE_CLIENT: 'false',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let hasExited = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      hasExited = true;
      resolve(code);
    }),
  );
  const started = { port, dataDir, child, output: () => output, exited };
  await waitUntil(
    async () => {
      if (hasExited) throw new Error(`the process on ${port} exited at start:\n${output}`);
      return isReady(port);
    },
    `the process on ${port} is ready`,
    120_000,
  ).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw new Error(`${String(error)}\n${output}`);
  });
  return started;
}

/** The newest sign-in code mailed to `email` by any of the processes (each keeps its own outbox). */
export async function latestCodeFrom(processes: ApiProcess[], email: string): Promise<string> {
  for (const { port } of processes) {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/dev/outbox?email=${encodeURIComponent(email)}`);
    const { messages } = (await response.json()) as { messages: Array<{ text: string }> };
    const code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
    if (code) return code;
  }
  throw new Error(`no code mailed to ${email}`);
}
