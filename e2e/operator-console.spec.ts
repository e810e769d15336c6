import type { APIRequestContext } from '@playwright/test';
import { createEnrolledUser } from './auth-helpers';
import { approveIdentity, projectIdByName } from './catalogue-helpers';
import { expect, test } from './fixtures';
import { newAdmin, shot } from './operator-helpers';
import { declaredOrder } from './order-helpers';

const PROJECT = 'Han River Sessions: Drama OST Collection';
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(256, 7)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256, 9)]);

/** An identity check sent through the API as the form sends it, left waiting for an operator. */
async function submitIdentity(request: APIRequestContext, accessToken: string, legalName: string) {
  const headers = { authorization: `Bearer ${accessToken}` };
  const upload = async (name: string, mimeType: string, buffer: Buffer) => {
    const response = await request.post('/api/v1/kyc/files', {
      headers,
      multipart: { file: { name, mimeType, buffer } },
    });
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as { id: string }).id;
  };
  const submitted = await request.post('/api/v1/kyc/submissions', {
    headers,
    data: {
      legalName,
      dateOfBirth: '1990-01-01',
      countryOfResidence: 'KR',
      investorType: 'INDIVIDUAL',
      documentType: 'PASSPORT',
      frontFileId: await upload('passport.jpg', 'image/jpeg', JPEG),
      selfieFileId: await upload('selfie.png', 'image/png', PNG),
    },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);
}

for (const width of [390, 1280]) {
  test.describe(`the operator console at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('an operator sees Today, reviews an identity with its document, confirms a payment, and the audit log names each step', async ({
      page,
      context,
      request,
      baseURL,
      consoleErrors,
    }) => {
      test.setTimeout(180_000);
      const operatorEmail = `operator-${width}@example.com`;
      const applicantEmail = `applicant-${width}@example.com`;
      const buyerEmail = `buyer-${width}@example.com`;
      const operator = await newAdmin(request, operatorEmail);
      const applicant = await createEnrolledUser(request, applicantEmail);
      await submitIdentity(request, applicant.accessToken, `Applicant ${width}`);
      const buyer = await createEnrolledUser(request, buyerEmail);
      await approveIdentity(request, buyer.accessToken, buyerEmail);
      const order = await declaredOrder(request, buyer.accessToken, projectIdByName(PROJECT));

      // Signed in with the second factor passed, as every operator is.
      await context.addCookies([{ name: 'access_token', value: operator.accessToken, url: baseURL!, secure: true }]);
      await page.goto('/account/overview');
      await page.getByRole('link', { name: 'Operator console' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
      await expect(page.getByTestId('queue-IDENTITY_CHECKS')).not.toHaveText('0');
      await shot(page, `today-${width}`);

      // The identity review: the uploaded passport photo is shown inline, then approved.
      await page.getByRole('link', { name: /Identity checks/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Identity and investor reviews' })).toBeVisible();
      await page.getByRole('link', { name: applicantEmail }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: applicantEmail })).toBeVisible();
      const passport = page.getByRole('img', { name: 'Document, front' });
      await expect(passport).toBeVisible();
      expect(
        await passport.evaluate((image: HTMLImageElement) => image.complete && image.src.startsWith('data:image/jpeg')),
      ).toBe(true);
      await shot(page, `review-${width}`);
      await page.getByRole('radio', { name: 'Approve (GREEN)' }).check();
      await page.getByRole('button', { name: 'Send the decision' }).click();
      await expect(page.getByText('The decision was recorded.')).toBeVisible();
      await expect(page.getByText(/completed · GREEN/)).toBeVisible();

      // The declared payment, found by its reference and confirmed.
      await page.getByRole('link', { name: 'Payments' }).click();
      await page.getByLabel('Search by reference, email or project').fill(order.reference);
      await expect(page).toHaveURL(new RegExp(`q=${order.reference}`));
      const row =
        width >= 1024
          ? page.getByRole('row', { name: new RegExp(order.reference) })
          : page.getByRole('listitem').filter({ hasText: order.reference });
      await row.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByText('The payment is confirmed.')).toBeVisible();
      await shot(page, `payments-${width}`);

      // The audit log lists each step with its operator.
      // Filters live in the URL: a link to the operator's steps opens them.
      await page.goto(`/operator/audit?actor=${encodeURIComponent(operatorEmail)}`);
      await expect(page.getByLabel('Actor')).toHaveValue(operatorEmail);
      await expect(page).toHaveURL(/actor=/);
      const log = page.locator(width >= 1024 ? 'table' : 'ul[aria-label="Audit log"]');
      await expect(log).toContainText('ORDER_PAYMENT_CONFIRMED');
      await expect(log).toContainText('KYC_REVIEW_UPDATED');
      await expect(log).toContainText('KYC_DOCUMENT_VIEWED');
      await expect(log).toContainText(`operator:${operatorEmail}`);
      await expect(log).toContainText(applicantEmail);
      await expect(log).toContainText(buyerEmail);
      await shot(page, `audit-${width}`);
      expect(consoleErrors).toEqual([]);
    });

    test('an investor who opens /operator is refused and stays signed in', async ({
      page,
      context,
      request,
      baseURL,
      consoleErrors,
    }) => {
      test.setTimeout(90_000);
      const investor = await createEnrolledUser(request, `curious-${width}@example.com`);
      await context.addCookies([{ name: 'access_token', value: investor.accessToken, url: baseURL!, secure: true }]);
      await page.goto('/operator');
      await expect(page.getByTestId('operator-refused')).toHaveText('This console is for operators');
      await shot(page, `refused-${width}`);
      await page.goto('/operator/audit');
      await expect(page.getByTestId('operator-refused')).toBeVisible();
      await expect(page).toHaveURL(/\/operator\/audit$/);
      // Still signed in: the account opens without a new sign-in.
      await page.goto('/account/overview');
      await expect(page).toHaveURL(/\/account\/overview$/);
      await expect(page.getByRole('link', { name: 'Operator console' })).toHaveCount(0);
      expect(consoleErrors).toEqual([]);
    });
  });
}
