import type { Page } from '@playwright/test';
import { signInEnrolledUser } from './auth-helpers';
import { moa, projectIdByName } from './catalogue-helpers';
import { expect, expectHeading, test } from './fixtures';

const photo = (name: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(512, 5)]),
});

async function sendIdentityForm(page: Page, legalName: string) {
  await page.getByLabel('Legal name').fill(legalName);
  await page.getByLabel('Date of birth').fill('1991-05-17');
  await page.getByLabel('Country of residence').selectOption('KR');
  await page.getByLabel('Document type').selectOption('PASSPORT');
  await page.getByLabel('Photo page of the passport').setInputFiles(photo('passport.jpg'));
  await page.getByLabel('Selfie').setInputFiles(photo('selfie.jpg'));
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page).toHaveURL(/\/auth\/verify\/identity\/success/);
  await expect(page.getByRole('heading', { name: 'Submitted and waiting for review' })).toBeVisible();
}

test.describe('identity check', () => {
  test('a new investor sends the form, an operator approves, and the projects open', async ({
    page,
    context,
    request,
    baseURL,
    consoleErrors,
  }) => {
    const email = 'kyc-approved@example.com';
    await signInEnrolledUser(request, context, baseURL!, email);
    const projectId = projectIdByName('Gangnam Tteokbokki Co.');

    // The KYC group sends an investor without a review to the identity check.
    await page.goto(`/projects/${projectId}`);
    await expect(page).toHaveURL(/\/auth\/verify\/identity\/?(\?|$)/);
    await expectHeading(page, /^Verify your identity$/);
    await sendIdentityForm(page, 'Han Yuna');

    // Still waiting: the KYC group sends the user back to the result page.
    await page.goto(`/projects/${projectId}`);
    await expect(page).toHaveURL(/\/auth\/verify\/identity\/success/);

    expect(moa('kyc:list')).toContain(`${email}  [pending]  Han Yuna`);
    moa('kyc:review', email, 'GREEN');
    // The page asks again by itself while the review runs.
    await expect(page.getByRole('heading', { name: 'Approved' })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Continue to projects' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
    await expectHeading(page, /Gangnam Tteokbokki Co\./);
    expect(consoleErrors).toEqual([]);
  });

  test('a rejected-with-retry investor reads what to fix and sends the check again', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const email = 'kyc-retry@example.com';
    await signInEnrolledUser(request, context, baseURL!, email);
    await page.goto('/auth/verify/identity/');
    await sendIdentityForm(page, 'Lee Dami');

    moa('kyc:review', email, 'RED', 'RETRY', 'The selfie is too dark to compare with the passport.');
    await expect(page.getByRole('heading', { name: 'Something needs fixing' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('The selfie is too dark to compare with the passport.')).toBeVisible();
    await page.getByRole('link', { name: 'Fix and send again' }).click();
    await expectHeading(page, /^Verify your identity$/);
    await expect(page.getByText('The selfie is too dark to compare with the passport.')).toBeVisible();
    await expect(page.getByLabel('Legal name')).toHaveValue('Lee Dami');
    await sendIdentityForm(page, 'Lee Dami');
  });

  test('a final rejection points to support, with no way to resend', async ({ page, context, request, baseURL }) => {
    const email = 'kyc-final@example.com';
    await signInEnrolledUser(request, context, baseURL!, email);
    await page.goto('/auth/verify/identity/');
    await sendIdentityForm(page, 'Choi Minho');
    moa('kyc:review', email, 'RED', 'FINAL', 'The document is reported as lost.');
    await expect(page.getByRole('heading', { name: 'We could not verify your identity' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('link', { name: 'Contact support' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Fix and send again' })).toHaveCount(0);
  });
});
