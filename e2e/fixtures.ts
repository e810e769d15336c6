import { test as base, expect, type Page } from '@playwright/test';

/**
 * `page` that records console errors and uncaught page errors; a test fails if any
 * appear (CSP violations and failed chunk loads show up here too).
 */
export const test = base.extend<{ consoleErrors: string[]; failureReport: void }>({
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
  /**
   * When a test fails, what its page showed and the API calls that did not succeed are printed
   * beside the error, so a failure on a machine whose trace files are gone can still be read.
   */
  failureReport: [
    async ({ page }, use, testInfo) => {
      const calls: string[] = [];
      const started = Date.now();
      const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.startsWith('/api/') && response.status() >= 400) {
          calls.push(`${at()} ${response.status()} ${response.request().method()} ${url.pathname}${url.search}`);
        }
      });
      page.on('requestfailed', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) {
          calls.push(`${at()} ${request.failure()?.errorText ?? 'failed'} ${request.method()} ${url.pathname}`);
        }
      });
      await use();
      if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
      const snapshot = await page
        .locator('body')
        .ariaSnapshot({ timeout: 2_000 })
        .catch((error: unknown) => `(no snapshot: ${String(error)})`);
      console.log(
        [
          `--- ${testInfo.title} failed at ${at()} on ${page.url()}`,
          'API calls that did not succeed:',
          ...(calls.length > 0 ? calls.slice(-30) : ['(none)']),
          'The page:',
          snapshot.slice(0, 6_000),
          '---',
        ].join('\n'),
      );
    },
    { auto: true },
  ],
});

export { expect };

export async function expectHeading(page: Page, heading: RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}
