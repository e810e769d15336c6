// `npm start`: build the client and the server when their sources are newer than the last
// build, then run the compiled server (migrations and the first-start demo seed happen inside
// it). See docs/decisions/0011-compiled-server-and-lean-requests.md.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildDir, buildServer, isServerBuildStale } from './build-server.mjs';
import { serverArgs, serverEnvironment } from './server-runtime.mjs';

const root = path.resolve(import.meta.dirname, '..');
const distIndex = path.join(root, 'dist', 'index.html');
const sources = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'uno.config.ts', 'package.json'];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const builtAt = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newestMtime));
if (builtAt < changedAt) {
  console.log(builtAt ? 'Sources changed since the last build; building the client…' : 'Building the client…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (isServerBuildStale()) {
  console.log('Building the server…');
  await buildServer();
}

// With the heap and allocator settings of a small server (scripts/server-runtime.mjs).
const server = spawn(process.execPath, serverArgs(path.join(buildDir, 'server.js')), {
  cwd: root,
  stdio: 'inherit',
  // The embedded default runs in development mode, so sign-in codes can be read at
  // /dev/mailbox from this machine without any mail server (see docs/decisions/0551); a
  // deployment sets NODE_ENV=production and SMTP_URL, without which it will not start.
  env: serverEnvironment({ ...process.env }),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
