import path from 'node:path';
import { readFile } from 'node:fs/promises';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { formatMinorUnitsIn } from '../src/domain/money';
import { signInApprovedInvestor } from './catalogue-helpers';
import { expect, test } from './fixtures';
import { isQuerySaved } from './saved-queries';

/** With E2E_SCREENSHOT_DIR set, the screen is also saved at phone and desktop width, for review by eye. */
async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

const thisYear = new Date().getUTCFullYear();
const lastYear = thisYear - 1;

/**
 * Holdings since January of last year in a demo project, and a revenue share paid to the
 * investor last December, written straight to the ledger and the distribution tables (the
 * order and distribution flows have their own tests). Answers the project's name.
 */
function grantHoldingAndRevenue(email: string, quantity: number, revenue: number): string {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'moa.sqlite'));
  try {
    const user = db.prepare('select id from users where email = ?').get(email) as { id: string };
    const project = db.prepare('select id, name from products order by id limit 1').get() as {
      id: number;
      name: string;
    };
    const since = `${lastYear}-01-15T00:00:00.000Z`;
    db.prepare(
      `insert into holding_entries (product_id, user_id, quantity, reason, note, created_at) values (?, ?, ?, 'OPENING_BALANCE', 'Opening holding', ?)`,
    ).run(project.id, user.id, quantity, since);
    db.prepare(
      'insert into product_holdings (product_id, user_id, quantity, first_invested_at, updated_at) values (?, ?, ?, ?, ?)',
    ).run(project.id, user.id, quantity, since, since);
    const recordAt = `${lastYear}-11-30T00:00:00.000Z`;
    const paysAt = `${lastYear}-12-14T00:00:00.000Z`;
    const distribution = db
      .prepare(
        `insert into revenue_distributions (product_id, amount, currency, record_at, pays_at, memo, created_by, created_at)
         values (?, ?, 'USD', ?, ?, 'Box office', 'e2e', ?)`,
      )
      .run(project.id, revenue, recordAt, paysAt, recordAt);
    db.prepare(
      `insert into revenue_shares (distribution_id, product_id, user_id, balance, amount, pays_at, created_at)
       values (?, ?, ?, ?, ?, ?, ?)`,
    ).run(distribution.lastInsertRowid, project.id, user.id, quantity, revenue, paysAt, recordAt);
    return project.name;
  } finally {
    db.close();
  }
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}

/** Taps a statement's download and answers the response's content type and the saved file's text. */
async function downloadStatement(page: Page, year: number, name: RegExp) {
  const item = page.getByTestId('statements').locator('li', { hasText: name });
  const [response, download] = await Promise.all([
    page.waitForResponse((answer) => answer.url().includes(`/api/v1/users/me/statements/${year}.pdf`)),
    page.waitForEvent('download'),
    item.getByRole('button').click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(download.suggestedFilename()).toBe(`moa-statement-${year}.pdf`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfText(bytes);
}

test('statements in English at 390 px: listed per year, downloaded as a PDF, the list opens offline', async ({
  page,
  context,
  request,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  const email = 'statements-en@example.com';
  await signInApprovedInvestor(request, context, baseURL!, email);
  const project = grantHoldingAndRevenue(email, 42, 123_456);

  await page.goto('/account/documents');
  // The first page of a fresh server takes a while to load on a busy machine.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Documents$/, { timeout: 30_000 });
  const list = page.getByRole('region', { name: 'Yearly statements' });
  await expect(list.getByText(`Statement ${thisYear}`)).toBeVisible();
  await expect(list.getByText(/^Year to date, until /)).toBeVisible();
  await expect(list.getByText(`Statement ${lastYear}`)).toBeVisible();
  await expect(list.getByText(`Projects: 1 · revenue $1,234.56`)).toBeVisible();
  await snap(page, 'statements-en');

  const text = await downloadStatement(page, lastYear, new RegExp(`Statement ${lastYear}`));
  expect(text).toContain(`Yearly statement ${lastYear}`);
  expect(text).toContain('Test Investor');
  expect(text).toContain(project);
  expect(text).toContain('42 tokens');
  expect(text).toContain(formatMinorUnitsIn(123_456, 'USD', 'en-US'));
  expect(text).toMatch(/Statement SHA-256: [0-9a-f]{64}/);

  // Offline: the list opens from the saved copy; the PDF is made on request, and a tap says so.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
  await expect.poll(() => isQuerySaved(page, '["portfolio","statements"]')).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(list.getByText(`Statement ${lastYear}`)).toBeVisible();
  await expect(page.getByText('You are offline: this is the copy saved on this device.')).toBeVisible();
  await list
    .locator('li', { hasText: `Statement ${lastYear}` })
    .getByRole('button')
    .click();
  await expect(page.getByText('Statements are made when you download them', { exact: false })).toBeVisible();
  await snap(page, 'statements-offline');
  await context.setOffline(false);
  expect(consoleErrors.filter((error) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(error))).toEqual([]);
});

test('statements in Korean at 390 px: the list and the PDF speak Korean with the investor’s figures', async ({
  page,
  context,
  request,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const email = 'statements-ko@example.com';
  await page.addInitScript(() => localStorage.setItem('moa.locale', 'ko'));
  await signInApprovedInvestor(request, context, baseURL!, email);
  const project = grantHoldingAndRevenue(email, 7, 50_000);

  await page.goto('/account/documents');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^문서함$/, { timeout: 30_000 });
  const list = page.getByRole('region', { name: '연간 거래 명세서' });
  await expect(list.getByText(`${thisYear}년 명세서`)).toBeVisible();
  await expect(list.getByText(/^연초부터 .+까지$/)).toBeVisible();
  await expect(list.getByText(`프로젝트 1개 · 수익 US$500`)).toBeVisible();
  await snap(page, 'statements-ko');

  const text = await downloadStatement(page, lastYear, new RegExp(`${lastYear}년 명세서`));
  expect(text).toContain(`${lastYear}년 연간 거래 명세서`);
  expect(text).toContain('투자자');
  expect(text).toContain(project);
  expect(text).toContain('7개');
  expect(text).toContain(`${lastYear}년 1월 1일`);
  expect(text).toContain(formatMinorUnitsIn(50_000, 'USD', 'ko-KR'));
  expect(text).toMatch(/명세서 SHA-256: [0-9a-f]{64}/);
  expect(consoleErrors).toEqual([]);
});
