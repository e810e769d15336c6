import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { moa, projectIdByName, signInApprovedInvestor } from './catalogue-helpers';
import { expect, expectHeading, test } from './fixtures';

const PROJECT = 'Han River Sessions: Drama OST Collection';

/**
 * With E2E_SCREENSHOT_DIR set, each step is also saved at phone and desktop width, in parts a
 * screen or so tall, for review by eye.
 */
async function snap(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  for (const [width, height] of [
    [390, 1100],
    [1280, 1000],
  ] as const) {
    await page.setViewportSize({ width, height: 844 });
    const total = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0, part = 1; y < total; y += height, part += 1) {
      await page.screenshot({
        path: path.join(dir, `${name}-${width}-${part}.png`),
        fullPage: true,
        clip: { x: 0, y, width, height: Math.min(height, total - y) },
      });
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/** From the project page to a reserved order, through the four steps before reserving. */
async function reserveTokens(
  page: Page,
  projectId: number,
  quantity: number,
  method: 'Bank transfer' | 'Crypto transfer',
) {
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('link', { name: 'Invest', exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/invest/?\\?productId=${projectId}$`));
  await expect(page.getByRole('heading', { name: 'How many tokens?' })).toBeVisible();

  const input = page.getByLabel('Number of HRSN tokens');
  // The price times the quantity, as the investor types; out-of-bounds numbers are refused in words.
  await input.fill('1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('The minimum is 2 tokens.')).toBeVisible();
  await input.fill('1001');
  await expect(page.getByText('You can buy at most 1000 more tokens of this project.')).toBeVisible();
  await input.fill(String(quantity));
  await expect(page.getByTestId('invest-total')).toHaveText(`$${quantity * 10}`);
  await snap(page, '1-quantity');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/step=method/);
  await page.getByRole('radio', { name: new RegExp(method) }).check();
  await snap(page, '2-method');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/step=identity/);
  await expect(page.getByRole('radio', { name: /Test Investor \(Individual\)/ })).toBeChecked();
  await page.getByLabel('Source of funds').selectOption({ label: 'Savings' });
  await snap(page, '3-identity');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/step=review/);
  await expect(page.getByText(`$${quantity * 10}`, { exact: true })).toBeVisible();
  await snap(page, '4-review');
  await page.getByRole('button', { name: `Reserve ${quantity} tokens` }).click();
  await expect(page).toHaveURL(/orderId=[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { name: 'Read and sign the contract' })).toBeVisible();
  return new URL(page.url()).searchParams.get('orderId')!;
}

async function signContract(page: Page) {
  await expect(page.getByTestId('contract-text')).toContainText('Riverside Records Inc.');
  await expect(page.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  const consents = page.getByRole('group', { name: 'Your consent' }).getByRole('checkbox');
  await page.getByRole('button', { name: 'Sign the contract' }).click();
  await expect(page.getByText('Tick every box to sign.')).toBeVisible();
  for (const box of await consents.all()) await box.check();
  await page.getByLabel('Type your full legal name').fill('Test Investor');
  // The drawn signature is optional; draw one with the mouse as a person would.
  const pad = page.getByRole('img', { name: 'Draw your signature (optional)' });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 80, box.y + 30, { steps: 5 });
  await page.mouse.move(box.x + 160, box.y + box.height - 30, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByText('Signature drawn.')).toBeVisible();
  await snap(page, '5-sign');
  await page.getByRole('button', { name: 'Sign the contract' }).click();
}

test.describe('investing', () => {
  test('a new investor reserves, signs, downloads the contract, pays and sees the tokens credited', async ({
    page,
    context,
    request,
    baseURL,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    await signInApprovedInvestor(request, context, baseURL!, 'investor-pays@example.com');
    const projectId = projectIdByName(PROJECT);
    const orderId = await reserveTokens(page, projectId, 12, 'Bank transfer');
    await signContract(page);

    // Payment instructions: the exact amount, the bank details and a reference, each to copy.
    // Signing renders the PDF with its certificate page before answering: allow for a busy machine.
    await expect(page.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('$120.00')).toBeVisible();
    await expect(page.getByText('KB Kookmin Bank')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy Reference code' })).toBeVisible();
    const reference = (await page
      .getByText(/^MOA-[A-Z0-9]+$/)
      .first()
      .textContent())!.trim();
    await expect(page.getByTestId('time-left')).toHaveText(/left$/);
    await snap(page, '6-pay');

    // The signed contract downloads under the name the server gives it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the signed contract (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The instructions open again from the spec's call at any time.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible();

    await page.getByRole('button', { name: 'I have paid' }).click();
    await expect(page.getByText('Enter the name on the account you paid from.')).toBeVisible();
    await page.getByLabel('Name on the paying account').fill('Test Investor');
    await page.getByRole('button', { name: 'I have paid' }).click();
    await expect(page).toHaveURL(new RegExp(`/invest/complete\\?orderId=${orderId}`));
    await expectHeading(page, /^Thank you, we are checking your payment$/);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline.getByRole('listitem')).toHaveText([
      /Tokens reserved.*by you/,
      /Contract signed.*by you/,
      /Payment declared.*by you/,
      /Payment confirmed, tokens credited.*usually takes up to 24 hours/,
    ]);
    await snap(page, '7-complete');

    expect(moa('payment:confirm', reference)).toContain(reference);
    await page.reload();
    await expectHeading(page, /^Payment confirmed: your tokens are yours$/);
    await expect(timeline.getByRole('listitem').last()).toHaveText(
      /Payment confirmed, tokens credited.*by the Moa team/,
    );
    await snap(page, '7-confirmed');

    // The holding and the gift it unlocks show on the project page.
    await page.getByRole('link', { name: 'Back to the project' }).click();
    await expect(page.getByText('You hold 12 HRSN')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Claim gift' })).toBeVisible();

    // The order stays reachable from the account.
    await page.goto('/account/overview');
    await page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Orders' }).click();
    await expectHeading(page, /^Your orders$/);
    await snap(page, '8-orders');
    await page.getByRole('link', { name: `View the timeline of order ${reference}` }).click();
    await expectHeading(page, new RegExp(`^Order ${reference}$`));
    await expect(page.getByRole('list', { name: 'Timeline' }).getByRole('listitem')).toHaveCount(4);
    await snap(page, '9-order');
    expect(consoleErrors).toEqual([]);
  });

  test('an investor paying in crypto sees the wallet and its QR code, then cancels before paying', async ({
    page,
    context,
    request,
    baseURL,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    await signInApprovedInvestor(request, context, baseURL!, 'investor-cancels@example.com');
    const projectId = projectIdByName(PROJECT);
    await reserveTokens(page, projectId, 3, 'Crypto transfer');
    await signContract(page);

    // Signing renders the PDF with its certificate page before answering: allow for a busy machine.
    await expect(page.getByRole('heading', { name: 'Pay by crypto transfer' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Ethereum (ERC-20)', { exact: true })).toBeVisible();
    await expect(page.getByText(/^0x[0-9a-f]{40}$/)).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code of the wallet address on Ethereum (ERC-20)' })).toBeVisible();
    await snap(page, '6-pay-crypto');

    // Offline, the instructions stay readable and every action that needs the network says why it waits.
    await context.setOffline(true);
    await expect(page.getByRole('button', { name: 'I have paid' })).toBeDisabled();
    await expect(page.getByText('You are offline.').first()).toBeVisible();
    await expect(page.getByText(/^0x[0-9a-f]{40}$/)).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('button', { name: 'I have paid' })).toBeEnabled();

    await page.getByRole('button', { name: 'Cancel this order' }).click();
    await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await expectHeading(page, /^Order cancelled$/);
    await expect(page.getByRole('list', { name: 'Timeline' }).getByRole('listitem')).toHaveText([
      /Tokens reserved/,
      /Contract signed/,
      /Order cancelled.*by you/,
    ]);
    await expect(page.getByText('This order is closed and its tokens went back on sale.')).toBeVisible();
    // The browser logs each request refused while the test had the network cut; nothing else.
    expect(consoleErrors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });

  test('an order left unpaid past its deadline expires, and its timeline says so', async ({
    page,
    context,
    request,
    baseURL,
    consoleErrors,
  }) => {
    const { accessToken } = await signInApprovedInvestor(request, context, baseURL!, 'investor-expires@example.com');
    const projectId = projectIdByName(PROJECT);
    const { id: orderId, reference } = await reserveThroughApi(request, accessToken, projectId, 2);

    // Time passes: the deadline moves into the past, then the platform's expiry runs.
    passDeadline(orderId);
    expect(moa('order:expire')).toBe('Expired 1 orders.');

    // Opening the order where the investor left it shows that it expired.
    await page.goto(`/invest/?productId=${projectId}&orderId=${orderId}`);
    await expect(page).toHaveURL(new RegExp(`/invest/complete\\?orderId=${orderId}`));
    await expectHeading(page, /^Order expired$/);
    await page.getByRole('link', { name: 'View the timeline' }).click();
    await expectHeading(page, new RegExp(`^Order ${reference}$`));
    await expect(page.getByText('Expired', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Timeline' }).getByRole('listitem')).toHaveText([
      /Tokens reserved.*by you/,
      /Order expired.*automatically.*The payment deadline passed\./,
    ]);
    await expect(page.getByRole('button', { name: 'Cancel this order' })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('a replaced offering document keeps its history on the project page', async ({
    page,
    context,
    request,
    baseURL,
    consoleErrors,
  }) => {
    const { accessToken } = await signInApprovedInvestor(request, context, baseURL!, 'document-reader@example.com');
    const projectId = projectIdByName('Jeonju Bibimbap House');
    const product = (await (
      await request.get(`/api/v1/products/${projectId}`, { headers: { authorization: `Bearer ${accessToken}` } })
    ).json()) as { documents: Array<{ id: number; name: string }> };
    const document = product.documents[0]!;
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'moa-doc-')), 'memorandum-v2.pdf');
    writeFileSync(file, '%PDF-1.4\n% revised use of proceeds\n');
    moa('document:replace', String(projectId), String(document.id), file, 'Revised use of proceeds');

    await page.goto(`/projects/${projectId}`);
    await page.getByText('History (2 versions)').click();
    const history = page.getByRole('group').filter({ hasText: 'Revised use of proceeds' });
    await expect(history.getByRole('link', { name: `Download ${document.name}, version 2` })).toBeVisible();
    await expect(history.getByRole('link', { name: `Download ${document.name}, version 1` })).toBeVisible();
    await expect(history.getByText('Current')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});

/** An order made as the invest page makes it, through the API, to reach the later states quickly. */
async function reserveThroughApi(request: APIRequestContext, accessToken: string, projectId: number, quantity: number) {
  const headers = { authorization: `Bearer ${accessToken}` };
  const product = (await (await request.get(`/api/v1/products/${projectId}`, { headers })).json()) as {
    payMethods: Array<{ id: number; payMethodType: string }>;
  };
  const payMethodId = product.payMethods.find((method) => method.payMethodType === 'ACCOUNT')!.id;
  const response = await request.post(`/api/v1/products/${projectId}/investors`, {
    headers: { ...headers, 'Idempotency-Key': `e2e-expiry-${Date.now()}` },
    data: { quantity, payMethodId },
  });
  if (!response.ok()) throw new Error(`order failed: ${await response.text()}`);
  return (await response.json()) as { id: string; reference: string };
}

/** Moves one order's deadline an hour into the past, as if the reservation time had gone by. */
function passDeadline(orderId: string) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'moa.sqlite'));
  try {
    const past = new Date(Date.now() - 3_600_000).toISOString();
    db.prepare('update orders set expires_at = ? where id = ?').run(past, orderId);
  } finally {
    db.close();
  }
}
