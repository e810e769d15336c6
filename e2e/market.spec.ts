import { toMajorUnitsNumeral } from '../src/domain/money';
import { moa, projectIdByName, signInApprovedInvestor } from './catalogue-helpers';
import { expect, test } from './fixtures';
import { grantHolding, placeOrder } from './market-helpers';
import { savedQueryKeys } from './saved-queries';
import { waitForServiceWorker } from './service-worker';

/**
 * The market between investors on the project page (docs/decisions/1813): investor A lists 5
 * tokens, investor B buys 3 from the book, both balances and holdings change, A is told of the
 * partial fill in the inbox and sees it in My market orders (also offline, where cancelling waits
 * for the network), and A cancels the rest from there.
 */
const PROJECT = 'Han River Sessions: Drama OST Collection';
const FRESH = { timeout: 20_000 };

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

  // A is told of the partial fill in the inbox, and the notice leads to My market orders.
  await page.goto('/account/notifications');
  const notice = page.getByRole('link', { name: new RegExp(`Market order filled: ${PROJECT.slice(0, 20)}`) });
  await expect(notice).toBeVisible(FRESH);
  await expect(page.getByText(/Your sell order \d+ traded 3 tokens for .+; 3 of 5 tokens are done\./)).toBeVisible();
  await notice.click();
  await expect(page).toHaveURL(/\/account\/market$/, FRESH);
  await expect(page.getByRole('heading', { level: 1, name: 'My market orders' })).toBeVisible(FRESH);
  const myOrders = page.getByTestId('my-market-orders');
  const listing = myOrders.getByRole('listitem').first();
  await expect(listing).toContainText('Open');
  await expect(listing).toContainText('3 of 5 traded');
  await expect(page.getByRole('list', { name: 'Your trades' })).toContainText('Sold');
  // Reachable from the account's pages too.
  await expect(
    page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Market' }),
  ).toHaveAttribute('aria-current', 'page');

  // Offline, My market orders opens from what this device saved; cancelling waits for the network.
  // The page needs both its lists: each is saved when it arrives, so wait for both.
  await expect
    .poll(async () => {
      const saved = await savedQueryKeys(page);
      return ['["market","mine","orders","ALL"]', '["market","mine","trades"]'].every((key) => saved.includes(key));
    })
    .toBe(true);
  await waitForServiceWorker(page);
  await context.setOffline(true);
  try {
    await page.goto('/account/market');
    await expect(page.getByRole('heading', { level: 1, name: 'My market orders' })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('offline-banner')).toContainText(
      /You are offline\. Showing what this device saved on .+\./,
    );
    await expect(listing).toContainText('3 of 5 traded');
    await expect(listing.getByRole('button', { name: /^Cancel order/ })).toBeDisabled();
    await expect(listing.getByText('Needs an internet connection.')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }

  // Back online, A cancels the rest from My market orders; what it held comes back and the book empties.
  await expect(listing.getByRole('button', { name: /^Cancel order/ })).toBeEnabled(FRESH);
  await listing.getByRole('button', { name: /^Cancel order/ }).click();
  await expect(listing).toContainText('Cancelled', FRESH);
  await expect(listing.getByRole('button', { name: /^Cancel order/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancelled', exact: true }).click();
  await expect(myOrders.getByRole('listitem')).toHaveCount(1, FRESH);
  await page.screenshot({ path: test.info().outputPath('my-market-orders-390.png'), fullPage: true });
  await page.goto(`/projects/${projectId}`);
  await expect(panel.getByRole('link', { name: 'My market orders and trades' })).toBeVisible(FRESH);
  await expect(panel.getByTestId('market-asks')).toContainText('None yet', FRESH);
  await buyerContext.close();
  // Offline, the app's own reads fail as they must; nothing else may.
  expect(consoleErrors.filter((error) => !error.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
});
