import type { Page } from '@playwright/test';
import { appHasStarted, holdAppEntry } from './app-start';
import { projectIdByName, signInApprovedInvestor } from './catalogue-helpers';
import { expect, expectHeading, test } from './fixtures';
import { isQuerySaved } from './saved-queries';
import { waitForServiceWorker } from './service-worker';

test.describe('public pages arrive painted', () => {
  test('a visitor without scripts reads the projects, the blog and a post, and follows their links', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/projects');
    await expectHeading(page, /^Projects$/);
    await expect(page.getByRole('list', { name: 'Projects' }).getByRole('article')).toHaveCount(9);

    // On a phone the header's menu needs the app; the footer's links are plain ones.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog\/$/);
    const firstPost = page.getByRole('article').first();
    await expect(firstPost).toBeVisible();
    await firstPost.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    await expect(page.locator('.prose h2').first()).toBeVisible();
    await context.close();
  });

  test('the app takes over the painted page in place, from its data, and then runs as the app', async ({
    page,
    consoleErrors,
  }) => {
    // Any element of the served page taken out of it again means the app rebuilt it (a flash).
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removedFromPage: string[] }).removedFromPage = removed;
      new MutationObserver((records) => {
        for (const record of records) {
          if (!document.getElementById('root')?.contains(record.target)) continue;
          for (const node of record.removedNodes) if (node instanceof HTMLElement) removed.push(node.tagName);
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const dataRequests: string[] = [];
    const documents: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/v1\/(products|categories)\b/.test(request.url())) dataRequests.push(request.url());
      if (request.resourceType() === 'document') documents.push(request.url());
    });

    await page.goto('/projects');
    await expect.poll(() => appHasStarted(page)).toBe(true);
    // The app's code was asked for only once the browser had shown the page.
    const { paintedAt, firstCodeAt } = await page.evaluate(() => ({
      paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      firstCodeAt: Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/.+\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime),
      ),
    }));
    expect(paintedAt).toBeLessThan(firstCodeAt);
    const cards = page.getByRole('list', { name: 'Projects' }).getByRole('article');
    await expect(cards).toHaveCount(9);
    expect(await page.evaluate(() => (window as unknown as { removedFromPage: string[] }).removedFromPage)).toEqual([]);
    // The list and the categories came with the page.
    expect(dataRequests).toEqual([]);

    // The app runs: a filter is applied in place, and a link opens the next page without a load.
    await page.getByRole('group', { name: 'Filter projects' }).getByRole('link', { name: 'Closing soon' }).click();
    await expect(page).toHaveURL(/saleStatus=CLOSING_SOON/);
    await expect(cards).toHaveCount(2);
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expectHeading(page, /^Frequently asked questions$/);
    expect(documents).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
  });

  test('the home page and the landing page come with their sections, and the app asks for none again', async ({
    page,
    consoleErrors,
  }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) requests.push(url.pathname);
      // English pages show Hangul only in a word or two, set in the system's face.
      if (/noto-sans-kr-[\w-]+\.(css|woff2)$/.test(url.pathname) && !url.pathname.includes('latin')) {
        requests.push(url.pathname);
      }
    });
    for (const [path, section] of [
      ['/', 'Featured projects'],
      ['/landing', 'From the blog'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: section })).toBeVisible();
      await expect.poll(() => appHasStarted(page)).toBe(true);
      await expect(page.getByRole('heading', { name: section })).toBeVisible();
    }
    // Settled: nothing was asked for after the pages were served.
    await page.waitForLoadState('networkidle');
    expect(requests).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('the public pages open without loading the schema library', async ({ page, consoleErrors }) => {
    // Responses come with the page or from the device; their schemas load with the first fetch.
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    for (const path of ['/', '/projects', '/landing', '/faq', '/blog/']) {
      await page.goto(path);
      await expect.poll(() => appHasStarted(page)).toBe(true);
    }
    const post = await page.locator('main a[href^="/blog/"]').first().getAttribute('href');
    expect(post).toMatch(/^\/blog\/[\w-]+$/);
    await page.goto(post!);
    await expect.poll(() => appHasStarted(page)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(scripts.size).toBeGreaterThan(5);
    for (const url of scripts) {
      // zod names its schema classes; minifying keeps those names.
      expect(await (await page.request.get(url)).text(), url).not.toContain('$ZodType');
    }
    expect(consoleErrors).toEqual([]);
  });

  test('a tap and a choice made before the app runs are kept and carried out once it has', async ({
    page,
    consoleErrors,
  }) => {
    // A slow phone: the app's entry arrives only after the tap and the choice have been made.
    const arrive = await holdAppEntry(page);
    await page.goto('/faq', { waitUntil: 'domcontentloaded' });
    expect(await appHasStarted(page)).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('header select:visible').selectOption('ko');
    expect(await appHasStarted(page)).toBe(false);
    arrive();

    await expect(page.getByRole('button', { name: '메뉴 닫기' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expectHeading(page, /^자주 묻는 질문$/);
    expect(consoleErrors).toEqual([]);
  });

  test('a link tapped before the app runs opens once the app has drawn its own page in the device’s language', async ({
    page,
    consoleErrors,
  }) => {
    // This device chose Korean before; the server, asked without the language cookie, paints
    // English, so the app draws its own page over the served one and the tapped link goes with it.
    await page.addInitScript(() => localStorage.setItem('moa.locale', 'ko'));
    const arrive = await holdAppEntry(page);
    await page.goto('/faq', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click();
    expect(await appHasStarted(page)).toBe(false);
    await page.evaluate(() => ((window as unknown as { servedPage: boolean }).servedPage = true));
    arrive();

    await expect(page).toHaveURL(/\/blog\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByRole('article').first()).toBeVisible();
    // The app opened it: the page was not loaded again.
    expect(await page.evaluate(() => (window as unknown as { servedPage?: boolean }).servedPage)).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test('a link tapped before the app runs opens as a plain one when the app cannot start', async ({ page }) => {
    await page.route('**/assets/index-*.js', (route) => route.abort());
    await page.goto('/faq', { waitUntil: 'domcontentloaded' });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click();

    await expect(page).toHaveURL(/\/blog\/$/);
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('a link tapped before the app runs opens as a plain one when the app starts but never takes the page', async ({
    page,
  }) => {
    // The entry arrives and runs, but stops before it takes the page over (as an error while
    // starting would stop it): after a while the page's links work as plain ones again.
    await page.route('**/assets/index-*.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'export {};' }),
    );
    await page.goto('/faq', { waitUntil: 'domcontentloaded' });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click();
    expect(await appHasStarted(page)).toBe(false);

    await expect(page).toHaveURL(/\/blog\/$/, { timeout: 20_000 });
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await appHasStarted(page)).toBe(false);
  });

  test('a choice made while the app takes the page over is kept', async ({ page, consoleErrors }) => {
    // The visitor picks Korean while the app hydrates the page: React hydrates the select at once
    // to hand it the event, and the render that follows hydration must not put the select back
    // between the choice and its change event. The choice is made as a browser makes it: the
    // option is selected, then input and change are told.
    await page.addInitScript(() => {
      document.addEventListener('moa:hydrating', () =>
        setTimeout(() => {
          const select = [...document.querySelectorAll('header select')].find(
            (element): element is HTMLSelectElement =>
              element instanceof HTMLSelectElement && element.offsetParent !== null,
          );
          if (!select) return;
          select.value = 'ko';
          select.dispatchEvent(new Event('input', { bubbles: true }));
          select.dispatchEvent(new Event('change', { bubbles: true }));
        }, 0),
      );
    });
    await page.goto('/faq');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expectHeading(page, /^자주 묻는 질문$/);
    await expect(page.locator('header select:visible')).toHaveValue('ko');
    expect(consoleErrors).toEqual([]);
  });

  test('words typed before the app runs are the ones the app searches for', async ({ page, consoleErrors }) => {
    // A slow phone: the visitor types into the painted page's search field before the app's
    // entry arrives. The app takes the field over with the words in it, and must treat them as
    // typed, not as what it rendered the field with.
    const arrive = await holdAppEntry(page);
    await page.goto('/faq', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Search the answers').fill('zzqx');
    expect(await appHasStarted(page)).toBe(false);
    arrive();

    await expect(page.getByText('No answer matches "zzqx".')).toBeVisible();
    await expect(page).toHaveURL(/[?&]q=zzqx/);
    await expect(page.getByLabel('Search the answers')).toHaveValue('zzqx');
    expect(consoleErrors).toEqual([]);
  });

  test('the data a painted page came with is saved on the device at once, and opens offline', async ({
    page,
    context,
  }) => {
    await page.goto('/projects');
    await expect.poll(() => appHasStarted(page)).toBe(true);
    // Saved while the visitor reads, not only when they leave the page.
    await expect.poll(() => isQuerySaved(page, '["products","list",{},9]')).toBe(true);
    await waitForServiceWorker(page);

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('list', { name: 'Projects' }).getByRole('article')).toHaveCount(9);
      await expect(page.getByTestId('offline-banner')).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test('a Korean browser gets the page painted in Korean', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ko-KR' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto('/faq');
    expect(await response?.text()).toContain('<html lang="ko"');
    await expectHeading(page, /^자주 묻는 질문$/);
    await expect.poll(() => appHasStarted(page)).toBe(true);
    await expectHeading(page, /^자주 묻는 질문$/);
    // A page in Korean is set in Noto Sans KR's Hangul faces, asked for once the app runs.
    await expect
      .poll(() =>
        page.evaluate(() => [...document.fonts].filter((font) => font.family.includes('Noto Sans KR')).length),
      )
      .toBeGreaterThan(100);
    expect(errors).toEqual([]);
    await context.close();
  });
});

test.describe('signed-in pages arrive painted', () => {
  /** Elements of the served page's content taken out again: the app rebuilt them (a flash). */
  async function watchRemovals(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removedFromMain: string[] }).removedFromMain = removed;
      new MutationObserver((records) => {
        for (const record of records) {
          if (!document.getElementById('main')?.contains(record.target)) continue;
          // A tooltip's trigger (inside its box-less wrapper) is taken into the tooltip once its
          // code has come, after hydration.
          if (record.target instanceof Element && record.target.className === 'contents') continue;
          for (const node of record.removedNodes) if (node instanceof HTMLElement) removed.push(node.tagName);
        }
      }).observe(document, { childList: true, subtree: true });
    });
  }
  const removedFromMain = (page: Page) =>
    page.evaluate(() => (window as unknown as { removedFromMain: string[] }).removedFromMain);

  test('a tap on a term’s (i) before the app runs opens its explanation once the app has', async ({
    page,
    context,
    request,
    baseURL,
    consoleErrors,
  }) => {
    test.slow();
    await signInApprovedInvestor(request, context, baseURL!, 'painted-tooltip@example.com');
    const arrive = await holdAppEntry(page);
    // A slow phone: React takes the page over in many short tasks, so a part is marked as the
    // app's a while before the app answers a tap on it.
    const phone = await context.newCDPSession(page);
    await phone.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto(`/projects/${projectIdByName('Hoengseong Hanwoo Herd No. 7')}`, {
      waitUntil: 'domcontentloaded',
    });
    const info = page.getByRole('button', { name: 'About Minimum investment' });
    await info.click();
    expect(await appHasStarted(page)).toBe(false);
    // The trigger the tap was made on is replaced by the tooltip's own once its code has come.
    await info.evaluate((button) => ((window as unknown as { tapped: Element }).tapped = button));
    arrive();

    // The app starts a few seconds after the tap on a phone this slow.
    await expect(page.getByRole('tooltip')).toContainText('The least you can invest in one order', {
      timeout: 20_000,
    });
    expect(await page.evaluate(() => (window as unknown as { tapped: Element }).tapped.isConnected)).toBe(false);
    expect(consoleErrors).toEqual([]);
  });

  test('the overview and a project come painted with the investor’s own data, and the app takes them in place', async ({
    page,
    context,
    browser,
    request,
    baseURL,
    consoleErrors,
  }) => {
    await watchRemovals(page);
    const investor = await signInApprovedInvestor(request, context, baseURL!, 'painted-overview@example.com');
    const served: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'document') served.push(await response.text());
    });

    await page.goto('/account/overview');
    await expect.poll(() => served.length).toBe(1);
    // The page, the investor's own next step, came in the HTML, with the data it was drawn from.
    expect(served[0]).toContain('Make your first investment');
    expect(served[0]).toContain('painted-overview@example.com');
    expect(served[0]).toContain('id="moa-page-data"');
    // The header is the investor's: their account, not the way to sign in.
    expect(served[0]).toContain('href="/account/overview"');
    expect(served[0]).not.toContain('href="/auth/signin"');
    await expect.poll(() => appHasStarted(page)).toBe(true);
    await expect(page.getByRole('heading', { name: 'Make your first investment' })).toBeVisible();
    expect(await removedFromMain(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);

    // A first visit to a project on another device of theirs (this one's service worker now
    // answers its loads with the bare shell).
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await other.addCookies([{ name: 'access_token', value: investor.accessToken, url: baseURL!, secure: true }]);
    const phone = await other.newPage();
    const errors: string[] = [];
    phone.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    phone.on('pageerror', (error) => errors.push(error.message));
    await watchRemovals(phone);
    const documents: string[] = [];
    phone.on('response', async (response) => {
      if (response.request().resourceType() === 'document') documents.push(await response.text());
    });
    await phone.goto(`/projects/${projectIdByName('Hoengseong Hanwoo Herd No. 7')}`);
    await expect.poll(() => documents.length).toBe(1);
    expect(documents[0]).toContain('Hoengseong Hanwoo Herd No. 7');
    expect(documents[0]).toContain('id="moa-page-data"');
    await expect.poll(() => appHasStarted(phone)).toBe(true);
    await expect(phone.getByRole('banner').getByRole('link', { name: 'Notifications' })).toBeVisible();
    expect(await removedFromMain(phone)).toEqual([]);

    // The app runs: the next page opens without a load.
    await phone.getByRole('link', { name: 'Invest', exact: true }).first().click();
    await expect(phone.getByRole('heading', { name: 'How many tokens?' })).toBeVisible();
    expect(documents).toHaveLength(1);
    expect(errors).toEqual([]);
    await other.close();
  });

  test('a painted page names its route’s code and its live mark: the phone fetches the code first and reads no data again', async ({
    page,
    context,
    request,
    baseURL,
    consoleErrors,
  }) => {
    await signInApprovedInvestor(request, context, baseURL!, 'painted-modules@example.com');
    const served: string[] = [];
    const apiCalls: { path: string; lastEventId: string | undefined }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'document') served.push(await response.text());
    });
    page.on('request', (sent) => {
      const { pathname } = new URL(sent.url());
      if (pathname.startsWith('/api/')) apiCalls.push({ path: pathname, lastEventId: sent.headers()['last-event-id'] });
    });
    await page.goto('/account/overview');
    await expect.poll(() => appHasStarted(page)).toBe(true);
    await expect(page.getByRole('heading', { name: 'Make your first investment' })).toBeVisible();

    // The page came with the live stream's mark from before its data was read: the stream starts
    // there, so the server replays what changed since, and the app reads none of the page again.
    await expect.poll(() => apiCalls.some((call) => call.path === '/api/v1/events')).toBe(true);
    const liveMark = /<meta name="moa-live-mark" content="(\d+)" \/>/.exec(served[0] ?? '')?.[1];
    expect(liveMark).toMatch(/^\d+$/);
    expect(apiCalls.find((call) => call.path === '/api/v1/events')?.lastEventId).toBe(liveMark);
    // The stream stays open, so the network is never idle: a moment after it opened, the app has
    // asked for all it will. The header's unread count and badge (drawn once the app runs) came
    // with the page's data too.
    await page.waitForTimeout(1_500);
    expect(apiCalls.map((call) => call.path)).toEqual(['/api/v1/events']);
    const { entry, listed, started, ownLinks } = await page.evaluate(() => {
      const script = document.querySelector('script[data-app]');
      const absolute = (href: string) => new URL(href, location.href).href;
      return {
        entry: absolute(script?.getAttribute('data-app') ?? ''),
        listed: (script?.getAttribute('data-modules') ?? '').split(' ').filter(Boolean).map(absolute),
        // When each file was asked for, in the page's own clock.
        started: Object.fromEntries(
          performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime]),
        ) as Record<string, number>,
        // Links the app's preload helper added itself (it writes the whole address).
        ownLinks: [...document.querySelectorAll('link[rel="modulepreload"]')]
          .map((link) => link.getAttribute('href') ?? '')
          .filter((href) => href.startsWith('http')),
      };
    });
    // The overview's own code and its account layout's are named with the page…
    const overviewCode = listed.find((url) => /\/assets\/overview-[\w-]+\.js$/.test(url));
    const layoutCode = listed.find((url) => /\/assets\/account-[\w-]+\.js$/.test(url));
    expect(overviewCode, listed.join('\n')).toBeDefined();
    expect(layoutCode, listed.join('\n')).toBeDefined();
    // …each file once, and every one is there to fetch.
    expect(new Set(listed).size).toBe(listed.length);
    for (const url of listed) {
      const file = await page.request.get(url);
      expect(file.status(), url).toBe(200);
      // The schema library comes with the first answer to check, not with the page.
      expect(await file.text(), url).not.toContain('$ZodType');
    }
    // The phone asked for them before the app's entry, not once the router ran and found it needed them.
    expect(started[entry]).toBeDefined();
    expect(started[overviewCode!]).toBeLessThan(started[entry]!);
    expect(started[layoutCode!]).toBeLessThan(started[entry]!);
    expect(ownLinks.filter((href) => listed.includes(href))).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('a form filled and sent before the app runs is sent by the app, not by the browser', async ({
    page,
    context,
    request,
    baseURL,
    consoleErrors,
  }) => {
    await signInApprovedInvestor(request, context, baseURL!, 'painted-invest@example.com');
    const projectId = projectIdByName('Hoengseong Hanwoo Herd No. 7');
    // A slow phone: the app's entry arrives only after the tap.
    const arrive = await holdAppEntry(page);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.goto(`/invest/?productId=${projectId}`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'How many tokens?' })).toBeVisible();
    expect(await appHasStarted(page)).toBe(false);
    // A number typed and the form sent before the app runs.
    await page.getByLabel('Number of HWOO7 tokens').fill('7');
    await page.getByRole('button', { name: 'Continue' }).click();
    // Not sent as a plain request: the address is the one the page came with.
    expect(documents).toHaveLength(1);
    await expect(page).toHaveURL(new RegExp(`/invest/\\?productId=${projectId}$`));
    arrive();

    // The app carries the typing and the tap out: the next step, without a load, for 7 tokens.
    await expect(page).toHaveURL(/step=method/);
    await expect(page.getByRole('radio').first()).toBeVisible();
    expect(documents).toHaveLength(1);
    await page.goBack();
    await expect(page.getByLabel('Number of HWOO7 tokens')).toHaveValue('7');
    await expect(page.getByTestId('invest-total')).toHaveText('$700');
    expect(consoleErrors).toEqual([]);
  });

  test('a tap made while the app carries out what was typed before it ran waits its turn', async ({
    page,
    context,
    request,
    baseURL,
    consoleErrors,
  }) => {
    await signInApprovedInvestor(request, context, baseURL!, 'painted-in-turn@example.com');
    const projectId = projectIdByName('Hoengseong Hanwoo Herd No. 7');
    // The tap on Continue comes just after the app says it has taken the page over, while the
    // number typed before it ran is still to be carried out (the step's field is taken a moment
    // later): the tap must be carried out after the typing, never with the number the page came with.
    await page.addInitScript(() => {
      document.addEventListener(
        'moa:app-ready',
        () =>
          setTimeout(() =>
            setTimeout(() => {
              const next = [...document.querySelectorAll('button')].find((button) =>
                button.textContent?.includes('Continue'),
              );
              next?.click();
            }, 0),
          ),
        { once: true },
      );
    });
    const arrive = await holdAppEntry(page);
    await page.goto(`/invest/?productId=${projectId}`, { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Number of HWOO7 tokens').fill('12');
    expect(await appHasStarted(page)).toBe(false);
    arrive();

    await expect(page).toHaveURL(/step=method/);
    // The balance is empty: the method step says by how much it falls short of the order.
    await expect(page.getByText('Your balance is $1,200 short of this order.')).toBeVisible();
    await page.goBack();
    await expect(page.getByLabel('Number of HWOO7 tokens')).toHaveValue('12');
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('a page starts without work it can do without', () => {
  /**
   * Counts, from before the page's first script, every Intl number or date formatter built and
   * every locale string asked of a number or a date: the first of them sets up the browser's
   * number or date library, a long task on a phone (docs/decisions/1839-first-renders-without-intl-or-svg-pictures.md).
   */
  async function countIntl(page: Page): Promise<void> {
    await page.addInitScript(() => {
      const built: string[] = [];
      (window as unknown as { intlBuilt: string[] }).intlBuilt = built;
      document.addEventListener(
        'moa:app-ready',
        () => void ((window as unknown as { appReady: boolean }).appReady = true),
      );
      const intl = Intl as unknown as Record<string, object>;
      for (const name of ['NumberFormat', 'DateTimeFormat']) {
        intl[name] = new Proxy(intl[name]!, {
          construct: (target, args, newTarget) => (
            built.push(name),
            Reflect.construct(target as never, args, newTarget)
          ),
          apply: (target, self, args) => (built.push(name), Reflect.apply(target as never, self, args)),
        });
      }
      const spy = (prototype: object, key: string) => {
        const own = prototype as Record<string, (...args: unknown[]) => unknown>;
        const original = own[key]!;
        own[key] = function (this: unknown, ...args: unknown[]) {
          built.push(key);
          return original.apply(this, args);
        };
      };
      spy(Number.prototype, 'toLocaleString');
      for (const key of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) spy(Date.prototype, key);
    });
  }

  /** Every picture the page's icons (CSS masks) are drawn from: one sprite, whatever the icons. */
  const iconPictures = (page: Page) =>
    page.evaluate(() => {
      const pictures = new Set<string>();
      let icons = 0;
      for (const element of document.querySelectorAll('[class*="i-lucide-"]')) {
        icons += 1;
        const image = getComputedStyle(element).maskImage || getComputedStyle(element).webkitMaskImage;
        pictures.add(image);
      }
      return { icons, pictures: [...pictures] };
    });
  const intlBuilt = (page: Page) => page.evaluate(() => (window as unknown as { intlBuilt: string[] }).intlBuilt);
  const svgPictures = (page: Page) =>
    page.evaluate(() =>
      [...document.images]
        .map((image) => image.currentSrc || image.src)
        .filter((src) => /\.svg(\?|#|$)|^data:image\/svg/.test(src)),
    );

  test('the projects page, a project and the overview show amounts and dates without Intl, and icons from one picture', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await countIntl(page);
    await page.goto('/projects');
    const cards = page.getByRole('list', { name: 'Projects' }).getByRole('article');
    await expect(cards).toHaveCount(9);
    // Amounts on the cards, rendered by the server and again by the app as it takes the page.
    await expect(cards.first()).toContainText(/\$[\d,.]+/);
    await expect.poll(() => page.evaluate(() => (window as unknown as { appReady?: boolean }).appReady)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await intlBuilt(page)).toEqual([]);
    expect(await svgPictures(page)).toEqual([]);
    expect(await page.locator('img').count()).toBeGreaterThan(0);
    const { icons, pictures } = await iconPictures(page);
    expect(icons).toBeGreaterThan(5);
    expect(pictures).toHaveLength(1);
    expect(pictures[0]).toMatch(/^url\("http:\/\/[^"]+\/assets\/icons-[\w-]+\.svg"\)$/);

    await signInApprovedInvestor(request, context, baseURL!, 'no-intl@example.com');
    await page.goto(`/projects/${projectIdByName('Hoengseong Hanwoo Herd No. 7')}`);
    await expect(page.getByRole('heading', { level: 1, name: /Hoengseong/ })).toBeVisible();
    // The price per token and the sale's last day.
    await expect(page.getByRole('main')).toContainText(/\$[\d,.]+/);
    await expect(page.getByRole('main')).toContainText(
      /(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}/,
    );
    expect(await intlBuilt(page)).toEqual([]);
    expect(await svgPictures(page)).toEqual([]);
    expect((await iconPictures(page)).pictures).toHaveLength(1);

    await page.goto('/account/overview');
    await expect(page.getByRole('heading', { name: 'Make your first investment' })).toBeVisible();
    expect(await intlBuilt(page)).toEqual([]);
  });
});
