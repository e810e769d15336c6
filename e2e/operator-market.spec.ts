import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { createEnrolledUser } from './auth-helpers';
import { moa, projectIdByName, signInApprovedInvestor } from './catalogue-helpers';
import { expect, test } from './fixtures';
import { grantHolding } from './market-helpers';

/**
 * A project's market in the operator console (docs/decisions/1822), at 390 px and 1280 px (each on
 * a project of its own): an admin turns trading on, cancels an investor's resting order with a
 * reason and halts trading with one; the investor sees the halt reason on the project page and an
 * order is refused at once.
 */
const PROJECTS = { 390: 'Busan Noir: Feature Film', 1280: 'Moonlit Palace: Series IP' } as const;
const REASON = 'Unusual price moves under review';
const CANCEL_REASON = 'Book reset before the halt';
const FRESH = { timeout: 60_000 };

/** With E2E_SCREENSHOT_DIR set, the screen is also saved, for review by eye. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** A new account made ADMIN the way an operator team does it: proposed by one admin, approved by the other. */
async function newAdmin(request: APIRequestContext, email: string) {
  const user = await createEnrolledUser(request, email);
  const proposed = moa('user:role', email, 'ADMIN', '--as', 'admin@demo.moa.localhost');
  const id = /Approval (\S+) proposed/.exec(proposed)?.[1];
  if (id) moa('approval:approve', id, '--as', 'admin2@demo.moa.localhost');
  return user;
}

for (const width of [390, 1280] as const) {
  test.describe(`the market screen at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('an operator opens trading, cancels the resting orders and halts it; the investor sees the halt reason', async ({
      page,
      context,
      browser,
      request,
      baseURL,
      consoleErrors,
    }) => {
      test.setTimeout(300_000);
      const PROJECT = PROJECTS[width];
      const projectId = projectIdByName(PROJECT);
      const admin = await newAdmin(request, `market-operator-${width}@example.com`);
      await context.addCookies([{ name: 'access_token', value: admin.accessToken, url: baseURL!, secure: true }]);

      await page.goto('/operator/market');
      await expect(page.getByRole('heading', { level: 1, name: 'Market' })).toBeVisible(FRESH);
      await page.getByTestId(`market-project-${projectId}`).click();
      await expect(page.getByRole('heading', { level: 1, name: `Market: ${PROJECT}` })).toBeVisible(FRESH);
      const state = page.getByTestId('operator-market-state');
      await expect(state).toHaveText('Trading off');

      await page.getByRole('button', { name: 'Turn trading on' }).click();
      await expect(state).toHaveText('Trading open', FRESH);

      // An investor, in a browser of their own, rests a sell order in the book.
      const investorEmail = `market-halt-${width}@example.com`;
      const investorContext = await browser.newContext({ baseURL, viewport: { width, height: 844 } });
      const investor = await signInApprovedInvestor(request, investorContext, baseURL!, investorEmail);
      const investorHeaders = { authorization: `Bearer ${investor.accessToken}` };
      grantHolding(investorEmail, 2, projectId);
      const view = (await (
        await request.get(`/api/v1/products/${projectId}/market`, { headers: investorHeaders })
      ).json()) as { referencePrice: number };
      const resting = await request.post(`/api/v1/products/${projectId}/market/orders`, {
        headers: investorHeaders,
        data: { side: 'SELL', price: view.referencePrice, quantity: 2 },
      });
      expect(resting.status()).toBe(201);

      // Cancelling every resting order needs a reason too; then the book is empty.
      await page.reload();
      await expect(page.getByText('1 orders are resting.', { exact: false })).toBeVisible(FRESH);
      await page.getByRole('button', { name: 'Cancel every resting order' }).click();
      await expect(page.getByText('Give a reason of 1 to 500 characters.')).toBeVisible();
      await page.getByLabel('Reason for cancelling').fill(CANCEL_REASON);
      await page.getByRole('button', { name: 'Cancel every resting order' }).click();
      await expect(page.getByText('0 orders are resting.', { exact: false })).toBeVisible(FRESH);
      await expect(page.getByLabel('Reason for cancelling')).toHaveValue('');
      await expect(page.getByText('Give a reason of 1 to 500 characters.')).toHaveCount(0);
      // A halt without a reason is refused before it is sent.
      await page.getByRole('button', { name: 'Halt trading' }).click();
      await expect(page.getByText('Give a reason of 1 to 500 characters.')).toBeVisible();
      await page.getByLabel('Reason for the halt').fill(REASON);
      await page.getByRole('button', { name: 'Halt trading' }).click();
      await expect(state).toHaveText('Trading halted', FRESH);
      await expect(page.getByTestId('operator-market-reason')).toHaveText(REASON);
      await expect(page.getByRole('button', { name: 'Resume trading' })).toBeVisible();
      await shot(page, `operator-market-${width}`);

      // The investor sees the reason on the project page.
      const investorPage = await investorContext.newPage();
      await investorPage.goto(`/projects/${projectId}`);
      const panel = investorPage.getByTestId('market-panel');
      await expect(panel.getByText(`Trading is halted: ${REASON}`)).toBeVisible(FRESH);
      await shot(investorPage, `project-market-halted-${width}`);
      const refused = await request.post(`/api/v1/products/${projectId}/market/orders`, {
        headers: investorHeaders,
        data: { side: 'BUY', price: 1000, quantity: 1 },
      });
      expect(refused.status()).toBe(409);
      expect(((await refused.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe('MARKET_CLOSED');
      await investorContext.close();

      // Every action is in the audit log.
      const audit = await request.get('/api/v1/operator/audit?action=MARKET_', {
        headers: { authorization: `Bearer ${admin.accessToken}` },
      });
      expect(audit.status()).toBe(200);
      const events = JSON.stringify(await audit.json());
      for (const type of ['MARKET_OPENED', 'MARKET_ORDERS_CANCELLED', 'MARKET_HALTED']) expect(events).toContain(type);
      expect(events).toContain(REASON);
      expect(events).toContain(CANCEL_REASON);
      expect(consoleErrors).toEqual([]);
    });
  });
}
