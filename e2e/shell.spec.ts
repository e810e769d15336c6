import { expect, expectHeading, test } from './fixtures';
import { guardedRoutes, publicRoutes } from './routes';

test.describe('the app shell', () => {
  for (const route of publicRoutes) {
    test(`${route.path} renders its page without console errors`, async ({ page, consoleErrors }) => {
      await page.goto(route.path);
      await expectHeading(page, route.heading);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page).toHaveTitle(/Moa/);
      expect(consoleErrors).toEqual([]);
    });
  }

  test('an unknown URL shows the 404 page with a way home', async ({ page, consoleErrors }) => {
    const answer = await page.goto('/this/page/does-not-exist');
    // The shell comes with status 404 (decision 1804), which the browser reports on the console.
    expect(answer?.status()).toBe(404);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expectHeading(page, /^Page Not Found$/);
    await expect(
      page.getByText(
        'The page you are looking for might have been removed, had its name changed, or is temporarily unavailable.',
      ),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectHeading(page, /Own a share of the culture/);
    expect(consoleErrors.filter((message) => !/status of 404 .*\/this\/page\/does-not-exist$/.test(message))).toEqual(
      [],
    );
  });

  test('a render error shows the error page, and Try Again recovers', async ({ page }) => {
    // The server answers something the contract does not allow: the page cannot render it.
    let isBroken = true;
    await page.route('**/api/health', async (route) => {
      if (!isBroken) return route.continue();
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":"on fire"}' });
    });
    await page.goto('/health-check');
    await expectHeading(page, /^Something Went Wrong$/);
    await expect(page.getByText("We're sorry, but something unexpected happened.")).toBeVisible();
    // Nothing reported this fault anywhere, so the page does not claim the team was told.
    await expect(page.getByText('Our team has been notified.')).toHaveCount(0);
    await expect(page.locator('pre')).toContainText('status');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();

    isBroken = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expectHeading(page, /All systems working/);
  });

  for (const path of guardedRoutes) {
    test(`${path} without a session lands on sign-in and remembers where it was going`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth\/signin\?redirect=/);
      await expectHeading(page, /^Sign in to Moa$/);
      const redirect = new URL(page.url()).searchParams.get('redirect');
      expect(redirect).toBe(path);
    });
  }

  test('the header navigation works from the keyboard at phone width', async ({ page }) => {
    await page.goto('/');
    await expectHeading(page, /Own a share of the culture/);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
    await expectHeading(page, /^Frequently asked questions$/);
  });

  test('the skip link moves focus to the content', async ({ page }) => {
    await page.goto('/');
    await expectHeading(page, /Own a share of the culture/);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });

  test('/health-check shows the server version from the real API', async ({ page, request }) => {
    const health = (await (await request.get('/api/health')).json()) as { version: string };
    await page.goto('/health-check');
    await expect(page.getByTestId('health-version')).toHaveText(health.version);
  });
});
