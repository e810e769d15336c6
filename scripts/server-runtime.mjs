// How the compiled server process is run: the Node flags and the environment defaults that keep
// a small server small, in one place for `npm start`, the e2e server, the tests that start the
// compiled server and the benchmarks. See docs/decisions/1835-the-server-s-heap-and-allocator.md.
//
// A deployment that starts `node build/server.js` itself (a service manager, a container) passes
// the same: `MALLOC_ARENA_MAX=2 node --max-semi-space-size=1 --heap-growing-percent=50 build/server.js`.

/**
 * V8's heap for a server whose live data is some tens of MiB. The young generation keeps its
 * two halves at 1 MiB instead of growing them to 16 MiB each during the start and keeping them
 * resident, nearly empty, for good; the old generation is collected when it has grown by half
 * of what was live after the last collection, instead of by up to four times (V8's factor on a
 * machine with several GiB). Process-wide: the worker threads run with them too, and their
 * pools set the same bounds for themselves (server/worker-pool.ts) when these are not given.
 */
export const serverNodeFlags = ['--max-semi-space-size=1', '--heap-growing-percent=50'];

/**
 * glibc's allocator gives each thread that allocates an arena of its own (up to eight per core)
 * and keeps what a stopped thread freed there; two arenas serve all threads. A value already in
 * the environment wins.
 */
export const serverEnvironmentDefaults = { MALLOC_ARENA_MAX: '2' };

/** `node`'s arguments to run `entry` (build/server.js) as the server runs, after `preload` flags. */
export function serverArgs(entry, preload = []) {
  return [...serverNodeFlags, ...preload, entry];
}

/** `env` with the server's environment defaults under it. */
export function serverEnvironment(env) {
  return { ...serverEnvironmentDefaults, ...env };
}
