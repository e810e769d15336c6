// Compiles the server and the operator commands to JavaScript in build/ (one ES module each,
// with the shared src/domain code and the dependencies inlined), so `npm start` and `npm run moa`
// run plain JavaScript instead of compiling TypeScript, or resolving and reading hundreds of
// dependency files, at every start. See docs/decisions/0011-compiled-server-and-lean-requests.md.
//
//   node scripts/build-server.mjs            build when a server source is newer than build/
//   node scripts/build-server.mjs --force    build now
//
// Type checking stays with `npm run typecheck`; this only strips types and bundles.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
export const buildDir = path.join(root, 'build');
/** The server, the operator commands, and the worker threads the server starts to render signed contracts and public pages. */
export const entries = {
  server: 'server/main.ts',
  cli: 'server/cli/main.ts',
  'pdf-worker': 'server/modules/orders/pdf-worker.ts',
  'render-worker': 'server/modules/site/render-worker.ts',
};
/** Every file the last build read, written beside it, so staleness is checked on exactly those. */
const inputsFile = path.join(buildDir, 'inputs.json');
const alwaysChecked = ['package.json', 'scripts/build-server.mjs'];
/** The inlined dependencies are covered by the lock file, which changes whenever one is installed or updated. */
const lockFile = 'package-lock.json';

/**
 * Dependencies that stay imports from node_modules instead of being inlined: a native addon,
 * packages that find files of their own by their own path (which an inlined copy would not
 * have), and libraries only some requests or installs need, which load on first use.
 */
export const external = [
  // Native addon.
  'better-sqlite3',
  // Read files beside their own modules (pino's transport workers, swagger its package.json).
  'pino',
  'thread-stream',
  '@fastify/swagger',
  // Loaded on first use (dynamic import), so a start never reads them.
  'pg',
  'ioredis',
  'pdf-lib',
  '@pdf-lib/fontkit',
  // Reads HarfBuzz's wasm file beside its own package.
  'subset-font',
  'sanitize-html',
  'nodemailer',
  'web-push',
  '@aws-sdk/client-s3',
];

/**
 * Inlined CommonJS code calls require() for Node's built-in modules and the external packages;
 * an ES module has no require of its own, so the bundle makes one at its top.
 */
const banner =
  "import { createRequire as __moaCreateRequire } from 'node:module';\nconst require = __moaCreateRequire(import.meta.url);";

const mtimeOf = (file) => (existsSync(path.join(root, file)) ? statSync(path.join(root, file)).mtimeMs : Infinity);

/** Whether build/ is missing an entry, or a source it was built from changed (or went) since. */
export function isServerBuildStale() {
  const outputs = Object.keys(entries).map((name) => path.join(buildDir, `${name}.js`));
  if (!existsSync(inputsFile) || !outputs.every((file) => existsSync(file))) return true;
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const inputs = [...JSON.parse(readFileSync(inputsFile, 'utf8')), ...alwaysChecked];
  const lockChanged = existsSync(path.join(root, lockFile)) && mtimeOf(lockFile) > builtAt;
  return lockChanged || inputs.some((file) => mtimeOf(file) > builtAt);
}

export async function buildServer() {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir: buildDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies are inlined too, except the few listed in `external`.
    external,
    banner: { js: banner },
    sourcemap: true,
    // build/ sits one folder below the root, like server/, so paths relative to a module
    // (package.json for the version) resolve the same from the source and from the build.
    logLevel: 'warning',
    legalComments: 'none',
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    write: false,
  });
  // Each file is written beside its place and renamed over it, so a server starting while
  // another process builds never reads half a file.
  mkdirSync(buildDir, { recursive: true });
  const files = [
    ...result.outputFiles.map((file) => [file.path, file.contents]),
    [inputsFile, JSON.stringify(Object.keys(result.metafile.inputs).filter((file) => !file.includes('node_modules/')))],
  ];
  for (const [file, contents] of files) {
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, contents);
    renameSync(temporary, file);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const force = process.argv.includes('--force');
  if (force || isServerBuildStale()) {
    const started = performance.now();
    await buildServer();
    console.log(`Server built into build/ in ${Math.round(performance.now() - started)} ms.`);
  }
}
