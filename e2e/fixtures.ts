import { test as base, expect, type Page } from '@playwright/test';

/**
 * `page` that records console errors and uncaught page errors; a test fails if any
 * appear (CSP violations and failed chunk loads show up here too).
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      // A refused request names its address, so a failure says which one it was.
      if (message.type() !== 'error') return;
      const { url } = message.location();
      errors.push(
        message.text().startsWith('Failed to load resource') && url ? `${message.text()}: ${url}` : message.text(),
      );
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

export async function expectHeading(page: Page, heading: RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}
