import path from 'node:path';
import { readFile } from 'node:fs/promises';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { freshTotpCode } from './auth-helpers';
import { moa, projectIdByName, signInApprovedInvestor } from './catalogue-helpers';
import { expect, expectHeading, test } from './fixtures';
import { grantHolding } from './market-helpers';
import { signedOrder } from './order-helpers';
import { isQuerySaved } from './saved-queries';

const PROJECT = 'Han River Sessions: Drama OST Collection';

/** With E2E_SCREENSHOT_DIR set, the screen is also saved at phone and desktop width, for review by eye. */
async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 390, height: 844 });
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

/** A demo project with both gifts and community badges, with the token count that reaches the highest of each. */
function projectWithGiftsAndBadges(): { id: number; quantity: number; badge: string } {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'moa.sqlite'), { readonly: true });
  try {
    return db
      .prepare(
        `select p.id as id,
                max((select max(limit_quantity) from product_community_badges where product_id = p.id),
                    (select max(limit_quantity) from product_gifts where product_id = p.id)) as quantity,
                (select name from product_community_badges where product_id = p.id
                  order by limit_quantity desc, id limit 1) as badge
         from products p
         where exists (select 1 from product_community_badges where product_id = p.id)
           and exists (select 1 from product_gifts where product_id = p.id)
         order by p.id limit 1`,
      )
      .get() as { id: number; quantity: number; badge: string };
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
  // A long walk through six screens, with downloads and an offline reload (over 90 s on a busy machine).
  test.setTimeout(180_000);
  const email = 'portfolio@example.com';
  const user = await signInApprovedInvestor(request, context, baseURL!, email);
  const project = projectWithGifts();
  grantHolding(email, project.quantity, project.id, '2025-01-15T00:00:00.000Z');
  // Four eyes: the command line proposes, the second demo admin approves.
  const distribute = (...args: string[]) => {
    const approval = /Approval (\S+) proposed/.exec(moa('revenue:distribute', ...args))?.[1];
    if (!approval) throw new Error('revenue:distribute proposed no approval');
    expect(moa('approval:approve', approval, '--as', 'admin2@demo.moa.localhost')).toContain('distribution');
  };
  distribute(String(project.id), '1000003', '2025-03-31', 'March');
  distribute(String(project.id), '777777', '2025-05-31', 'May');

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
  const { code } = freshTotpCode(user.secret, user.lastStep);
  await page.getByLabel('Authenticator code').fill(code);
  await page.getByRole('button', { name: 'Save bank details' }).click();
  await expect(page.getByTestId('bank-current')).toContainText('•••• 7890');

  // The gift the holding reaches.
  await page.goto(`/claim-gift/?productId=${project.id}`);
  await expectHeading(page, /^Claim your gift$/);
  // The offer loads behind the heading: wait for it before looking for the delivery fields.
  await expect(page.getByRole('button', { name: 'Claim gift' })).toBeVisible();
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
  // Each page's data is written to the device in the background (a person reads for longer than that takes).
  await expect.poll(() => isQuerySaved(page, '["portfolio","revenues","all"]')).toBe(true);
  await page.goto('/account/documents');
  await expect(page.getByTestId('documents').locator('li').first()).toBeVisible();
  await expect.poll(() => isQuerySaved(page, '["portfolio","documents"]')).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('documents').locator('li').first()).toBeVisible();
  await expect(page.getByText('You are offline: this is the copy saved on this device.')).toBeVisible();
  await page.goto('/account/overview');
  await expect(page.getByText('Your portfolio')).toBeVisible();
  await context.setOffline(false);
});

