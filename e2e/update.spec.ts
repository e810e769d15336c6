import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, expectHeading, test } from './fixtures';
import { waitForServiceWorker } from './service-worker';

const dist = path.resolve('dist');
const worker = path.join(dist, 'sw.js');

/**
 * A new release is deployed while the app is open: the page learns that a new version is
 * waiting, offers Reload, and only then switches. The release is simulated by changing the
 * served worker file on disk, exactly what a deploy does.
 */
test('a new version is announced with a Reload action that switches to it', async ({ page }) => {
  await page.goto('/');
  await expectHeading(page, /Own a share of the culture/);
  await waitForServiceWorker(page);
  const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

  const original = readFileSync(worker);
  const compressed = ['.br', '.gz'].map((ext) => `${worker}${ext}`).filter((file) => existsSync(file));
  for (const file of compressed) renameSync(file, `${file}.hidden`);
  try {
    writeFileSync(worker, Buffer.concat([original, Buffer.from(`\n// release ${Date.now()}\n`)]));
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await expect(page.getByText('A new version of Moa is ready.')).toBeVisible({ timeout: 15_000 });
    // Nothing switches until the user asks.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstWorker);
    const reloaded = page.waitForEvent('framenavigated');
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expectHeading(page, /Own a share of the culture/);
    const waiting = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.waiting ?? null;
    });
    expect(waiting).toBeNull();
  } finally {
    writeFileSync(worker, original);
    for (const file of compressed) renameSync(`${file}.hidden`, file);
  }
});
