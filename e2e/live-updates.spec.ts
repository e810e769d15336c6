import type { Page } from '@playwright/test';
import { moa, projectIdByName, signInApprovedInvestor } from './catalogue-helpers';
import { expect, test } from './fixtures';
import { grantHolding } from './market-helpers';
import { declaredOrder } from './order-helpers';

/**
 * What an operator does reaches the investor's open pages without a reload (the live stream,
 * docs/decisions/1705-live-updates.md): each change is made with the command line, as an
 * operator would, and the pages must show it within 2 s of the command's end.
 */
const PROJECT = 'Han River Sessions: Drama OST Collection';
const RESTRICTED = 'The Last Dokkaebi: Webtoon to Series';
const AT_ONCE = { timeout: 2_000 };

/**
 * Opens a signed-in page: its live connection starts with the header's bell. Whatever an operator
 * changes before the connection is answered still arrives: the app replays from the last event id
 * it kept, or refetches everything the events drive when it has none.
 */
async function openLive(page: Page, url: string) {
  await page.goto(url);
  // A busy machine may take a while to open the page; what is measured starts after it.
  await expect(page.getByRole('banner').getByRole('link', { name: /^Notifications/ })).toBeVisible({ timeout: 30_000 });
}

test('a payment an operator confirms shows on the open project page, overview and order at once', async ({
  page,
  context,
  request,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const user = await signInApprovedInvestor(request, context, baseURL!, 'live-payment@example.com');
  const projectId = projectIdByName(PROJECT);
  const order = await declaredOrder(request, user.accessToken, projectId);

  await openLive(page, `/projects/${projectId}`);
  await expect(page.getByText(/^You do not hold HRSN yet\.$/)).toBeVisible();
  const overview = await context.newPage();
  await openLive(overview, '/account/overview');
  await expect(overview.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(overview.getByText(/^You do not hold any project yet\./)).toBeVisible();
  const orderPage = await context.newPage();
  await openLive(orderPage, `/account/orders/${order.id}`);
  const timeline = orderPage.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
  await expect(timeline.last()).toContainText('Payment confirmed, tokens credited (waiting)');

  moa('payment:confirm', order.reference);

  await expect(page.getByText(/^You hold 2 HRSN$/)).toBeVisible(AT_ONCE);
  await expect(overview.getByText(/^You do not hold any project yet\./)).toHaveCount(0, AT_ONCE);
  await expect(overview.getByText(PROJECT).first()).toBeVisible(AT_ONCE);
  await expect(timeline.last()).not.toContainText('(waiting)', AT_ONCE);
  await expect(timeline.last()).toContainText('Payment confirmed, tokens credited', AT_ONCE);
  expect(consoleErrors).toEqual([]);
});

test('a revenue distribution shows on the open overview at once', async ({
  page,
  context,
  request,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const email = 'live-payout@example.com';
  await signInApprovedInvestor(request, context, baseURL!, email);
  const projectId = projectIdByName(PROJECT);
  grantHolding(email, 5, projectId);

  await openLive(page, '/account/overview');
  await expect(page.getByText('Your portfolio')).toBeVisible();
  await expect(page.getByText('No payouts are scheduled.')).toBeVisible();

  // Four eyes: the command line proposes, the second demo admin approves.
  const proposed = moa(
    'revenue:distribute',
    String(projectId),
    '500000',
    new Date().toISOString().slice(0, 10),
    'Live',
  );
  const approval = /Approval (\S+) proposed/.exec(proposed)?.[1];
  if (!approval) throw new Error('revenue:distribute proposed no approval');
  moa('approval:approve', approval, '--as', 'admin2@demo.moa.localhost');

  await expect(page.getByText('No payouts are scheduled.')).toHaveCount(0, AT_ONCE);
  await expect(page.getByText(/Han River Sessions.*· pays on/).first()).toBeVisible(AT_ONCE);
  expect(consoleErrors).toEqual([]);
});

test('an operator allowing a restricted project shows on the open request page at once', async ({
  page,
  context,
  request,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const email = 'live-whitelist@example.com';
  await signInApprovedInvestor(request, context, baseURL!, email);
  const restrictedId = projectIdByName(RESTRICTED);
  await openLive(page, `/white-list/${restrictedId}`);
  await page.getByRole('button', { name: 'Request access' }).click();
  await expect(page.getByText('Your request is waiting')).toBeVisible();

  moa('whitelist:allow', email, String(restrictedId));

  await expect(page.getByText('You are on the allowed list.')).toBeVisible(AT_ONCE);
  await expect(page.getByRole('link', { name: 'Open the project' })).toBeVisible(AT_ONCE);
  expect(consoleErrors).toEqual([]);
});
