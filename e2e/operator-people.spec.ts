import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { createEnrolledUser } from './auth-helpers';
import { approveIdentity, moa } from './catalogue-helpers';
import { expect, test } from './fixtures';
import { newAdmin } from './operator-helpers';
import { grantHolding } from './market-helpers';

/** With E2E_SCREENSHOT_DIR set, the screen is saved at phone and desktop width, for review by eye. */
async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

function database(readonly = true) {
  return new Database(path.join(process.env.E2E_DATA_DIR!, 'moa.sqlite'), { readonly });
}

/** A demo physical gift, and its project: a holding of exactly its limit is offered it. */
function physicalGift(): { productId: number; giftId: number; quantity: number } {
  const db = database();
  try {
    return db
      .prepare(
        `select g.product_id as productId, g.id as giftId, g.limit_quantity as quantity from product_gifts g
          where g.is_digital = 0
            and not exists (select 1 from product_gifts o where o.product_id = g.product_id
                              and o.id <> g.id and o.limit_quantity = g.limit_quantity)
          order by g.limit_quantity, g.id limit 1`,
      )
      .get() as { productId: number; giftId: number; quantity: number };
  } finally {
    db.close();
  }
}

test('an admin finds an investor, bans and unbans them with a reason, and ships their gift', async ({
  page,
  context,
  request,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const adminEmail = 'people-admin@example.com';
  const investorEmail = 'gift-holder@example.com';
  const admin = await newAdmin(request, adminEmail);
  const investor = await createEnrolledUser(request, investorEmail);
  await approveIdentity(request, investor.accessToken, investorEmail);
  const gift = physicalGift();
  grantHolding(investorEmail, gift.quantity, gift.productId, '2026-01-15T00:00:00.000Z');
  const claimed = await request.post('/api/v1/claim/gift', {
    headers: { authorization: `Bearer ${investor.accessToken}` },
    data: {
      productId: gift.productId,
      giftId: gift.giftId,
      delivery: { recipientName: 'Test Investor', address: '12 Haeundae-ro, Busan', phone: '+82 10-1234-5678' },
    },
  });
  expect(claimed.status(), await claimed.text()).toBe(201);

  await context.addCookies([{ name: 'access_token', value: admin.accessToken, url: baseURL!, secure: true }]);
  await page.goto('/operator');
  await page.getByRole('link', { name: 'People', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();

  // Found by email; the search lives in the URL.
  await page.getByLabel('Email or name').fill(investorEmail);
  await page.getByLabel('Email or name').press('Enter');
  await expect(page).toHaveURL(/q=gift-holder/);
  await snap(page, 'people');
  await page.getByRole('link', { name: investorEmail }).first().click();
  await expect(page.getByTestId('person-email')).toHaveText(investorEmail);
  await expect(page.getByRole('region', { name: 'Holdings' })).toContainText(String(gift.quantity));
  await expect(page.getByTestId('person-history')).toContainText('GIFT_CLAIMED');

  // Banned with a reason, then the ban lifted with one: both in the person's audit events.
  await page.getByLabel('Reason for the ban').fill('Chargeback under review');
  await page.getByRole('button', { name: 'Ban this account' }).click();
  await expect(page.getByText('The account is banned: its sessions ended.')).toBeVisible();
  await expect(page.getByTestId('person-history')).toContainText('“Chargeback under review”');
  await expect(page.getByText('Banned', { exact: true })).toBeVisible();
  await snap(page, 'person-banned');
  await page.getByLabel('Reason for lifting the ban').fill('Chargeback withdrawn');
  await page.getByRole('button', { name: 'Lift the ban' }).click();
  await expect(page.getByText('The ban is lifted.')).toBeVisible();
  await expect(page.getByTestId('person-history')).toContainText('“Chargeback withdrawn”');
  await expect(page.getByText('Banned', { exact: true })).toHaveCount(0);

  // The gift claim, oldest first, shipped with its tracking note; the keyboard is enough.
  // Today's gift tile counts the claim and opens the Gifts screen.
  await page.goto('/operator');
  const giftTile = page.getByRole('link', { name: /^Gift claims to ship/ });
  await expect(giftTile).toHaveAttribute('href', '/operator/gifts');
  // Every tile leads to where its queue is worked; reported posts to Governance's moderation tab.
  await expect(page.getByRole('link', { name: /^Reported posts/ })).toHaveAttribute(
    'href',
    '/operator/governance?tab=moderation',
  );
  await expect(page.getByTestId('queue-GIFT_CLAIMS_TO_SHIP')).not.toHaveText('0');
  await giftTile.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gifts' })).toBeVisible();
  const claim = page.getByRole('listitem').filter({ hasText: investorEmail });
  await expect(claim).toContainText('12 Haeundae-ro, Busan');
  await snap(page, 'gifts');
  await claim.getByLabel('Tracking note').fill('CJ 6543-2100');
  await claim.getByLabel('Tracking note').press('Enter');
  await expect(page.getByText('The gift is marked shipped.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: investorEmail })).toHaveCount(0);
  await page.getByRole('button', { name: 'Shipped', exact: true }).click();
  await expect(page).toHaveURL(/state=SHIPPED/);
  await expect(page.getByRole('listitem').filter({ hasText: investorEmail })).toContainText('CJ 6543-2100');
  expect(moa('gift:list', 'SHIPPED')).toContain('tracking CJ 6543-2100');
  expect(consoleErrors).toEqual([]);
});
