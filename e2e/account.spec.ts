import { holdAppEntry } from './app-start';
import { signInEnrolledUser } from './auth-helpers';
import { signInApprovedInvestor } from './catalogue-helpers';
import { expect, expectHeading, test } from './fixtures';

test('account settings: a name is checked, saved and shown; cancel leaves it as it was', async ({
  page,
  context,
  request,
  baseURL,
  consoleErrors,
}) => {
  await signInEnrolledUser(request, context, baseURL!, 'settings@example.com');
  await page.goto('/account/account-settings');
  await expectHeading(page, /^Account settings$/);
  // A name never given shows as N/A (spec: investor profile).
  await expect(page.getByText('N/A').first()).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).first().click();
  const field = page.getByLabel('Name', { exact: true });
  await field.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();

  await field.fill('Kim Mina');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your name was saved.')).toBeVisible();
  await expect(page.getByRole('main').getByText('Kim Mina')).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).first().click();
  await page.getByLabel('Name', { exact: true }).fill('Someone else');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('main').getByText('Kim Mina')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('at 390 px the account pages’ row shows the current page’s pill, scrolling only sideways', async ({
  page,
  context,
  request,
  baseURL,
  consoleErrors,
}) => {
  await signInEnrolledUser(request, context, baseURL!, 'account-row@example.com');
  await page.goto('/account/notification-settings');
  const nav = page.getByRole('navigation', { name: 'Account pages' });
  const current = nav.locator('[aria-current="page"]');
  await expect(current).toBeVisible();
  // The last pill, off the row's right edge at first: the row has moved it fully into view.
  await expect
    .poll(async () => {
      const [row, pill] = await Promise.all([nav.boundingBox(), current.boundingBox()]);
      return !!row && !!pill && pill.x >= row.x && pill.x + pill.width <= row.x + row.width;
    })
    .toBe(true);
  expect(await nav.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  // The page itself stays where it was.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(consoleErrors).toEqual([]);
});

test('at 390 px a row the investor scrolled on the painted page stays where they left it as the app takes over, and the pill they tap opens', async ({
  page,
  context,
  request,
  baseURL,
  consoleErrors,
}) => {
  await signInApprovedInvestor(request, context, baseURL!, 'account-row-painted@example.com');
  // The app's code waits until the investor has moved the row on the page the server painted.
  const release = await holdAppEntry(page);
  await page.goto('/account/overview');
  const nav = page.getByRole('navigation', { name: 'Account pages' });
  const balance = nav.getByRole('link', { name: 'Balance' });
  await balance.scrollIntoViewIfNeeded();
  const scrolled = await nav.evaluate((element) => element.scrollLeft);
  expect(scrolled).toBeGreaterThan(0);

  release();
  // Once the app has taken the row over (React marks each element it takes) and run its effects,
  // it has found the row moved by the investor: it leaves it there, and the pill under their finger.
  await expect
    .poll(() => balance.evaluate((link) => Object.keys(link).some((key) => key.startsWith('__reactFiber$'))))
    .toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  expect(await nav.evaluate((element) => element.scrollLeft)).toBe(scrolled);
  await balance.click();
  await expectHeading(page, /^Balance$/);
  expect(consoleErrors).toEqual([]);
});

test('a page tapped while signing out asks the server nothing: it waits, and the sign-out ends at the sign-in page', async ({
  page,
  context,
  request,
  baseURL,
  consoleErrors,
}) => {
  await signInApprovedInvestor(request, context, baseURL!, 'account-signing-out@example.com');
  await page.goto('/account/account-settings');
  await expectHeading(page, /^Account settings$/);
  const balance = page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Balance' });
  await expect
    .poll(() => balance.evaluate((link) => Object.keys(link).some((key) => key.startsWith('__reactFiber$'))))
    .toBe(true);

  // The server has ended the session, and its answer is still on its way back.
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  let revoked!: () => void;
  const serverTold = new Promise<void>((resolve) => (revoked = resolve));
  await page.route('**/api/v1/users/logout', async (route) => {
    const response = await route.fetch();
    revoked();
    await answered;
    await route.fulfill({ response });
  });
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await serverTold;
  const asked: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (pathname.startsWith('/api/')) asked.push(pathname);
  });
  await balance.scrollIntoViewIfNeeded();
  await balance.click();
  // A call the tap made would go out at once; none may, however long the answer takes.
  await page
    .waitForRequest((sent) => new URL(sent.url()).pathname.startsWith('/api/'), { timeout: 1_500 })
    .then(
      () => undefined,
      () => undefined,
    );
  expect(asked).toEqual([]);
  answer();
  await expect(page).toHaveURL(/\/auth\/signin(\?|$)/);
  await expectHeading(page, /^Sign in to Moa$/);
  // Chosen, not forced: the sign-in page does not offer to come back to the tapped page.
  expect(new URL(page.url()).searchParams.get('redirect')).toBeNull();
  expect(consoleErrors).toEqual([]);
});
