// The server the e2e tests drive: the production build on a brand-new data folder, with
// its demo seed, exactly as a first `npm start` would run (the compiled server, built first
// when a source changed). The folder goes when it stops.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildDir, buildServer, isServerBuildStale } from './build-server.mjs';
import { serverArgs, serverEnvironment } from './server-runtime.mjs';

if (isServerBuildStale()) await buildServer();

// A folder the tests know (E2E_DATA_DIR), emptied first; otherwise a new temporary one.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'moa-e2e-'));
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const child = spawn(process.execPath, serverArgs(path.join(buildDir, 'server.js')), {
  stdio: 'inherit',
  env: serverEnvironment({
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    RATE_LIMIT_MAX: '100000',
    // Every test signs its investors in from this one loopback address: the per-address caps on
    // sign-in codes and on the sign-in routes would otherwise end the run after about thirty.
    SIGN_IN_CODES_PER_IP: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    UPLOAD_RATE_LIMIT_MAX: '100000',
    // The tests' own push service listens on loopback, which endpoints may otherwise never name.
    PUSH_DEV_HOSTS: '127.0.0.1',
  }),
});
const stop = (signal) => child.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
