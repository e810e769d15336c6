import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { toMajorUnitsNumeral } from '../src/domain/money';
import { moa, projectIdByName, signInApprovedInvestor } from './catalogue-helpers';
import { expect, test } from './fixtures';

/**
 * The market between investors on the project page (docs/decisions/1813): investor A lists 5
 * tokens, investor B buys 3 from the book, both balances and holdings change, and A cancels the rest.
 */
const PROJECT = 'Han River Sessions: Drama OST Collection';
const FRESH = { timeout: 20_000 };

/** An opening holding written straight in the ledger, as the demo seed writes them. */
function grantHolding(email: string, quantity: number, productId: number) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'moa.sqlite'));
  const at = '2025-01-15T00:00:00.000Z';
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

async function placeOrder(page: Page, side: 'Buy' | 'Sell', price: string, quantity: string) {
  const panel = page.getByTestId('market-panel');
  await panel.getByRole('radio', { name: side, exact: true }).check();
  await panel.getByLabel(/^Price per token/).fill(price);
  await panel.getByLabel(/^Number of .* tokens$/).fill(quantity);
  await expect(panel.getByTestId('market-summary')).toBeVisible();
  await panel.getByRole('button', { name: `Place ${side.toLowerCase()} order` }).click();
}

test('market: A lists 5 tokens, B buys 3 from the book, both ledgers move, A cancels the rest', async ({
  page,
  context,
  browser,
  request,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const projectId = projectIdByName(PROJECT);
  expect(moa('market:open', String(projectId), '--fee-bp', '100')).toContain('OPEN');

  const seller = await signInApprovedInvestor(request, context, baseURL!, 'market-seller@example.com');
  grantHolding('market-seller@example.com', 5, projectId);
  const sellerHeaders = { authorization: `Bearer ${seller.accessToken}` };
  const market = (await (
    await request.get(`/api/v1/products/${projectId}/market`, { headers: sellerHeaders })
  ).json()) as {
    referencePrice: number;
    currency: string;
  };
  const price = market.referencePrice;
  const priceText = toMajorUnitsNumeral(price, market.currency);

  await page.goto(`/projects/${projectId}`);
  const panel = page.getByTestId('market-panel');
  await expect(panel.getByRole('heading', { name: 'Market between investors' })).toBeVisible(FRESH);
  await placeOrder(page, 'Sell', priceText, '5');
  await expect(panel.getByText('Order placed: 0 of 5 filled at once.')).toBeVisible(FRESH);
  await expect(panel.getByTestId('market-asks').getByRole('row').last()).toContainText('5', FRESH);

  // Investor B, in a browser of their own, pays in and buys 3 from the book.
  const buyerContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const buyer = await signInApprovedInvestor(request, buyerContext, baseURL!, 'market-buyer@example.com');
  const buyerHeaders = { authorization: `Bearer ${buyer.accessToken}` };
  const { depositReference } = (await (
    await request.get('/api/v1/users/me/balance', { headers: buyerHeaders })
  ).json()) as { depositReference: string };
  moa('deposit:confirm', depositReference, String(price * 10), 'BANK-E2E-MARKET');
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto(`/projects/${projectId}`);
  await expect(buyerPage.getByTestId('market-panel')).toBeVisible(FRESH);
  await placeOrder(buyerPage, 'Buy', priceText, '3');
  await expect(buyerPage.getByText('Order placed: 3 of 3 filled at once.')).toBeVisible(FRESH);
  await expect(buyerPage.getByTestId('market-last-price')).not.toHaveText('–', FRESH);
  await expect(buyerPage.getByTestId('market-asks').getByRole('row').last()).toContainText('2', FRESH);

  // Both ledgers moved: B paid 3 × price, A got it less the 1 % fee, the tokens changed hands.
  const balanceOf = async (headers: Record<string, string>) =>
    (await (await request.get('/api/v1/users/me/balance', { headers })).json()) as { available: number; held: number };
  const amount = price * 3;
  const fee = Math.floor((amount * 100 + 5_000) / 10_000);
  expect(await balanceOf(buyerHeaders)).toMatchObject({ available: price * 7, held: 0 });
  expect(await balanceOf(sellerHeaders)).toMatchObject({ available: amount - fee, held: 0 });
  const trades = (await (
    await request.get(`/api/v1/products/${projectId}/market/trades`, { headers: buyerHeaders })
  ).json()) as { trades: Array<{ quantity: number; price: number }> };
  expect(trades.trades[0]).toMatchObject({ quantity: 3, price });

  // A cancels the rest of the listing; the book empties.
  const mine = (await (await request.get('/api/v1/users/me/market/orders', { headers: sellerHeaders })).json()) as {
    orders: Array<{ id: number; remaining: number; state: string }>;
  };
  expect(mine.orders[0]).toMatchObject({ remaining: 2, state: 'OPEN' });
  const cancelled = await request.post(`/api/v1/market/orders/${mine.orders[0]!.id}/cancel`, {
    headers: sellerHeaders,
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await page.reload();
  await expect(panel.getByTestId('market-asks')).toContainText('None yet', FRESH);
  await buyerContext.close();
  expect(consoleErrors).toEqual([]);
});
