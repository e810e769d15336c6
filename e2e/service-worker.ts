import type { Page } from '@playwright/test';

/**
 * Waits until the app's service worker controls `page`, as it must before a test cuts the
 * network. When it does not, the error says where the worker got to (installing, waiting, active
 * or not registered at all), so a failure on a machine whose traces are gone can still be read.
 */
export async function waitForServiceWorker(page: Page, timeout = 15_000): Promise<void> {
  try {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout });
  } catch (error) {
    const state = await page
      .evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        if (!registration) return { registered: false, readyState: document.readyState };
        const { installing, waiting, active } = registration;
        return {
          registered: true,
          readyState: document.readyState,
          installing: installing?.state ?? null,
          waiting: waiting?.state ?? null,
          active: active?.state ?? null,
        };
      })
      .catch((reason: unknown) => `(not readable: ${String(reason)})`);
    throw new Error(`No service worker controls ${page.url()}: ${JSON.stringify(state)}`, { cause: error });
  }
}
