import { test as base, expect, type Page } from '@playwright/test';

/**
 * `page` that records console errors and uncaught page errors; a test fails if any
 * appear (CSP violations and failed chunk loads show up here too).
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

export async function expectHeading(page: Page, heading: RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}
