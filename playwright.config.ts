import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_TOKEN_SIGNING_KEY, E2E_TOTP_PAST_STEPS } from './e2e/auth-helpers';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

const port = Number(process.env.E2E_PORT ?? 4310);
export const baseURL = `http://127.0.0.1:${port}`;
/**
 * The server's data folder, known to the tests so fixtures and operator commands can act on
 * the same database (it is emptied at every start). Derived from the port, not random: the
 * config is evaluated again in every worker.
 */
export const e2eDataDir = path.join(tmpdir(), `moa-e2e-${port}`);
process.env.E2E_DATA_DIR = e2eDataDir;

/**
 * End-to-end tests drive Debian's Chromium against the production build served by our own
 * server, on a fresh data folder each run (see scripts/e2e-server.mjs).
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    viewport: { width: 390, height: 844 },
    trace: 'retain-on-failure',
    serviceWorkers: 'allow',
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    env: {
      PORT: String(port),
      TOKEN_SIGNING_KEY: E2E_TOKEN_SIGNING_KEY,
      // Authenticator codes from older steps, so a test signing in twice need not wait for the clock.
      TOTP_TEST_PAST_STEPS: String(E2E_TOTP_PAST_STEPS),
      E2E_DATA_DIR: e2eDataDir,
      // The platform's account investors pay deposits into, shown beside their deposit reference.
      DEPOSIT_BANK_NAME: 'KB Kookmin Bank',
      DEPOSIT_ACCOUNT_NUMBER: '123-456-789012',
      DEPOSIT_ACCOUNT_HOLDER: 'Moa Platform Co., Ltd.',
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
