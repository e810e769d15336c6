import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium, never a downloaded browser; flags that keep it quiet on a closed network. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function chromiumLaunchOptions(): LaunchOptions {
  return { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true };
}
