import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '../src/domain/language-tags';
import { signInEnrolledUser } from './auth-helpers';
import { moa, signInApprovedInvestor } from './catalogue-helpers';
import { expect, test } from './fixtures';
import { giveHolding, governanceProjectId } from './governance-helpers';
import { reserveOrder } from './notification-helpers';
import { declaredOrder } from './order-helpers';

/**
 * What a new investor met walking through Moa on a 390 px phone, each checked in English and
 * in Korean (the project's viewport is 390 px wide).
 */
const languages = ['en', 'ko'] as const;
type Language = (typeof languages)[number];

/**
 * The language chosen on this device before the first page opens, as the app keeps a choice: on
 * the device, and in the cookie the server paints pages by. Without the cookie the first pages
 * would come painted in English and be drawn again in Korean as the app takes them over (the
 * case e2e/hydration-ko.spec.ts covers), and what a test reads could be the page being replaced.
 */
async function chooseLanguage(page: Page, language: Language): Promise<void> {
  await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: language, url: test.info().project.use.baseURL! }]);
  await page.addInitScript((locale) => {
    if (!localStorage.getItem('moa.locale')) localStorage.setItem('moa.locale', locale);
  }, language);
}

/** A page has opened: its heading shows (the machine may be busy, so allow for it). */
const expectPage = (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });

/** The language select visible at this width (the header has one for phones, one for desktops). */
const languageSwitch = (page: Page) => page.locator('header select:visible');

/**
 * Every amount of money written on the page ($39.41, US$39.41, $595K), found in the text
 * itself, not by a class: each must lie on one line (all of its boxes at one height). Answers
 * what was found, with the ones that broke.
 */
async function auditAmounts(page: Page) {
  return page.evaluate(() => {
    const pattern = /(?:US)?\$\s?\d[\d,]*(?:\.\d+)?[KMB]?/g;
    const found: string[] = [];
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !element.getClientRects().length) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(pattern)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set(
          [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
        );
        found.push(match[0]);
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    for (const element of document.querySelectorAll('.amount')) {
      if (element.getClientRects().length > 1) broken.push(element.textContent ?? '');
    }
    return { found, broken };
  });
}

