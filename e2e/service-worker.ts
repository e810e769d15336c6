import type { Page } from '@playwright/test';

/** Where the page's service worker registration got to, for an error that can be read later. */
function workerState(page: Page) {
  return page
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
}

const controlled = (page: Page, timeout: number) =>
  page
    .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout })
    .then(() => true)
    .catch(() => false);

/**
 * Waits until the app's service worker controls `page`, as it must before a test cuts the
 * network. The first worker claims the pages open when it activates, but a page whose load
 * began before that and had not become a client yet is missed, and stays uncontrolled until
 * it is loaded again (as it would be on the investor's next visit). So when the worker is
 * active and the page still is not controlled, the page is reloaded once. When it is still not
 * controlled, the error says where the worker got to (installing, waiting, active or not
 * registered at all), so a failure on a machine whose traces are gone can still be read.
 */
export async function waitForServiceWorker(page: Page, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  const left = () => Math.max(1_000, deadline - Date.now());
  if (await controlled(page, Math.min(5_000, timeout))) return;
  // Until the worker is active, a reload would only be served by the network again.
  let state = await workerState(page);
  while (!(typeof state === 'object' && state.active === 'activated') && Date.now() < deadline) {
    if (await controlled(page, 250)) return;
    state = await workerState(page);
  }
  if (typeof state === 'object' && state.active === 'activated') {
    await page.reload();
    if (await controlled(page, left())) return;
  }
  throw new Error(`No service worker controls ${page.url()}: ${JSON.stringify(await workerState(page))}`);
}
