import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { projectIdByName, signInApprovedInvestor } from './catalogue-helpers';
import { expect, test } from './fixtures';
import { waitForServiceWorker } from './service-worker';

/**
 * The main pages, checked with axe-core at phone width (the layout most investors use): no
 * serious or critical violation. With SCREENSHOT_DIR set, each page is also photographed at
 * 390 px and 1280 px, a few screens down, for a person to look at.
 */
async function check(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, name).toEqual([]);
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const width of [390, 1280]) {
    const height = width < 600 ? 844 : 900;
    await page.setViewportSize({ width, height });
    const total = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let screen = 0; screen < Math.min(4, Math.ceil(total / height)); screen += 1) {
      await page.evaluate((top) => window.scrollTo(0, top), screen * height);
      await page.screenshot({ path: `${dir}/${name}-${width}-${screen}.png` });
    }
    await page.evaluate(() => window.scrollTo(0, 0));
  }
}

test('the main pages have no serious or critical accessibility violations', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await signInApprovedInvestor(request, context, baseURL!, 'axe@example.com');
  const herdId = projectIdByName('Hoengseong Hanwoo Herd No. 7');
  const restrictedId = projectIdByName('The Last Dokkaebi: Webtoon to Series');
  const pages: Array<{ name: string; path: string; ready: (page: Page) => Promise<void> }> = [
    { name: 'home', path: '/', ready: (p) => expect(p.getByRole('article').first()).toBeVisible() },
    { name: 'projects', path: '/projects', ready: (p) => expect(p.getByRole('article').first()).toBeVisible() },
    {
      name: 'project',
      path: `/projects/${herdId}`,
      ready: (p) => expect(p.getByRole('heading', { level: 1, name: /Hoengseong/ })).toBeVisible(),
    },
    {
      name: 'white-list',
      path: `/white-list/${restrictedId}`,
      ready: (p) => expect(p.getByRole('heading', { level: 1, name: /Dokkaebi/ })).toBeVisible(),
    },
    {
      name: 'overview',
      path: '/account/overview',
      ready: (p) => expect(p.getByRole('heading', { name: 'Make your first investment' })).toBeVisible(),
    },
    {
      name: 'settings',
      path: '/account/account-settings',
      ready: (p) => expect(p.getByText('South Korea')).toBeVisible(),
    },
    {
      name: 'activity',
      path: '/account/account-activity',
      ready: (p) => expect(p.getByRole('list', { name: 'Account events' })).toBeVisible(),
    },
    {
      name: 'documents',
      path: '/account/documents',
      ready: (p) => expect(p.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible(),
    },
    {
      name: 'governance-notice',
      path: `/governance/notice/${herdId}`,
      ready: (p) => expect(p.getByRole('navigation', { name: 'Governance' }).getByRole('link')).toBeVisible(),
    },
    {
      name: 'identity',
      path: '/auth/verify/identity/',
      ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
    },
  ];
  for (const { name, path, ready } of pages) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await ready(page);
    await check(page, name);
  }

  // The calm offline state of a page never saved, and the banner.
  await page.goto('/account/overview');
  await expect(page.getByRole('heading', { name: 'Make your first investment' })).toBeVisible();
  await waitForServiceWorker(page);
  await context.setOffline(true);
  try {
    await page.goto(`/projects/${projectIdByName('Gangnam Tteokbokki Co.')}`);
    await expect(page.getByTestId('not-saved')).toBeVisible();
    await check(page, 'not-saved');
  } finally {
    await context.setOffline(false);
  }
});