test('overview: what needs action leads to it, the badge sits beside the name until hidden, both open offline', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = 'needs-action@example.com';
  const user = await signInApprovedInvestor(request, context, baseURL!, email);
  const headers = { authorization: `Bearer ${user.accessToken}` };
  expect((await request.put('/api/v1/users/me/names', { headers, data: { name: 'Lee Seo-yeon' } })).ok()).toBe(true);
  const held = projectWithGiftsAndBadges();
  grantHolding(email, held.quantity, held.id, '2025-01-15T00:00:00.000Z');
  const order = await signedOrder(request, user.accessToken, projectIdByName(PROJECT));

  await page.goto('/account/overview');
  await expectHeading(page, /^Overview$/);
  const block = page.getByRole('region', { name: 'Needs your action' });
  await expect(block).toBeVisible();
  // The service worker takes this page while the test goes on; the offline part needs it.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
  // Above everything else on the page.
  const firstSection = page.getByRole('main').locator('section').first();
  await expect(firstSection).toHaveAttribute('aria-labelledby', 'needs-action-heading');
  await expect(block.getByText(`Pay for ${PROJECT}`)).toBeVisible();
  await expect(block.getByText(new RegExp(`\\$20 to pay by .+, reference ${order.reference}\\.`))).toBeVisible();
  await expect(block.getByRole('link', { name: 'Claim the gift' })).toHaveAttribute(
    'href',
    new RegExp(`/claim-gift/?\\?productId=${held.id}$`),
  );

  // The badge beside the name: on the overview and in the header's menu.
  const main = page.getByRole('main');
  await expect(main.getByTestId('community-badge').first()).toHaveText(new RegExp(held.badge));
  await snap(page, 'overview');
  await page.getByRole('button', { name: 'Menu' }).click();
  const menuAccount = page
    .getByRole('banner')
    .getByRole('link', { name: /Account: Lee Seo-yeon/ })
    .last();
  await expect(menuAccount).toBeVisible();
  await expect(menuAccount.getByTestId('community-badge')).toHaveText(new RegExp(held.badge));
  await snap(page, 'menu');
  await page.getByRole('button', { name: 'Close menu' }).click();

  // The pay item opens the order's payment step.
  await block.getByRole('link', { name: 'Go to payment' }).click();
  await expect(page).toHaveURL(new RegExp(`orderId=${order.id}`));
  await expect(page.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible();

  // The claim page of the held project, seen once online so it is saved.
  await page.goto(`/claim-gift/?productId=${held.id}`);
  await expectHeading(page, /^Claim your gift$/);
  await expect(page.getByRole('button', { name: 'Claim gift' })).toBeVisible();

  // Offline: the overview with its block and badge, and the claim page, open from the device.
  await page.goto('/account/overview');
  await expect(block).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  await expect.poll(() => isQuerySaved(page, `["portfolio","gift",${held.id}]`)).toBe(true);
  await expect.poll(() => isQuerySaved(page, '["portfolio","revenues","all"]')).toBe(true);
  await expect.poll(() => isQuerySaved(page, '["invest","orders","mine","all"]')).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(block.getByText(`Pay for ${PROJECT}`)).toBeVisible();
  await expect(main.getByTestId('community-badge').first()).toHaveText(new RegExp(held.badge));
  await expect(page.getByText('You are offline: this is the copy saved on this device.')).toBeVisible();
  await snap(page, 'overview-offline');
  await page.goto(`/claim-gift/?productId=${held.id}`);
  await expectHeading(page, /^Claim your gift$/);
  // The offer reads from the saved copy; claiming waits for a connection and says so.
  await expect(page.getByRole('button', { name: 'Needs a connection' })).toBeDisabled();
  await context.setOffline(false);

  // Hidden from the settings: gone beside the name everywhere, and back when shown again.
  await page.goto('/account/account-settings');
  const toggle = page.getByRole('switch', { name: 'Show my badge to others' });
  await expect(toggle).toBeChecked();
  await snap(page, 'settings');
  // The switch follows the saved answer, so it turns off once the server has it.
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await page.goto('/account/overview');
  await expectHeading(page, /^Overview$/);
  await expect(block).toBeVisible();
  await expect(main.getByTestId('community-badge')).toHaveCount(0);
  await expect(page.getByRole('banner').getByTestId('community-badge')).toHaveCount(0);
  await page.reload();
  await expect(block).toBeVisible();
  await expect(main.getByTestId('community-badge')).toHaveCount(0);
  const badge = (await (await request.get('/api/v1/users/me/badge', { headers })).json()) as { isHideBadge: boolean };
  expect(badge.isHideBadge).toBe(true);
});
