import type { APIRequestContext } from '@playwright/test';
import { toMajorUnitsNumeral, toMinorUnits } from '../src/domain/money';
import { createEnrolledUser } from './auth-helpers';
import { approveIdentity, projectIdByName } from './catalogue-helpers';
import { expect, test } from './fixtures';
import { auditEntries, newAdmin, shot, signInAs } from './operator-helpers';
import { declaredOrder, type PlacedOrder } from './order-helpers';

const PROJECT = 'Han River Sessions: Drama OST Collection';

/** The bank's export as a Korean bank writes it: its own column names, a balance we do not read. */
function statementCsv(balance: string, lines: Array<{ order: PlacedOrder; amount: number }>): Buffer {
  const rows = [['거래일자', '입금액', '입금자명', '적요', balance]];
  let total = 1_000_000;
  for (const { order, amount } of lines) {
    total += amount;
    rows.push([
      '2026.11.20',
      toMajorUnitsNumeral(amount, order.currency),
      'TEST INVESTOR',
      `Moa ${order.reference}`,
      toMajorUnitsNumeral(total, order.currency),
    ]);
  }
  return Buffer.from(`${rows.map((row) => row.join(',')).join('\r\n')}\r\n`);
}

async function orderState(request: APIRequestContext, accessToken: string, orderId: string): Promise<string> {
  const response = await request.get(`/api/v1/orders/${orderId}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { state: string }).state;
}

for (const width of [390, 1280]) {
  test.describe(`bank statement import at ${width} px`, () => {
    const viewport = { width, height: width === 390 ? 844 : 900 };
    test.use({ viewport });

    test('an admin maps a bank’s columns once, confirms the matched line, and the investor holds the tokens at once', async ({
      page,
      context,
      browser,
      request,
      baseURL,
      consoleErrors,
    }) => {
      test.setTimeout(180_000);
      const operatorEmail = `reconciler-${width}@example.com`;
      const investorEmail = `transferer-${width}@example.com`;
      const bank = `Hana Bank ${width}`;
      const operator = await newAdmin(request, operatorEmail);
      const investor = await createEnrolledUser(request, investorEmail);
      await approveIdentity(request, investor.accessToken, investorEmail);
      const projectId = projectIdByName(PROJECT);
      // Two declared payments: one paid exactly, one paid short by one whole unit of the currency.
      const paid = await declaredOrder(request, investor.accessToken, projectId);
      const short = await declaredOrder(request, investor.accessToken, projectId, { quantity: 3 });
      const unit = toMinorUnits(1, paid.currency);
      const file = {
        name: 'hana-2026-11-20.csv',
        mimeType: 'text/csv',
        // Each width's bank has its own layout: a file with the same headers as a mapped one would use its columns.
        buffer: statementCsv(width === 390 ? '잔액' : '거래후잔액', [
          { order: paid, amount: paid.amount },
          { order: short, amount: short.amount - unit },
        ]),
      };

      // The investor's project page is open in a browser of their own: it changes without a reload.
      const investorContext = await browser.newContext({ baseURL, viewport });
      await signInAs(investorContext, baseURL!, investor.accessToken);
      const investorPage = await investorContext.newPage();
      await investorPage.goto(`/projects/${projectId}`);
      await expect(investorPage.getByText(/^You do not hold HRSN yet\.$/)).toBeVisible({ timeout: 30_000 });

      // Each browser is brought to the front before it is used: a page behind another does not paint.
      await signInAs(context, baseURL!, operator.accessToken);
      await page.bringToFront();
      await page.goto('/operator');
      await page.getByRole('link', { name: 'Bank statements', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Bank statements' })).toBeVisible();

      // The first file of this bank: its columns are mapped once, by their own names.
      await page.getByLabel('Bank', { exact: true }).fill(bank);
      await page.getByLabel('CSV file').setInputFiles(file);
      await page.getByRole('button', { name: 'Read the file' }).click();
      const mapping = page.getByTestId('statement-mapping');
      await expect(mapping.getByRole('heading', { name: 'Which column holds what?' })).toBeVisible();
      await mapping.getByLabel('Date').selectOption('거래일자');
      await mapping.getByLabel('Amount').selectOption('입금액');
      await mapping.getByLabel('Payer').selectOption('입금자명');
      await mapping.getByLabel('Message (with the order reference)').selectOption('적요');
      await mapping.getByLabel('Currency', { exact: true }).fill(paid.currency);
      await shot(page, `statements-mapping-${width}`);
      await mapping.getByRole('button', { name: 'Save the columns and import' }).click();
      await expect(page.getByTestId('statement-result')).toHaveText(
        'Imported: 1 matched, 0 deposits, 1 amount differs, 0 unknown reference, 0 order already paid or closed, 0 already imported.',
      );

      // Each line with its match: the exact one to confirm, the short one waiting, with nothing to tick.
      const lineOf = (order: PlacedOrder) =>
        width >= 1024
          ? page.getByTestId('statement-table').getByRole('row').filter({ hasText: order.reference })
          : page.getByTestId('statement-line').filter({ hasText: order.reference });
      await expect(lineOf(paid)).toHaveCount(1);
      await expect(lineOf(paid).getByTestId('statement-match')).toHaveText('Matched · To confirm');
      await expect(lineOf(short).getByTestId('statement-match')).toHaveText('Amount differs · Waiting for you');
      await expect(lineOf(short).getByRole('checkbox')).toHaveCount(0);
      await shot(page, `statements-matched-${width}`);

      await lineOf(paid).getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Confirm 1 matched lines' }).click();
      await expect(page.getByTestId('statement-confirm-result')).toHaveText(
        '1 confirmed, 0 proposed for a second admin, 0 not confirmed.',
      );
      await expect(lineOf(paid).getByTestId('statement-match')).toHaveText('Matched · Confirmed');
      await expect(lineOf(short).getByTestId('statement-match')).toHaveText('Amount differs · Waiting for you');
      await shot(page, `statements-confirmed-${width}`);

      // The investor's open page shows the holding, without a reload.
      await investorPage.bringToFront();
      await expect(investorPage.getByText(/^You hold 2 HRSN$/)).toBeVisible({ timeout: 10_000 });
      expect(await orderState(request, investor.accessToken, paid.id)).toBe('CONFIRMED');
      expect(await orderState(request, investor.accessToken, short.id)).toBe('PAYMENT_DECLARED');
      await investorContext.close();
      await page.bringToFront();

      // The same file again: the saved columns are used, every line is already there, nothing changes.
      await page.getByLabel('CSV file').setInputFiles(file);
      await page.getByRole('button', { name: 'Read the file' }).click();
      await expect(page.getByText(`Using the saved columns of ${bank}.`)).toBeVisible();
      await expect(page.getByTestId('statement-mapping')).toHaveCount(0);
      await page.getByRole('button', { name: 'Import 2 lines' }).click();
      await expect(page.getByTestId('statement-result')).toHaveText(
        'Imported: 0 matched, 0 deposits, 0 amount differs, 0 unknown reference, 0 order already paid or closed, 2 already imported.',
      );
      await expect(lineOf(paid)).toHaveCount(1);
      await expect(lineOf(short)).toHaveCount(1);
      await expect(lineOf(paid).getByTestId('statement-match')).toHaveText('Matched · Confirmed');
      await expect(lineOf(short).getByTestId('statement-match')).toHaveText('Amount differs · Waiting for you');
      expect(await orderState(request, investor.accessToken, short.id)).toBe('PAYMENT_DECLARED');
      await shot(page, `statements-again-${width}`);

      // The audit log names the operator on each step.
      await page.goto(`/operator/audit?actor=${encodeURIComponent(operatorEmail)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      const actor = `operator:${operatorEmail}`;
      await expect(auditEntries(page, width, 'STATEMENT_MAPPING_SAVED', actor)).toHaveCount(1);
      await expect(auditEntries(page, width, 'STATEMENT_IMPORTED', actor)).toHaveCount(2);
      await expect(auditEntries(page, width, 'STATEMENT_LINE_CONFIRMED', actor, paid.reference)).toHaveCount(1);
      await expect(auditEntries(page, width, 'ORDER_PAYMENT_CONFIRMED', actor, investorEmail)).toHaveCount(1);
      await shot(page, `statements-audit-${width}`);
      expect(consoleErrors).toEqual([]);
    });
  });
}
