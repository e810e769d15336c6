import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';
import { expect, expectHeading, test } from './fixtures';
import { waitForServiceWorker } from './service-worker';

test.describe('installable and offline', () => {
  test('the service worker installs and, offline, a reload still shows the shell', async ({ page, context }) => {
    await page.goto('/');
    await expectHeading(page, /Own a share of the culture/);
    // The first worker claims the page, so it is in control without a reload.
    await waitForServiceWorker(page);
    const precached = await page.evaluate(async () => {
      const names = await caches.keys();
      let count = 0;
      for (const name of names) count += (await (await caches.open(name)).keys()).length;
      return { names, count };
    });
    expect(precached.names.some((name) => name.includes('precache'))).toBe(true);
    expect(precached.count).toBeGreaterThan(20);

    await context.setOffline(true);
    await page.reload();
    await expectHeading(page, /Own a share of the culture/);
    // A route the user never opened still loads: every route chunk is precached.
    await page.goto('/faq');
    await expectHeading(page, /^Frequently asked questions$/);
    await page.goto('/auth/otp/intro');
    await expectHeading(page, /^Protect your account$/);
    // The API is never answered with the shell.
    const apiStatus = await page.evaluate(() =>
      fetch('/api/health').then(
        (response) => response.headers.get('content-type'),
        () => 'network error',
      ),
    );
    expect(apiStatus).toBe('network error');
    await context.setOffline(false);
  });

  test('the manifest is complete and Chromium reports no installability errors', async ({ baseURL, request }) => {
    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      short_name: 'Moa',
      start_url: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#/),
      background_color: expect.stringMatching(/^#/),
    });
    expect(String(manifest.description)).toMatch(/marketplace for tokenized real-world assets/);
    const icons = manifest.icons as Array<{ sizes: string; purpose: string; src: string }>;
    expect(icons.map((icon) => `${icon.sizes}:${icon.purpose}`)).toEqual(
      expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']),
    );
    for (const icon of icons) expect((await request.get(icon.src)).ok()).toBe(true);
    const screenshots = manifest.screenshots as Array<{ src: string; form_factor: string }>;
    expect(screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const shot of screenshots) expect((await request.get(shot.src)).ok()).toBe(true);

    // Installability is only reported outside incognito, so a persistent profile is used.
    const profile = mkdtempSync(path.join(tmpdir(), 'moa-profile-'));
    const context = await chromium.launchPersistentContext(profile, { ...chromiumLaunchOptions(), baseURL });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.addInitScript(() => {
        window.addEventListener('beforeinstallprompt', () => {
          (window as unknown as { installPrompted: boolean }).installPrompted = true;
        });
      });
      await page.goto('/');
      await waitForServiceWorker(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: unknown[];
      };
      expect(installabilityErrors).toEqual([]);
      await page.waitForFunction(() => (window as unknown as { installPrompted?: boolean }).installPrompted === true);
      // The install button appears where the browser offers installation.
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(page.getByRole('button', { name: 'Install app' }).first()).toBeVisible();
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
