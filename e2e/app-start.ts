import type { Page } from '@playwright/test';

/** Whether React has taken the page's root (hydrated the served page, or rendered the shell). */
export async function appHasStarted(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

/** A slow phone: the app's entry is held back until the returned function lets it arrive. */
export async function holdAppEntry(page: Page): Promise<() => void> {
  let arrive = () => {};
  const entryMayArrive = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  await page.route('**/assets/index-*.js', async (route) => {
    await entryMayArrive;
    await route.continue();
  });
  return arrive;
}
