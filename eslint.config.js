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
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
      'no-restricted-syntax': [
        'error',
        { selector: 'CallExpression[callee.property.name="only"]', message: 'Focused tests must not be committed.' },
      ],
    },
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
