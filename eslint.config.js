import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Server modules talk to each other through an allow-list: a file in server/modules/A may import,
 * from another module B, only B's service.ts or a file named below. Everything else in B (its
 * repositories, its routes, its helpers) is B's own, however it is named.
 */
const modulesDir = new URL('./server/modules/', import.meta.url);
const serverModules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const repositoriesOf = (module) =>
  readdirSync(new URL(`${module}/`, modulesDir))
    .filter((file) => /repository\.ts$/.test(file))
    .map((file) => `./server/modules/${module}/${file}`);
/** Files any module may import besides another module's service.ts, each with why (server/modules/README.md). */
const SHARED_MODULE_FILES = {
  // SQL other modules write in their own transaction: the audit journal every service appends to,
  // and the user record sign-in needs below the users module and every module reads.
  'audit/repository.ts': 'the audit journal',
  'users/records-repository.ts': 'the user record',
  // The audit module has no service: describe.ts words a request's device and place for the activity list.
  'audit/describe.ts': 'device and place wording',
  // Services split by job (README: "a service that does several jobs is split into files named for each job").
  'kyc/investor-verification.ts': "the operator's investor decisions",
  'products/editing.ts': "the operator's project editing",
  'products/images.ts': 'storing project images',
  'posts/images.ts': 'storing post images',
  'auth/email-challenges.ts': 'the e-mail codes a change of address reuses',
  // Shared rules with no state of their own, kept where they were first needed.
  'uploads/storage.ts': 'reading and storing every uploaded file against the quota',
  'kyc/files.ts': 'content sniffing and reading an upload back',
  'site/origin.ts': 'the public origin and HTML escaping',
  'posts/sanitize.ts': 'the one rich-text sanitizer',
  'orders/contract.ts': 'money and legal-name wording the contract fixes',
  'orders/signing.ts': 'the download header (contentDisposition)',
  'orders/pdf.ts': 'the PDF toolkit (fonts, wrapping)',
  // Every PDF renders in the one worker pool in orders, which loads the account statement renderers.
  'account/statement-pdf.ts': 'statement PDF, rendered in the PDF worker',
  'account/cash-statement-pdf.ts': 'cash statement PDF, rendered in the PDF worker',
  // A vote's electorate is a subquery governance's tallies and the notifications fan-out both
  // compose into their SQL; it reads the holdings ledger through holdings/service.ts.
  'governance/voting-power.ts': "a vote's electorate",
};
/** For the operator commands, the seed and the plugins: the shared SQL files they may still use. */
const SHARED_REPOSITORIES = new Set(
  Object.keys(SHARED_MODULE_FILES)
    .filter((file) => /repository\.ts$/.test(file))
    .map((file) => `./server/modules/${file}`),
);

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
      // Only errors are thrown (a stack, `instanceof Error` in every handler), except the router's own
      // idiom: `throw redirect()` and `throw notFound()` of TanStack Router, which it catches itself.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] }] },
      ],
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
    // Known long files: generated table types and seed data.
    files: ['server/db/types.ts', 'server/db/seed/catalogue-data.ts'],
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
              from: './server/modules',
              except: [
                `./${module}`,
                ...serverModules.filter((other) => other !== module).map((other) => `./${other}/service.ts`),
                ...Object.keys(SHARED_MODULE_FILES).map((file) => `./${file}`),
              ],
              message:
                "A module uses another module through its service.ts, or a shared file named in eslint.config.js's SHARED_MODULE_FILES.",
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
