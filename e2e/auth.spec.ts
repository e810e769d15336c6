import { readFileSync } from 'node:fs';
import { expect, expectHeading, test } from './fixtures';
import {
  createEnrolledUser,
  expiredCopyOf,
  freshTotpCode,
  signInWithEmailCode,
  unexpectedErrors,
} from './auth-helpers';

test.describe('sign-in and two-step sign-in', () => {
  test('a new user signs in by email code, sets up OTP, signs out and back in through /auth/otp/verify', async ({
    page,
    consoleErrors,
  }) => {
    // Sign-in, setup, recovery codes, sign-out and sign-in again: near 30 s on a busy machine.
    test.setTimeout(60_000);
    const email = `e2e-${Date.now()}@example.com`;
    await page.goto('/auth/signin');
    await expectHeading(page, /^Sign in to Moa$/);
    // At phone width the header's account link sits in the closed menu: check it is there, not visible.
    const header = page.locator('header');
    await expect(header.locator('a[href^="/auth/signin"]').first()).toBeAttached();

    await signInWithEmailCode(page, email);
    await expectHeading(page, /^Protect your account$/);
    await page.getByRole('link', { name: 'Set up my authenticator' }).click();
    await expectHeading(page, /^Set up your authenticator$/);
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();

    const secretText = page.getByTestId('otp-secret');
    await expect(secretText).toHaveText(/[A-Z2-7]{4}/);
    const secret = (await secretText.innerText()).replace(/\s/g, '');
    expect(secret.length * 5).toBeGreaterThanOrEqual(160);

    const setupCode = freshTotpCode(secret, -1);
    await page.getByLabel('Code from your app').fill(setupCode.code);
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

    await expectHeading(page, /^Save your recovery codes$/);
    const codes = (await page.getByTestId('recovery-codes').getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('moa-recovery-codes.txt');
    const saved = readFileSync((await download.path())!, 'utf8');
    for (const code of codes) expect(saved).toContain(code);

    const proceed = page.getByRole('button', { name: 'Continue' });
    await expect(proceed).toBeDisabled();
    await page.getByLabel('I have saved my recovery codes.').check();
    await proceed.click();
    await expect(page).toHaveURL(/\/account\/overview$/);
    await expectHeading(page, /^Overview$/);
    // A first visit says what comes next.
    await expect(page.getByRole('heading', { name: 'Verify your identity', level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Verify identity' })).toHaveAttribute('href', '/auth/verify/identity');
    await expect(header.locator('a[href="/account/overview"]').first()).toBeAttached();

    // Sign out from an account page; the header follows at once.
    await page.goto('/account/account-settings');
    await expectHeading(page, /^Account settings$/);
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/signin/);
    await expect(header.locator('a[href^="/auth/signin"]').first()).toBeAttached();

    // Back in: the second step is now /auth/otp/verify.
    await signInWithEmailCode(page, email);
    await expect(page).toHaveURL(/\/auth\/otp\/verify/);
    await expectHeading(page, /^Enter your code$/);

    const good = freshTotpCode(secret, setupCode.step);
    const wrong = good.code === '000000' ? '111111' : '000000';
    await page.getByLabel('Authenticator code').fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toContainText('That code is not correct');
    await expect(page).toHaveURL(/\/auth\/otp\/verify/);

    await page.getByLabel('Authenticator code').fill(good.code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/account\/overview$/);

    await page.goto('/account/account-activity');
    await expectHeading(page, /^Account activity$/);
    const events = page.getByRole('list', { name: 'Account events' });
    await expect(events).toContainText('Wrong two-step code');
    await expect(events).toContainText('Signed out');
    await expect(events).toContainText('Two-step sign-in turned on');
    await expect(events).toContainText('Chrome');

    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  });

  test('an expired token on an account page ends on /auth/signin and comes back after signing in', async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    const email = `e2e-expired-${Date.now()}@example.com`;
    const user = await createEnrolledUser(page.request, email);
    await context.addCookies([{ name: 'access_token', value: await expiredCopyOf(user.accessToken), url: baseURL! }]);

    await page.goto('/account/account-settings');
    await expect(page).toHaveURL(/\/auth\/signin\?redirect=%2Faccount%2Faccount-settings/);
    await expectHeading(page, /^Sign in to Moa$/);

    await signInWithEmailCode(page, email);
    await expectHeading(page, /^Enter your code$/);
    const next = freshTotpCode(user.secret, user.lastStep);
    await page.getByLabel('Authenticator code').fill(next.code);
    await page.getByRole('button', { name: 'Verify' }).click();

    await expect(page).toHaveURL(/\/account\/account-settings$/);
    await expectHeading(page, /^Account settings$/);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  });

  test('a recovery code signs in once', async ({ page, consoleErrors }) => {
    const email = `e2e-recovery-${Date.now()}@example.com`;
    const user = await createEnrolledUser(page.request, email);
    const useRecoveryCode = async (code: string) => {
      await page.goto('/auth/signin');
      await signInWithEmailCode(page, email);
      await expectHeading(page, /^Enter your code$/);
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByLabel('Recovery code').fill(code);
      await page.getByRole('button', { name: 'Verify' }).click();
    };

    await useRecoveryCode(user.recoveryCodes[0]!);
    await expect(page).toHaveURL(/\/account\/overview$/);
    await page.goto('/account/account-settings');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/signin/);

    await useRecoveryCode(user.recoveryCodes[0]!);
    await expect(page.getByRole('alert')).toContainText('recovery code is not correct or was already used');
    await expect(page).toHaveURL(/\/auth\/otp\/verify/);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  });
});
