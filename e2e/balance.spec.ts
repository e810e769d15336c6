import path from 'node:path';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { freshTotpCode } from './auth-helpers';
import { moa, projectIdByName, signInApprovedInvestor } from './catalogue-helpers';
import { expect, expectHeading, test } from './fixtures';
import { giveHolding, revenueDueNow } from './governance-helpers';
import { isQuerySaved } from './saved-queries';
import { waitForServiceWorker } from './service-worker';

const PROJECT = 'Han River Sessions: Drama OST Collection';

/** With E2E_SCREENSHOT_DIR set, the whole screen is also saved at phone and desktop width, for review by eye. */
async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/** After a page load on a busy machine: the saved figures show at once, the fresh ones follow. */
const FRESH = { timeout: 20_000 };

test('balance: a deposit confirmed by the operator, a purchase paid from it at once, a withdrawal paid, offline', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // A long walk: deposit, operator confirmation, purchase, withdrawal and its payout, then offline
  // (over 100 s on a busy machine).
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = 'balance@example.com';
  const user = await signInApprovedInvestor(request, context, baseURL!, email);
  const headers = { authorization: `Bearer ${user.accessToken}` };

  // The investor finds the balance from the account navigation, empty, with their own reference.
  await page.goto('/account/overview');
  await page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Balance' }).click();
  await expectHeading(page, /^Balance$/);
  const { depositReference } = (await (await request.get('/api/v1/users/me/balance', { headers })).json()) as {
    depositReference: string;
  };
  await expect(page.getByText(depositReference, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy Your deposit reference' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code of the transfer details/ })).toBeVisible();
  await expect(page.getByTestId('balance-available')).toHaveText('$0');
  await snap(page, 'balance-empty');

  // The operator confirms the transfer that carries the reference: $100.00, in cents.
  moa('deposit:confirm', depositReference, '10000', 'BANK-E2E-1');
  await page.reload();
  await expect(page.getByTestId('balance-available')).toHaveText('$100', FRESH);
  const entries = page.getByTestId('balance-entries');
  await expect(entries.getByRole('listitem')).toHaveCount(1);
  await expect(entries).toContainText('Money paid in');
  await expect(entries).toContainText('+$100');

  // Buying 3 tokens ($30) from the balance: confirmed as soon as the contract is signed.
  const projectId = projectIdByName(PROJECT);
  await page.goto(`/invest?productId=${projectId}`);
  await page.getByLabel('Number of HRSN tokens').fill('3');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/step=method/);
  await page.getByRole('radio', { name: /From your balance/ }).check();
  await snap(page, 'balance-invest-method');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/step=identity/);
  await page.getByLabel('Source of funds').selectOption({ label: 'Savings' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/step=review/);
  await expect(page.getByText('From your balance', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Reserve 3 tokens' }).click();
  await expect(page.getByRole('heading', { name: 'Read and sign the contract' })).toBeVisible({ timeout: 20_000 });
  const consents = page.getByRole('group', { name: 'Your consent' }).getByRole('checkbox');
  for (const box of await consents.all()) await box.check();
  await page.getByLabel('Type your full legal name').fill('Test Investor');
  await page.getByRole('button', { name: 'Sign the contract' }).click();
  // Signing renders the PDF before answering: allow for a busy machine.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment confirmed: your tokens are yours', {
    timeout: 30_000,
  });
  await expect(page.getByText('Paid from your balance.', { exact: false })).toBeVisible();
  await snap(page, 'balance-invest-confirmed');
  await page.getByRole('link', { name: 'See your holdings' }).click();
  await expect(page.getByText('3 tokens').first()).toBeVisible(FRESH);
  await page.goto('/account/balance');
  await expect(page.getByTestId('balance-available')).toHaveText('$70', FRESH);
  await expect(entries).toContainText('Tokens bought');
  await expect(entries).toContainText('-$30');

  // The CSV of the entries, with the amounts in dollars.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('date,kind,reason');
  expect(csv).toContain(',PURCHASE,ORDER,');
  expect(csv).toContain(',-30.00,');

  // A withdrawal of $25.50 to the saved bank details, with an authenticator code.
  const bankCode = freshTotpCode(user.secret, user.lastStep);
  const saved = await request.put('/api/v1/users/me/bank-details', {
    headers,
    data: { bankName: 'Hana Bank', holderName: 'Test Investor', accountNumber: '12345678901', code: bankCode.code },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  // The bank details were saved elsewhere: the page reads them again when opened.
  await page.reload();
  await page.getByRole('link', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Request a withdrawal' })).toBeInViewport();
  await page.getByLabel('Amount (USD)').fill('25.555');
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(
    page.getByText('Enter an amount above zero, with no more decimals than the currency has.'),
  ).toBeVisible();
  await page.getByLabel('Amount (USD)').fill('25.50');
  await expect(page.getByRole('radio', { name: /Hana Bank/ })).toBeChecked();
  await page.getByLabel('Authenticator code').fill(freshTotpCode(user.secret, bankCode.step).code);
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  const withdrawals = page.getByTestId('withdrawals');
  await expect(withdrawals.getByRole('listitem')).toHaveCount(1);
  await expect(withdrawals).toContainText('$25.50');
  await expect(withdrawals).toContainText('Pending');
  await expect(page.getByRole('button', { name: 'Cancel the withdrawal of $25.50' })).toBeVisible();
  await snap(page, 'balance-withdraw');

  // The operator pays it with the bank's reference.
  const { withdrawals: listed } = (await (await request.get('/api/v1/users/me/withdrawals', { headers })).json()) as {
    withdrawals: Array<{ id: string }>;
  };
  moa('withdrawal:paid', listed[0]!.id, 'PAYOUT-E2E-1');
  await page.reload();
  await expect(withdrawals).toContainText('Paid', FRESH);
  await expect(page.getByRole('button', { name: /Cancel the withdrawal/ })).toHaveCount(0);
  await expect(page.getByTestId('balance-available')).toHaveText('$44.50', FRESH);
  await expect(page.getByTestId('balance-held')).toHaveText('$0');
  await expect(entries).toContainText('Withdrawal paid out');
  await snap(page, 'balance-after');

  // Documents lists the month's and the year's balance statements; the month's downloads as a PDF.
  await page.goto('/account/overview');
  await page.getByRole('link', { name: 'Documents' }).first().click();
  const month = new Date().toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const statements = page.getByTestId('cash-statements');
  const monthItem = statements.locator('li', { hasText: month });
  await expect(monthItem).toContainText('closing $44.50', FRESH);
  await expect(statements.locator('li', { hasText: `Year ${new Date().getUTCFullYear()}` })).toContainText(
    'closing $44.50',
  );
  const period = new Date().toISOString().slice(0, 7);
  const [pdfResponse, pdfDownload] = await Promise.all([
    page.waitForResponse((answer) => answer.url().includes(`/api/v1/users/me/cash-statements/${period}.pdf`)),
    page.waitForEvent('download'),
    monthItem.getByRole('button').click(),
  ]);
  expect(pdfResponse.status()).toBe(200);
  expect(pdfDownload.suggestedFilename()).toBe(`moa-balance-${period}.pdf`);
  expect((await readFile((await pdfDownload.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await snap(page, 'balance-statements');

  // Saved on this device: the balance page opens offline, saying when it was saved.
  await expect.poll(() => isQuerySaved(page, '["balance","summary"]')).toBe(true);
  await expect.poll(() => isQuerySaved(page, '["balance","entries",null]')).toBe(true);
  await expect.poll(() => isQuerySaved(page, '["balance","statements"]')).toBe(true);
  await waitForServiceWorker(page);
  await context.setOffline(true);
  try {
    await page.goto('/account/balance');
    await expectHeading(page, /^Balance$/);
    await expect(page.getByTestId('balance-available')).toHaveText('$44.50', FRESH);
    await expect(page.getByText(depositReference, { exact: true })).toBeVisible();
    await expect(page.getByTestId('offline-banner')).toContainText(/Showing what this device saved on .+\./);
    await snap(page, 'balance-offline');
    // And the list of balance statements, from the saved copy.
    await page.goto('/account/documents');
    await expect(page.getByTestId('cash-statements').locator('li', { hasText: month })).toContainText(
      'closing $44.50',
      FRESH,
    );
  } finally {
    await context.setOffline(false);
  }
});

test('balance: a revenue share paid in on its pay date, linked from the revenue page to its entry, offline too', async ({
  page,
  context,
  request,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(480_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = 'balance-revenue@example.com';
  const user = await signInApprovedInvestor(request, context, baseURL!, email);
  const headers = { authorization: `Bearer ${user.accessToken}` };
  const projectId = projectIdByName(PROJECT);
  giveHolding(email, projectId, 40);

  // An admin distributes revenue for today; with four eyes on, a second admin approves it.
  const today = new Date().toISOString().slice(0, 10);
  const proposed = moa(
    'revenue:distribute',
    String(projectId),
    '987654',
    today,
    'Streaming revenue',
    '--as',
    'admin@demo.moa.localhost',
  );
  const approvalId = /Approval (\S+) proposed/.exec(proposed)?.[1];
  expect(approvalId, proposed).toBeTruthy();
  moa('approval:approve', approvalId!, '--as', 'admin2@demo.moa.localhost');

  // Before its pay date the share is scheduled, and nothing is in the balance.
  type Share = { productName: string; amount: number; state: string; entryId: number | null };
  const shares = async () =>
    (
      (await (await request.get('/api/v1/users/me/revenues', { headers })).json()) as {
        myRevenueAndProducts: { shares: Share[] };
      }
    ).myRevenueAndProducts.shares;
  const [scheduled] = await shares();
  expect(scheduled).toMatchObject({ state: 'SCHEDULED', entryId: null });
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
    .format(scheduled!.amount / 100)
    .replace(/\.00$/, '');
  await page.goto('/account/overview');
  // The first visit to the overview loads its chart's code as well: a busy machine takes its time.
  await expect(page.getByText(`${PROJECT} · pays on`)).toBeVisible({ timeout: 60_000 });

  // The pay date comes and the sweep pays the share into the balance, once.
  revenueDueNow(email);
  expect(moa('revenue:sweep')).toMatch(/^Paid \d+ revenue shares? into balances\.$/);
  expect(moa('revenue:sweep')).toBe('No revenue share is due.');
  const [paid] = await shares();
  expect(paid).toMatchObject({ state: 'PAID', entryId: expect.any(Number) });

  // The revenue page shows it paid into the balance, linked to its own entry.
  await page.reload();
  const paidShares = page.getByTestId('paid-shares');
  await expect(paidShares.getByRole('listitem')).toHaveCount(1, FRESH);
  await expect(paidShares).toContainText(amount);
  await snap(page, 'balance-revenue-paid');
  await paidShares.getByRole('link', { name: /^See the entry: / }).click();
  await expect(page).toHaveURL(new RegExp(`/account/balance\\?entry=${paid!.entryId}$`));
  const opened = page.getByTestId('opened-entry');
  await expect(opened).toHaveCount(1, FRESH);
  await expect(opened).toHaveAttribute('id', `entry-${paid!.entryId}`);
  await expect(opened).toContainText('Revenue received');
  await expect(opened).toContainText(`+${amount}`);
  await expect(opened).toBeInViewport();
  await expect(page.getByTestId('balance-entries').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('balance-available')).toHaveText(amount);
  await snap(page, 'balance-revenue-entry');
  expect(consoleErrors).toEqual([]);

  // A link to an entry that is not this investor's says so, and marks nothing.
  await page.goto('/account/balance?entry=999999');
  await expect(page.getByText('This entry is not in your balance, or was not saved on this device.')).toBeVisible(
    FRESH,
  );
  await expect(page.getByTestId('opened-entry')).toHaveCount(0);

  // Offline, the same link opens from what this device saved.
  await page.goto(`/account/balance?entry=${paid!.entryId}`);
  await expect(page.getByTestId('opened-entry')).toBeVisible(FRESH);
  await expect.poll(() => isQuerySaved(page, '["balance","entries",null]')).toBe(true);
  await waitForServiceWorker(page);
  await context.setOffline(true);
  try {
    await page.goto('/account/overview');
    await page
      .getByTestId('paid-shares')
      .getByRole('link', { name: /^See the entry: / })
      .click();
    await expect(page.getByTestId('opened-entry')).toContainText('Revenue received', FRESH);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});
