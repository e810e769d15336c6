import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify('test') },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    environment: 'node',
    // Each integration file opens its own databases; two cores, so a few files at a time.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 15_000,
    hookTimeout: 30_000,
  },
});
