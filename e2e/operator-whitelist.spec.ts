import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { createEnrolledUser } from './auth-helpers';
import { approveIdentity, moa, projectIdByName } from './catalogue-helpers';
import { expect as baseExpect, test } from './fixtures';

/** Screens load their own chunks and data: on a busy machine that can take longer than the default wait. */
const expect = baseExpect.configure({ timeout: 60_000 });

/** With E2E_SCREENSHOT_DIR set, the screen is also saved (at the test's width), for review by eye. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

const RESTRICTED = 'The Last Dokkaebi: Webtoon to Series';
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 4)]);

/** A new account made ADMIN the way an operator team does it: proposed by one admin, approved by the other. */
async function newAdmin(request: APIRequestContext, email: string) {
  const user = await createEnrolledUser(request, email);
  const proposed = moa('user:role', email, 'ADMIN', '--as', 'admin@demo.moa.localhost');
  const id = /Approval (\S+) proposed/.exec(proposed)?.[1];
  if (id) moa('approval:approve', id, '--as', 'admin2@demo.moa.localhost');
  return user;
}

/** An investor with an approved identity and a verified investor status (the project is Reg D). */
async function verifiedInvestor(request: APIRequestContext, email: string) {
  const user = await createEnrolledUser(request, email);
  await approveIdentity(request, user.accessToken, email);
  const headers = { authorization: `Bearer ${user.accessToken}` };
  const upload = await request.post('/api/v1/kyc/files', {
    headers,
    multipart: { file: { name: 'tax-return.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const submitted = await request.post('/api/v1/kyc/investor', {
    headers,
    data: {
      basis: 'INCOME',
      details: 'Tax returns 2024 and 2025',
      evidenceFileIds: [((await upload.json()) as { id: string }).id],
      isSelfCertified: true,
    },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  moa('investor:review', email, 'GREEN');
  return user;
}

for (const width of [390, 1280]) {
  test.describe(`access requests in the operator console at ${width} px`, () => {
    const viewport = { width, height: width === 390 ? 844 : 900 };
    test.use({ viewport });

    test('an investor asks for a restricted project, an operator allows it in the console, and the investor invests', async ({
      page,
      context,
      browser,
      request,
      baseURL,
      consoleErrors,
    }) => {
      test.setTimeout(420_000);
      const investorEmail = `insider-${width}@example.com`;
      const operatorEmail = `gatekeeper-${width}@example.com`;
      const restrictedId = projectIdByName(RESTRICTED);
      const investor = await verifiedInvestor(request, investorEmail);
      const operator = await newAdmin(request, operatorEmail);

      // The investor asks for access.
      await context.addCookies([{ name: 'access_token', value: investor.accessToken, url: baseURL!, secure: true }]);
      await page.goto(`/projects/${restrictedId}`);
      await expect(page).toHaveURL(new RegExp(`/white-list/${restrictedId}$`));
      await page.getByRole('button', { name: 'Request access' }).click();
      await expect(page.getByText('Your request is waiting')).toBeVisible();

      // The operator, in a browser of their own, opens the request from Today's tile and allows it.
      const operatorContext = await browser.newContext({ baseURL, viewport });
      const operatorErrors: string[] = [];
      try {
        await operatorContext.addCookies([
          { name: 'access_token', value: operator.accessToken, url: baseURL!, secure: true },
        ]);
        const console = await operatorContext.newPage();
        console.on('console', (message) => {
          if (message.type() === 'error') operatorErrors.push(message.text());
        });
        console.on('pageerror', (error) => operatorErrors.push(error.message));
        await console.goto('/operator');
        await expect(console.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
        await expect(console.getByTestId('queue-WHITELIST_REQUESTS')).not.toHaveText('0');
        await console
          .getByTestId('operator-queue')
          .getByRole('link', { name: /Access requests/ })
          .click();
        await expect(console).toHaveURL(/\/operator\/whitelist$/);
        await expect(console.getByRole('heading', { level: 1, name: 'Access requests' })).toBeVisible();
        // The console's navigation leads here too.
        await expect(
          console.getByRole('navigation', { name: 'Operator console' }).getByRole('link', { name: 'Access requests' }),
        ).toHaveAttribute('aria-current', 'page');

        // Found by email; the search lives in the URL.
        await console.getByLabel('Search by email').fill(investorEmail);
        await expect(console).toHaveURL(new RegExp(`q=${encodeURIComponent(investorEmail).replace(/\./g, '\\.')}`));
        const allow = console.getByRole('button', { name: `Allow ${investorEmail} into ${RESTRICTED}` });
        await expect(allow).toBeVisible();
        await shot(console, `whitelist-${width}`);
        await allow.click();
        await expect(console.getByText('Allowed: the person can now see and invest in the project.')).toBeVisible();
        await expect(allow).toHaveCount(0);

        // The investor is on the allowed list and invests.
        await page.reload();
        await expect(page.getByText('You are on the allowed list.')).toBeVisible();
        await page.getByRole('link', { name: 'Open the project' }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(/The Last Dokkaebi/);
        await page.getByRole('link', { name: 'Invest', exact: true }).first().click();
        await expect(page.getByRole('heading', { name: 'How many tokens?' })).toBeVisible();
        await page.getByLabel('Number of DKBI tokens').fill('5');
        await page.getByRole('button', { name: 'Continue' }).click();
        await expect(page).toHaveURL(/step=method/);
        await page.getByRole('radio', { name: /Bank transfer/ }).check();
        await page.getByRole('button', { name: 'Continue' }).click();
        await expect(page).toHaveURL(/step=identity/);
        await page.getByLabel('Source of funds').selectOption({ label: 'Savings' });
        await page.getByRole('button', { name: 'Continue' }).click();
        await expect(page).toHaveURL(/step=review/);
        await page.getByRole('button', { name: 'Reserve 5 tokens' }).click();
        await expect(page).toHaveURL(/orderId=[0-9a-f-]{36}/);
        await expect(page.getByRole('heading', { name: 'Read and sign the contract' })).toBeVisible();

        // The operator finds the new order in Orders by the investor's email.
        await console
          .getByRole('navigation', { name: 'Operator console' })
          .getByRole('link', { name: 'Orders' })
          .click();
        await expect(console.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
        await console.getByLabel('Search by reference, email or project').fill(investorEmail);
        await console.getByLabel('State').selectOption({ label: 'Reserved' });
        await console.getByRole('button', { name: 'Show' }).click();
        await expect(console).toHaveURL(/state=RESERVED/);
        const orders = console.locator(width >= 1024 ? 'table' : 'ul[aria-label="Orders"]');
        await expect(orders).toContainText(investorEmail);
        await expect(orders).toContainText(RESTRICTED);
        await expect(orders).toContainText('Reserved');
        await expect(orders.getByRole('link', { name: 'Open the person' })).toHaveCount(1);
        await shot(console, `orders-${width}`);
        await orders.getByRole('link', { name: 'Open the person' }).click();
        await expect(console.getByRole('heading', { level: 1, name: investorEmail })).toBeVisible();
      } finally {
        await operatorContext.close();
      }
      expect(operatorErrors).toEqual([]);
      // The project itself answers 403 (WHITELIST_REQUIRED) before access is allowed: that is the refusal
      // that sends the investor to the request page, and nothing else may appear.
      expect(
        consoleErrors.filter(
          (error) => !error.endsWith(`status of 403 (Forbidden): ${baseURL}/api/v1/products/${restrictedId}`),
        ),
      ).toEqual([]);
    });

    test('an operator declines a request with a reason, and it is kept in the audit log', async ({
      page,
      context,
      request,
      baseURL,
      consoleErrors,
    }) => {
      test.setTimeout(300_000);
      const applicantEmail = `outsider-${width}@example.com`;
      const operatorEmail = `doorman-${width}@example.com`;
      const restrictedId = projectIdByName(RESTRICTED);
      const applicant = await createEnrolledUser(request, applicantEmail);
      await approveIdentity(request, applicant.accessToken, applicantEmail);
      const asked = await request.post(`/api/v1/products/${restrictedId}/whitelist`, {
        headers: { authorization: `Bearer ${applicant.accessToken}` },
      });
      expect(asked.ok(), await asked.text()).toBe(true);
      const operator = await newAdmin(request, operatorEmail);

      await context.addCookies([{ name: 'access_token', value: operator.accessToken, url: baseURL!, secure: true }]);
      await page.goto(`/operator/whitelist?q=${encodeURIComponent(applicantEmail)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Access requests' })).toBeVisible();
      await page.getByRole('button', { name: `Decline ${applicantEmail} for ${RESTRICTED}` }).click();
      await page.getByLabel('Reason').fill('Invited investors only');
      await page.getByRole('button', { name: 'Decline the request' }).click();
      await expect(page.getByText('The request is declined.')).toBeVisible();
      await expect(page.getByText('No access request is waiting.')).toBeVisible();

      await page.goto('/operator/audit?action=WHITELIST_DECLINED');
      const log = page.locator(width >= 1024 ? 'table' : 'ul[aria-label="Audit log"]');
      await expect(log).toContainText(applicantEmail);
      await expect(log).toContainText('reason: Invited investors only');
      expect(consoleErrors).toEqual([]);
    });
  });
}
