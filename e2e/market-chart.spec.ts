import { isWholeAmount, minorUnitDigits, toMajorUnitsNumeral } from '../src/domain/money';
import { moa, projectIdByName, signInApprovedInvestor } from './catalogue-helpers';
import { expect, test } from './fixtures';
import { grantHolding, placeOrder } from './market-helpers';
import { savedQueryKeys } from './saved-queries';
import { waitForServiceWorker } from './service-worker';

/**
 * The investor's side of the market (docs/decisions/1823): the book refreshes in another
 * browser without a reload, a trade appears on the chart, the portfolio values holdings at the
 * last price beside their cost, and the book opens offline with ordering disabled.
 */
const PROJECT = 'Jeonju Bibimbap House';
const FRESH = { timeout: 60_000 };

test('market chart, live book, portfolio at the last price and the book offline', async ({
  page,
  context,
  browser,
  request,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(600_000);
  const projectId = projectIdByName(PROJECT);
  expect(moa('market:open', String(projectId), '--fee-bp', '100')).toContain('OPEN');

  const seller = await signInApprovedInvestor(request, context, baseURL!, 'chart-seller@example.com');
  grantHolding('chart-seller@example.com', 5, projectId);
  const sellerHeaders = { authorization: `Bearer ${seller.accessToken}` };
  const market = (await (
    await request.get(`/api/v1/products/${projectId}/market`, { headers: sellerHeaders })
  ).json()) as { referencePrice: number; currency: string; band: { high: number } };
  // A tenth above the offering price (inside the day's band), so the holdings gain.
  const offering = market.referencePrice;
  const price = Math.min(market.band.high, Math.round((offering * 11) / 10));
  const priceText = toMajorUnitsNumeral(price, market.currency);
  // As the app writes an amount: a whole one without its minor digits ($11), any other with them.
  const money = (minor: number) => {
    const digits = isWholeAmount(minor, market.currency) ? 0 : minorUnitDigits(market.currency);
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: market.currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(Number(toMajorUnitsNumeral(minor, market.currency)));
  };

  // Investor B, in a browser of their own, watches the book with money paid in.
  const buyerContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const buyer = await signInApprovedInvestor(request, buyerContext, baseURL!, 'chart-buyer@example.com');
  const buyerHeaders = { authorization: `Bearer ${buyer.accessToken}` };
  const { depositReference } = (await (
    await request.get('/api/v1/users/me/balance', { headers: buyerHeaders })
  ).json()) as { depositReference: string };
  moa('deposit:confirm', depositReference, String(price * 10), 'BANK-E2E-CHART');
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto(`/projects/${projectId}`);
  const buyerPanel = buyerPage.getByTestId('market-panel');
  await expect(buyerPanel).toBeVisible(FRESH);
  await expect(buyerPanel.getByTestId('market-chart')).toContainText('No trades yet.', FRESH);
  await expect(buyerPanel.getByTestId('market-asks')).toContainText('None yet');

  // A lists 5 tokens; B's book shows them without a reload.
  await page.goto(`/projects/${projectId}`);
  const panel = page.getByTestId('market-panel');
  await expect(panel.getByRole('heading', { name: 'Market between investors' })).toBeVisible(FRESH);
  await placeOrder(page, 'Sell', priceText, '5');
  await expect(panel.getByText('Order placed: 0 of 5 filled at once.')).toBeVisible(FRESH);
  await expect(buyerPanel.getByTestId('market-asks').getByRole('row').last()).toContainText('5', FRESH);

  // B buys 3; A's book and chart follow without a reload.
  await placeOrder(buyerPage, 'Buy', priceText, '3');
  await expect(buyerPage.getByText('Order placed: 3 of 3 filled at once.')).toBeVisible(FRESH);
  await expect(panel.getByTestId('market-asks').getByRole('row').last()).toContainText('2', FRESH);
  await expect(panel.getByTestId('market-last-price')).toHaveText(money(price), FRESH);
  const chart = panel.getByTestId('market-chart');
  await expect(chart.getByTestId('market-chart-summary')).toContainText(
    `Days with trades: 1. Last price ${money(price)}`,
    FRESH,
  );
  const plot = chart.getByTestId('market-chart-plot');
  await expect(plot.locator('canvas')).toBeVisible();
  // The day axis spans the trade's day and one day either side, not years.
  const day = new Date().toISOString().slice(0, 10);
  const dayAway = (days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  await expect(plot).toHaveAttribute('data-from', dayAway(-1));
  await expect(plot).toHaveAttribute('data-to', dayAway(1));
  await chart.getByText('Show the figures as a table').click();
  const row = chart.getByTestId('market-chart-table').getByRole('row').nth(1);
  await expect(row).toContainText(money(price));
  await expect(row.getByRole('cell').last()).toHaveText('3');
  await page.screenshot({ path: test.info().outputPath('market-chart-390.png'), fullPage: true });

  // The portfolio values what each holds at the last price beside its cost.
  await buyerPage.goto('/account/overview');
  const bought = buyerPage.getByTestId(`holding-${projectId}`);
  await expect(bought.getByTestId('holding-value')).toHaveText(money(price * 3), FRESH);
  await expect(bought.getByTestId('holding-cost')).toHaveText(`Cost ${money(price * 3)}`);
  await expect(bought.getByTestId('holding-price')).toHaveText(`At the last price, ${money(price)}`);
  await page.goto('/account/overview');
  const held = page.getByTestId(`holding-${projectId}`);
  await expect(held.getByTestId('holding-value')).toHaveText(money(price * 2), FRESH);
  await expect(held.getByTestId('holding-cost')).toHaveText(`Cost ${money(offering * 2)}`);
  await expect(held.getByTestId('holding-gain')).toHaveText(`Gain +${money((price - offering) * 2)}`);
  await page.screenshot({ path: test.info().outputPath('portfolio-390.png'), fullPage: true });

  // The book was saved on A's device: offline it opens from it, and ordering says why it cannot.
  await page.goto(`/projects/${projectId}`);
  await expect(panel.getByTestId('market-asks').getByRole('row').last()).toContainText('2', FRESH);
  await expect
    .poll(async () => (await savedQueryKeys(page)).includes(`["market","book",${projectId}]`), FRESH)
    .toBe(true);
  await waitForServiceWorker(page);
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(panel.getByTestId('market-asks').getByRole('row').last()).toContainText('2', FRESH);
    await expect(page.getByTestId('offline-banner')).toContainText(/You are offline\. Showing what this device saved/);
    await expect(panel.getByTestId('market-chart-summary')).toContainText(money(price));
    await expect(panel.getByText('Orders can be placed only while online.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Place buy order' })).toBeDisabled();
    await page.screenshot({ path: test.info().outputPath('market-offline-390.png'), fullPage: true });
  } finally {
    await context.setOffline(false);
  }
  await buyerContext.close();
  // Offline, the reload's requests fail as they should; nothing else may.
  expect(
    consoleErrors.filter((error) => !/Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)/.test(error)),
  ).toEqual([]);
});
