/**
 * Renders the app icons (PNG) from the SVG mark with the same Chromium the tests use.
 * Run after changing the mark: `npx tsx scripts/render-icons.ts`. The PNGs are committed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/chromium';

const mark = readFileSync('public/icons/favicon.svg', 'utf8');

// A maskable icon keeps its artwork inside the central 80 % safe zone on a full-bleed tile.
const maskable = mark
  .replace('<rect width="64" height="64" rx="16" fill="#25245f"/>', '<rect width="64" height="64" fill="#25245f"/>')
  .replace(/<circle/g, '<circle transform="translate(6.4 6.4) scale(0.8)"');

const targets = [
  { file: 'public/icons/icon-192.png', size: 192, svg: mark },
  { file: 'public/icons/icon-512.png', size: 512, svg: mark },
  { file: 'public/icons/icon-maskable-512.png', size: 512, svg: maskable },
  { file: 'public/icons/apple-touch-icon.png', size: 180, svg: maskable },
];

const browser = await chromium.launch(chromiumLaunchOptions());
const page = await browser.newPage();
for (const target of targets) {
  await page.setViewportSize({ width: target.size, height: target.size });
  const svg = target.svg.replace('<svg ', `<svg width="${target.size}" height="${target.size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  writeFileSync(target.file, await page.screenshot({ omitBackground: true }));
  console.log(`wrote ${target.file}`);
}
await browser.close();
