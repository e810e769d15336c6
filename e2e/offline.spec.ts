import type { Page } from '@playwright/test';
import { projectIdByName, signInApprovedInvestor } from './catalogue-helpers';
import { expect, test } from './fixtures';
import { savedQueryKeys } from './saved-queries';
import { waitForServiceWorker } from './service-worker';

/** Offline, saved pages must appear at once: this is far below the 10 s a network wait would take. */
const AT_ONCE = { timeout: 1_000 };

test.describe('offline, for everything already seen', () => {
  test('saved pages open at once offline with the banner; a page never seen says so calmly; sign-out forgets', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await signInApprovedInvestor(request, context, baseURL!, 'offline@example.com');
    const herdId = projectIdByName('Hoengseong Hanwoo Herd No. 7');
    const restrictedId = projectIdByName('The Last Dokkaebi: Webtoon to Series');
    const neverSeenId = projectIdByName('Gangnam Tteokbokki Co.');

    // Online: the investor reads these pages once.
    const pages: Array<{ path: string; key: string; shows: (page: Page) => ReturnType<Page['getByRole']> }> = [
      {
        path: '/',
        key: '["products","list","shelves"]',
        shows: (p) => p.getByRole('region', { name: 'Featured projects' }).getByRole('article').first(),
      },
      {
        path: '/projects',
        key: '["products","list",{},9]',
        shows: (p) => p.getByRole('link', { name: 'Gangnam Tteokbokki Co.' }),
      },
      {
        path: '/projects?saleStatus=CLOSING_SOON',
        key: '["products","list",{"saleStatus":"CLOSING_SOON"},9]',
        shows: (p) => p.getByRole('link', { name: 'Closing soon', exact: true }).and(p.locator('[aria-current]')),
      },
      {
        path: `/projects/${herdId}`,
        key: `["products","detail",${herdId}]`,
        shows: (p) => p.getByRole('heading', { level: 1, name: /Hoengseong Hanwoo/ }),
      },
      {
        path: `/white-list/${restrictedId}`,
        key: `["products","whitelist",${restrictedId}]`,
        shows: (p) => p.getByRole('heading', { level: 1, name: /Dokkaebi/ }),
      },
      {
        path: '/account/overview',
        key: '["session","me"]',
        shows: (p) => p.getByRole('heading', { name: 'Make your first investment' }),
      },
      {
        path: '/account/account-settings',
        key: '["session","me"]',
        shows: (p) => p.getByRole('heading', { level: 1, name: 'Account settings' }),
      },
      {
        path: '/account/account-activity',
        key: '["account","activity"]',
        shows: (p) => p.getByRole('heading', { level: 1, name: 'Account activity' }),
      },
    ];
    for (const { path, shows, key } of pages) {
      await page.goto(path);
      await expect(shows(page)).toBeVisible();
      await expect(page.getByTestId('offline-banner')).toHaveCount(0);
      // Saved in the background within a second or so; a person reads for longer than that.
      await expect.poll(async () => (await savedQueryKeys(page)).includes(key)).toBe(true);
    }
    await waitForServiceWorker(page);

    await context.setOffline(true);
    try {
      // A fresh load of each page, from the device alone.
      for (const { path, shows } of pages) {
        await page.goto(path);
        await expect(shows(page)).toBeVisible(AT_ONCE);
        await expect(page.getByTestId('offline-banner')).toContainText(
          /You are offline\. Showing what this device saved on .+\./,
          AT_ONCE,
        );
        await expect(page.getByTestId('offline-banner').locator('time')).toHaveAttribute('datetime', /^\d{4}-/);
      }

      // Moving around inside the app, still offline.
      const accountNav = page.getByRole('navigation', { name: 'Account pages' });
      await accountNav.getByRole('link', { name: 'Overview' }).click();
      await expect(page.getByRole('heading', { name: 'Make your first investment' })).toBeVisible(AT_ONCE);
      await accountNav.getByRole('link', { name: 'Settings', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible(AT_ONCE);
      // Changes need the server: disabled, with the reason.
      await expect(page.getByRole('button', { name: 'Edit' }).first()).toBeDisabled();
      await expect(page.getByText('Needs an internet connection.').first()).toBeVisible();
      await accountNav.getByRole('link', { name: 'Activity' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Account activity' })).toBeVisible(AT_ONCE);

      await page.goto('/projects');
      await page.getByRole('link', { name: 'Hoengseong Hanwoo Herd No. 7' }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: /Hoengseong Hanwoo/ })).toBeVisible(AT_ONCE);
      await expect(page.getByTestId('offline-banner')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Follow news' })).toBeDisabled();

      // Never opened on this device: a calm state, not the error page.
      await page.goto(`/projects/${neverSeenId}`);
      await expect(page.getByRole('heading', { name: 'This page hasn’t been saved on this device yet.' })).toBeVisible(
        AT_ONCE,
      );
      await expect(page.getByText('Connect to the internet to open it.')).toBeVisible();
      await expect(page.getByText('Something Went Wrong')).toHaveCount(0);
      await expect(page.getByText('Our team has been notified')).toHaveCount(0);
    } finally {
      await context.setOffline(false);
    }

    // Back online, the never-seen page opens by itself and the banner goes.
    await expect(page.getByRole('heading', { level: 1, name: /Gangnam Tteokbokki/ })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);

    // Signing out removes this investor's data from the device.
    await page.goto('/account/overview');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth\/signin/);
    await expect
      .poll(async () => (await savedQueryKeys(page)).filter((key) => /session|account|detail|whitelist/.test(key)))
      .toEqual([]);
  });
});