for (const language of languages) {
  test.describe(`at 390 px in ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      expect(page.viewportSize()?.width).toBe(390);
      await chooseLanguage(page, language);
    });

    test('the page names one manifest', async ({ page, consoleErrors }) => {
      for (const path of ['/', '/faq']) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
      }
      expect(consoleErrors).toEqual([]);
    });

    test('the language goes to the server once per change, not with every page load', async ({
      page,
      context,
      request,
      baseURL,
      consoleErrors,
    }) => {
      test.setTimeout(120_000);
      await signInEnrolledUser(request, context, baseURL!, `walk-language-${language}@example.com`);
      const sent: string[] = [];
      page.on('request', (sentRequest) => {
        if (sentRequest.method() === 'PUT' && sentRequest.url().endsWith('/api/v1/users/me/language')) {
          sent.push(String((sentRequest.postDataJSON() as { language: string }).language));
        }
      });
      const other: Language = language === 'en' ? 'ko' : 'en';
      await page.goto('/account/overview');
      await expectPage(page);
      // The device's choice is kept on the account, once.
      await expect.poll(() => sent).toEqual([language]);

      await languageSwitch(page).selectOption(other);
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await expect.poll(() => sent).toEqual([language, other]);
      await languageSwitch(page).selectOption(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect.poll(() => sent).toEqual([language, other, language]);

      // A signed-in page never goes quiet (its live stream stays open): each load is waited for
      // until the app runs in full, its stream asked for after the profile it reconciles.
      const streamOpened = () => page.waitForRequest((sentRequest) => sentRequest.url().endsWith('/api/v1/events'));
      for (let load = 0; load < 3; load += 1) {
        const opened = streamOpened();
        await page.reload();
        await expectPage(page);
        await opened;
      }
      const opened = streamOpened();
      await page.goto('/account/account-settings');
      await expectPage(page);
      await opened;
      expect(sent).toEqual([language, other, language]);
      expect(consoleErrors).toEqual([]);
    });

    test('no amount of money breaks across lines on any page that shows amounts', async ({
      page,
      context,
      request,
      baseURL,
      consoleErrors,
    }) => {
      test.setTimeout(120_000);
      const email = `walk-amounts-${language}@example.com`;
      const user = await signInApprovedInvestor(request, context, baseURL!, email);
      const projectId = governanceProjectId();
      giveHolding(email, projectId, 40);
      const today = new Date().toISOString().slice(0, 10);
      // A payout to come of $39.41 a share and more: the figures the walk-through saw break.
      // Each language's walk gives its own payout: a second one of the same figures says so (--new).
      moa('revenue:distribute', String(projectId), '3941000041', today, 'Walk-through', '--new');
      const order = await reserveOrder(request, user.accessToken, projectId, 1);

      const pages = [
        '/projects',
        `/projects/${projectId}`,
        '/account/overview',
        '/account/orders',
        `/account/orders/${order.id}`,
        `/invest/?productId=${projectId}&step=quantity`,
      ];
      for (const path of pages) {
        await page.goto(path);
        await expectPage(page);
        await expect(page.locator('.amount').first()).toBeVisible();
        const { found, broken } = await auditAmounts(page);
        expect(found.length, `${path} shows amounts`).toBeGreaterThan(0);
        expect(broken, `amounts broken across lines on ${path}`).toEqual([]);
      }
      expect(consoleErrors).toEqual([]);
    });

    test('a confirmed payment reaches the inbox and the mailbox in the investor’s language', async ({
      page,
      context,
      request,
      baseURL,
      consoleErrors,
    }) => {
      test.setTimeout(120_000);
      const email = `walk-payment-${language}@example.com`;
      const user = await signInApprovedInvestor(request, context, baseURL!, email);
      const headers = { authorization: `Bearer ${user.accessToken}` };
      expect((await request.put('/api/v1/users/me/language', { headers, data: { language } })).ok()).toBe(true);
      const projectId = governanceProjectId();
      const order = await declaredOrder(request, user.accessToken, projectId, { payerName: 'TEST INVESTOR' });
      moa('payment:confirm', order.reference);

      const title = language === 'ko' ? '입금이 확인되었습니다' : 'Payment confirmed';
      await page.goto('/account/notifications');
      await expectPage(page);
      const item = page.getByRole('link', { name: new RegExp(title) });
      await expect(item).toBeVisible();
      await expect(item).toContainText(order.reference);
      await item.click();
      await expect(page).toHaveURL(new RegExp(`/account/orders/${order.id}$`));
      await expectPage(page);

      // The mail goes out from the outbox within a sweep.
      const subjects = async () => {
        const response = await request.get(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`);
        return ((await response.json()) as { messages: Array<{ subject: string }> }).messages.map((m) => m.subject);
      };
      await expect
        .poll(subjects, { timeout: 20_000 })
        .toContainEqual(expect.stringContaining(language === 'ko' ? '입금 확인' : 'Payment confirmed'));
      expect(consoleErrors).toEqual([]);
    });

    test('a 429 on the profile keeps the session: the page waits for Retry-After and says so', async ({
      page,
      context,
      request,
      baseURL,
      consoleErrors,
    }) => {
      test.setTimeout(120_000);
      await signInEnrolledUser(request, context, baseURL!, `walk-busy-${language}@example.com`);
      // Investors behind one shared address: the first two asks for the profile are refused.
      const message =
        language === 'ko'
          ? '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.'
          : 'Too many requests. Try again in 2 s.';
      let refused = 0;
      const asked: number[] = [];
      await page.route('**/api/v1/users/me', async (route) => {
        asked.push(Date.now());
        if (refused >= 2) return route.continue();
        refused += 1;
        await route.fulfill({
          status: 429,
          headers: { 'Retry-After': '2', 'Content-Type': 'application/json' },
          body: JSON.stringify({ errors: [{ code: 'RATE_LIMITED', message }] }),
        });
      });
      // A page the app builds itself (the overview comes painted with the profile in it).
      await page.goto('/account/account-settings');
      await expectPage(page);
      await expect(page.getByText(message)).toBeVisible({ timeout: 10_000 });
      expect(new URL(page.url()).pathname).toBe('/account/account-settings');
      expect(refused).toBe(2);
      // Each ask waited for the Retry-After of the refusal before it.
      expect(asked[1]! - asked[0]!).toBeGreaterThanOrEqual(1900);
      expect(asked[2]! - asked[1]!).toBeGreaterThanOrEqual(1900);
      expect((await context.cookies()).some((cookie) => cookie.name === 'access_token')).toBe(true);
      expect(consoleErrors.filter((error) => !/status of 429/.test(error))).toEqual([]);
    });
  });
}
