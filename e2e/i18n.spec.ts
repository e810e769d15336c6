import type { Page } from '@playwright/test';
import { latestMailedCode, signInEnrolledUser } from './auth-helpers';
import { expect, test } from './fixtures';

/** The language select visible at this width (the header has one for phones, one for desktops). */
const languageSwitch = (page: Page) => page.locator('header select:visible');

async function expectNoHorizontalOverflow(page: Page, path: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${path} is wider than the screen`).toBeLessThanOrEqual(innerWidth);
}

test.describe('Korean', () => {
  test('the header switches to Korean at once, and the choice survives a reload', async ({ page, consoleErrors }) => {
    await page.goto('/faq');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();

    await languageSwitch(page).selectOption('ko');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByRole('heading', { level: 1, name: '자주 묻는 질문' })).toBeVisible();
    await expect(page.getByRole('button', { name: '메뉴' })).toBeVisible();
    await page.getByRole('button', { name: '메뉴' }).click();
    await expect(page.getByRole('link', { name: '로그인' })).toBeVisible();
    await expect(page).toHaveTitle(/자주 묻는 질문/);
    expect(await page.evaluate(() => localStorage.getItem('moa.locale'))).toBe('ko');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByRole('heading', { level: 1, name: '자주 묻는 질문' })).toBeVisible();
    await expect(languageSwitch(page)).toHaveValue('ko');

    await languageSwitch(page).selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(consoleErrors).toEqual([]);
  });

  test.describe('for a browser set to Korean', () => {
    test.use({ locale: 'ko-KR' });

    test('opens in Korean with dates written the Korean way, and no page is wider than a phone', async ({
      page,
      consoleErrors,
    }) => {
      await page.goto('/blog/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
      await expect(page.getByRole('heading', { level: 1, name: '블로그' })).toBeVisible();
      // A post's date, formatted for ko-KR: "2026년 11월 22일".
      await expect(page.locator('main time').first()).toHaveText(/^\d{4}년 \d{1,2}월 \d{1,2}일$/);
      await expectNoHorizontalOverflow(page, '/blog/');

      for (const path of ['/', '/projects', '/faq', '/contact-us', '/auth/signin']) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
        await expect(page.locator('main h1').first()).toBeVisible();
        await expectNoHorizontalOverflow(page, path);
      }
      expect(consoleErrors).toEqual([]);
    });

    test('a refused input is explained in Korean by the form and by the server', async ({ page, request }) => {
      await page.goto('/auth/signin');
      await page.getByLabel('이메일 주소').fill('hana.example.com');
      await page.getByRole('button', { name: '이메일로 인증 코드 받기' }).click();
      await expect(page.getByText('올바른 이메일 주소를 입력해 주세요.')).toBeVisible();

      const refused = await request.post('/api/v1/auth/email/code', {
        data: { email: 'hana.example.com' },
        headers: { 'accept-language': 'ko-KR' },
      });
      expect(refused.status()).toBe(400);
      expect(await refused.json()).toEqual({
        errors: [{ code: 'VALIDATION_FAILED', message: 'body.email: 올바른 이메일 주소를 입력해 주세요.' }],
      });
    });
  });

  test('a signed-in investor’s choice in settings is kept on the account: mails follow it', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const email = 'korean-investor@example.com';
    await signInEnrolledUser(request, context, baseURL!, email);
    await page.goto('/account/account-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();

    await page.getByRole('region', { name: 'Language' }).getByLabel('Language').selectOption('ko');
    await expect(page.getByRole('heading', { level: 1, name: '계정 설정' })).toBeVisible();
    await expect(page.getByText('언어 설정을 저장했습니다.')).toBeVisible();
    await expectNoHorizontalOverflow(page, '/account/account-settings');

    for (const path of ['/account/overview', '/account/notifications', '/account/activity']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
      await expect(page.locator('main h1').first()).toBeVisible();
      await expectNoHorizontalOverflow(page, path);
    }

    // A device with no choice of its own (another browser) takes the account's language.
    await page.evaluate(() => localStorage.removeItem('moa.locale'));
    await page.goto('/account/overview');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByRole('heading', { level: 1, name: '요약' })).toBeVisible();

    // The next sign-in code is mailed in Korean, even when the request asks for English.
    const sent = await request.post('/api/v1/auth/email/code', {
      data: { email },
      headers: { 'accept-language': 'en-US' },
    });
    expect(sent.ok()).toBe(true);
    const code = await latestMailedCode(request, email);
    const outbox = (await (await request.get(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`)).json()) as {
      messages: Array<{ subject: string }>;
    };
    expect(outbox.messages[0]?.subject).toBe(`[Moa] 로그인 인증 코드 ${code}`);
  });
});
