// `npm run moa -- <command>`: the operator commands, compiled like the server (built first
// when a source changed), run in this process so a command pays for one Node start only.
import { buildServer, isServerBuildStale } from './build-server.mjs';

if (isServerBuildStale()) {
  console.error('Building the server…');
  await buildServer();
}
await import('../build/cli.js');
