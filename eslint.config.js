import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Each server module's SQL files, which only the module itself may import (the shared ones aside). */
const modulesDir = new URL('./server/modules/', import.meta.url);
const serverModules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const repositoriesOf = (module) =>
  readdirSync(new URL(`${module}/`, modulesDir))
    .filter((file) => /repository\.ts$/.test(file))
    .map((file) => `./server/modules/${module}/${file}`);
/** The audit journal and the user record are read and written by every module (server/modules/README.md). */
const SHARED_REPOSITORIES = new Set([
  './server/modules/audit/repository.ts',
  './server/modules/users/records-repository.ts',
]);

export default tseslint.config(
  {
    ignores: [
      'dist',
      'build',
      'node_modules',
      'src/routeTree.gen.ts',
      'test-results',
      'playwright-report',
      'data',
      'coverage',
      // Deliberate mistakes, linted by tests/lint/type-aware.test.ts.
      'tests/lint/fixtures',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    // Type-aware rules: the TypeScript projects (tsconfig.{app,sw,node}.json) give each file its types.
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      // An async event handler in JSX is the React idiom; elsewhere a promise where void is expected is a bug.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Noise: `any` comes from response.json() in tests and driver rows; zod and Kysely type the boundaries.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Noise: async functions that satisfy a promise-returning interface without awaiting anything.
      '@typescript-eslint/require-await': 'off',
      // Noise for now: 110 harmless casts; autofixable, left for a pass that does not collide with other work.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Noise: the router's idiom is `throw redirect()` / `throw notFound()`, and the serializer throws its results.
      '@typescript-eslint/only-throw-error': 'off',
      // Noise: String() of a FormData entry (string | File) and of driver rows whose type is wider than the data.
      '@typescript-eslint/no-base-to-string': 'off',
      // Noise: the only hits destructure functions from module namespaces, which have no `this`.
      '@typescript-eslint/unbound-method': 'off',
      // Noise: `'visible' | string` keeps editor hints for known values on purpose.
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      // Noise: IndexedDB requests reject with the request's own DOMException | null.
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
    },
  },
  {
    // Plain JavaScript (this config, the scripts) belongs to no TypeScript project.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // CommonJS files preloaded with `node --require` (the memory bench's probe).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // A file past 800 lines is a sign it does two jobs; it warns, and `npm run lint` allows no warning.
      'max-lines': ['warn', { max: 800, skipBlankLines: true, skipComments: true }],
      'no-restricted-syntax': [
        'error',
        { selector: 'CallExpression[callee.property.name="only"]', message: 'Focused tests must not be committed.' },
      ],
    },
  },
  {
    // Known long files: generated table types and seed data, and two services being split.
    files: [
      'server/db/types.ts',
      'server/db/seed/catalogue-data.ts',
      'server/modules/governance/service.ts',
      'server/modules/market/service.ts',
    ],
    rules: { 'max-lines': 'off' },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Dependencies flow one way: domain, ui and lib -> features -> routes. Features are composed
    // in routes, never in each other; the server shares only src/domain with the client.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sw/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./src/domain', './src/lib', './src/ui'],
              from: ['./src/features', './src/routes'],
              message: 'lib/, ui/ and domain/ never import features or routes: pass what they need in.',
            },
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'A feature never imports another feature: compose them in a route.',
            })),
            {
              target: ['./server', './sw'],
              from: ['./src/features', './src/routes', './src/lib', './src/ui'],
              message: 'The server and the service worker share only src/domain with the client.',
            },
            ...serverModules.map((module) => ({
              target: `./server/modules/${module}`,
              from: serverModules
                .filter((other) => other !== module)
                .flatMap(repositoriesOf)
                .filter((file) => !SHARED_REPOSITORIES.has(file)),
              message: 'A module uses another module through its service, never its repository.',
            })),
            {
              target: ['./server/cli', './server/db/seed', './server/plugins', './server/app.ts'],
              from: serverModules.flatMap(repositoriesOf).filter((file) => !SHARED_REPOSITORIES.has(file)),
              message:
                'Operator commands, the seed and the plugins call services, so every rule and audit record applies.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // One client convention: every change goes through a hook in features/<x>/mutations.ts, which
    // owns the call and its cache work; components and routes only add their reactions.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/features/*/mutations.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message: 'Call a hook from features/<x>/mutations.ts; only those files call useMutation.',
            },
          ],
        },
      ],
    },
  },
  {
    // Dependencies flow one way: domain is pure and isomorphic, ui knows no data.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'react-dom', '../lib/*', '../features/*', '../ui/*', '../routes/*'],
              message: 'src/domain is isomorphic: no DOM, node or app imports.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/db/migrations/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*', '../../*', '!./*'],
              message: 'Migrations are frozen in time: import only kysely and ./helpers.',
            },
          ],
        },
      ],
    },
  },
);
