/**
 * Captures the manifest's screenshots (narrow and wide) from a running app:
 * `npx tsx scripts/render-screenshots.ts http://127.0.0.1:3000`. The PNGs are committed.
 * With a second argument (an output folder) it captures any paths given after it instead,
 * at phone and desktop widths, for looking at screens during development.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';

const [baseUrl = 'http://127.0.0.1:3000', outDir, ...paths] = process.argv.slice(2);
const browser = await chromium.launch(chromiumLaunchOptions());

async function capture(url: string, file: string, width: number, height: number, scale: number, fullPage: boolean) {
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: scale,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`console error on ${url}: ${message.text()}`);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: file, fullPage });
  console.log(`wrote ${file}`);
  await context.close();
}

if (outDir) {
  mkdirSync(outDir, { recursive: true });
  for (const urlPath of paths.length ? paths : ['/']) {
    const name = urlPath.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
    await capture(`${baseUrl}${urlPath}`, path.join(outDir, `${name}-390.png`), 390, 844, 1, process.env.FULL === '1');
    await capture(
      `${baseUrl}${urlPath}`,
      path.join(outDir, `${name}-1280.png`),
      1280,
      800,
      1,
      process.env.FULL === '1',
    );
  }
} else {
  await capture(`${baseUrl}/`, 'public/screenshots/home-narrow.png', 390, 844, 2, false);
  await capture(`${baseUrl}/`, 'public/screenshots/home-wide.png', 1440, 900, 1, false);
}
await browser.close();
