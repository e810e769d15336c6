import path from 'node:path';
import { readFile } from 'node:fs/promises';
import Database from 'better-sqlite3';
import { freshTotpCode } from './auth-helpers';
import { moa, signInApprovedInvestor } from './catalogue-helpers';
import { expect, expectHeading, test } from './fixtures';

/**
 * Gives the investor an opening holding straight in the ledger (the order flow has its own
 * tests), as the demo seed writes holdings: one ledger entry and its projection.
 */
function grantHolding(email: string, quantity: number, productId: number, at: string) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'moa.sqlite'));
  try {
    const user = db.prepare('select id from users where email = ?').get(email) as { id: string };
    db.prepare(
      `insert into holding_entries (product_id, user_id, quantity, reason, note, created_at) values (?, ?, ?, 'OPENING_BALANCE', 'Opening holding', ?)`,
    ).run(productId, user.id, quantity, at);
    db.prepare(
      'insert into product_holdings (product_id, user_id, quantity, first_invested_at, updated_at) values (?, ?, ?, ?, ?)',
    ).run(productId, user.id, quantity, at, at);
  } finally {
    db.close();
  }
}

/** A demo project with gifts, and the token count that reaches its highest gift. */
function projectWithGifts(): { id: number; quantity: number } {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'moa.sqlite'), { readonly: true });
  try {
    const row = db
      .prepare(
        'select product_id as id, max(limit_quantity) as quantity from product_gifts group by product_id order by product_id limit 1',
      )
      .get() as { id: number; quantity: number };
    return row;
  } finally {
    db.close();
  }
}

test('portfolio: overview and chart, CSV, bank details with a code, a gift, a document', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = 'portfolio@example.com';
  const user = await signInApprovedInvestor(request, context, baseURL!, email);
  const project = projectWithGifts();
  grantHolding(email, project.quantity, project.id, '2025-01-15T00:00:00.000Z');
  moa('revenue:distribute', String(project.id), '1000003', '2025-03-31', 'March');
  moa('revenue:distribute', String(project.id), '777777', '2025-05-31', 'May');

  await page.goto('/account/overview');
  await expectHeading(page, /^Overview$/);
  await expect(page.getByText('Your portfolio')).toBeVisible();
  await expect(page.getByTestId('revenue-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('revenue-table').locator('tbody tr')).toHaveCount(3);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('date,project');
  expect(csv).toContain('March');
  expect(csv).toContain('May');

  // Bank details, confirmed with a current authenticator code.
  await page.goto('/account/bank-details');
  await expectHeading(page, /^Bank details$/);
  await page.getByLabel('Bank', { exact: true }).fill('Hana Bank');
  await page.getByLabel('Account holder').fill('Test Investor');
  await page.getByLabel('Account number').fill('110-234-567890');
  const { code } = await freshTotpCode(user.secret, user.lastStep);
  await page.getByLabel('Authenticator code').fill(code);
  await page.getByRole('button', { name: 'Save bank details' }).click();
  await expect(page.getByTestId('bank-current')).toContainText('•••• 7890');

  // The gift the holding reaches.
  await page.goto(`/claim-gift/?productId=${project.id}`);
  await expectHeading(page, /^Claim your gift$/);
  const recipient = page.getByLabel('Recipient name');
  if (await recipient.isVisible()) {
    await recipient.fill('Test Investor');
    await page.getByLabel('Delivery address').fill('1 Sejong-daero, Seoul');
    await page.getByLabel('Phone number').fill('+82 10-0000-0000');
  }
  await page.getByRole('button', { name: 'Claim gift' }).click();
  await expect(page.getByTestId('gift-claim')).toBeVisible();

  // A document of the held project.
  await page.goto('/account/documents');
  await expectHeading(page, /^Documents$/);
  const first = page.getByTestId('documents').locator('li').first();
  const [file] = await Promise.all([page.waitForEvent('download'), first.getByRole('button').click()]);
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
});

// Needs the app shell to open saved pages offline (route guards answered from the saved session and
// query cache); until that is in place a reload without network shows no saved page.
test('portfolio offline: the overview and documents list open from the saved copy', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = 'offline-portfolio@example.com';
  await signInApprovedInvestor(request, context, baseURL!, email);
  const project = projectWithGifts();
  grantHolding(email, project.quantity, project.id, '2025-01-15T00:00:00.000Z');
  await page.goto('/account/overview');
  await expect(page.getByText('Your portfolio')).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  await page.goto('/account/documents');
  await expect(page.getByTestId('documents').locator('li').first()).toBeVisible();
  // Let the persister write the cache to IndexedDB before the network goes.
  await page.waitForTimeout(2_000);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('documents').locator('li').first()).toBeVisible();
  await expect(page.getByText('You are offline: this is the copy saved on this device.')).toBeVisible();
  await page.goto('/account/overview');
  await expect(page.getByText('Your portfolio')).toBeVisible();
  await context.setOffline(false);
});
