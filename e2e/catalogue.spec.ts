import { approveIdentity, moa, projectIdByName, signInApprovedInvestor } from './catalogue-helpers';
import { signInEnrolledUser } from './auth-helpers';
import { expect, expectHeading, test } from './fixtures';

test.describe('browsing the catalogue', () => {
  test('home -> list -> filter -> scroll for more', async ({ page, consoleErrors }) => {
    await page.goto('/');
    const featured = page.getByRole('region', { name: 'Featured projects' });
    await expect(featured.getByRole('article').first()).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Most popular this fortnight' }).getByText('Most popular').first(),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Closing soon' }).getByRole('article')).toHaveCount(2);

    await featured.getByRole('link', { name: 'See all projects' }).click();
    await expectHeading(page, /^Projects$/);
    const cards = page.getByRole('list', { name: 'Projects' }).getByRole('article');
    await page.goto('/projects');
    await expect(cards).toHaveCount(9);

    // Scrolling to the end loads the next page.
    await page.mouse.wheel(0, 20_000);
    await expect(cards).toHaveCount(11);
    await expect(page.getByText('You have seen every project.')).toBeVisible();

    const filters = page.getByRole('group', { name: 'Filter projects' });
    const current = filters.locator('[aria-current]');
    await expect(current).toHaveText(['All', 'All']);
    await filters.getByRole('link', { name: 'Closing soon' }).click();
    await expect(page).toHaveURL(/saleStatus=CLOSING_SOON/);
    await expect(cards).toHaveCount(2);
    // Only the chosen status and the theme's "All" are announced as current.
    await expect(current).toHaveText(['Closing soon', 'All']);
    for (const card of await cards.all()) await expect(card.getByText('Closing soon').first()).toBeVisible();

    await filters.getByRole('link', { name: 'Hanwoo herds' }).click();
    await expect(cards).toHaveCount(0);
    await expect(current).toHaveText(['Closing soon', 'Hanwoo herds']);
    await expect(page.getByText('No project matches these filters yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Show all projects' }).click();
    await expect(cards.first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a visitor who opens a project is asked to sign in first', async ({ page }) => {
    await page.goto('/projects');
    await page.getByRole('link', { name: 'Gangnam Tteokbokki Co.' }).click();
    await expect(page).toHaveURL(/\/auth\/signin\?redirect=%2Fprojects%2F\d+/);
  });

  test('an approved investor reads every section of a project', async ({
    page,
    context,
    request,
    baseURL,
    consoleErrors,
  }) => {
    await signInApprovedInvestor(request, context, baseURL!, 'reader@example.com');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/projects');
    await page.getByRole('link', { name: 'Hoengseong Hanwoo Herd No. 7' }).click();
    await expectHeading(page, /Hoengseong Hanwoo Herd No\. 7/);
    for (const section of [
      'Deal terms',
      'Gifts and badges',
      'About the issuer',
      'Questions and answers',
      'Risks',
      'Documents',
      'How to pay',
      'Community',
    ]) {
      await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
    }
    await expect(page.getByText('Green Ridge Livestock Cooperative').first()).toBeVisible();
    await expect(page.getByText('Hwang Sung-ho')).toBeVisible();

    // Deal-term tooltips open when the keyboard reaches them, with no delay (spec: delay 0).
    const info = page.getByRole('button', { name: 'About Minimum investment' });
    await info.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(info).toBeFocused();
    await expect(page.getByRole('tooltip')).toContainText('The least you can invest in one order');
    await expect(info).toHaveAttribute('data-state', 'instant-open');

    await page.getByText('What if an animal falls ill?').click();
    await expect(page.getByText('national livestock insurance scheme')).toBeVisible();

    const documentLink = page.getByRole('link', { name: 'Open Offering memorandum (PDF)' });
    const pdf = await request.get((await documentLink.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    const follow = page.getByRole('button', { name: 'Follow news' });
    await follow.click();
    await expect(page.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a restricted project is requested, allowed by an operator, then opens', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const email = 'insider@example.com';
    await signInApprovedInvestor(request, context, baseURL!, email);
    const restrictedId = projectIdByName('The Last Dokkaebi: Webtoon to Series');

    await page.goto('/projects');
    await expect(page.getByRole('link', { name: 'Gangnam Tteokbokki Co.' })).toBeVisible();
    await page.mouse.wheel(0, 20_000);
    await expect(page.getByText('You have seen every project.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'The Last Dokkaebi: Webtoon to Series' })).toHaveCount(0);

    await page.goto(`/projects/${restrictedId}`);
    await expect(page).toHaveURL(new RegExp(`/white-list/${restrictedId}$`));
    await expect(page.getByText('You have not asked for access yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Request access' }).click();
    await expect(page.getByText('Your request is waiting')).toBeVisible();

    expect(moa('whitelist:list')).toContain(email);
    expect(moa('whitelist:allow', email, String(restrictedId))).toContain(`Allowed ${email}`);

    await page.reload();
    await expect(page.getByText('You are on the allowed list.')).toBeVisible();
    await page.getByRole('link', { name: 'Open the project' }).click();
    await expectHeading(page, /The Last Dokkaebi/);
    await page.goto('/projects');
    await expect(page.getByRole('link', { name: 'Gangnam Tteokbokki Co.' })).toBeVisible();
    await page.mouse.wheel(0, 20_000);
    await expect(page.getByText('You have seen every project.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'The Last Dokkaebi: Webtoon to Series' })).toBeVisible();
  });

  test('an investor whose identity is not approved is sent to the identity check', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const user = await signInEnrolledUser(request, context, baseURL!, 'pending@example.com');
    await page.goto('/projects');
    await page.getByRole('link', { name: 'Gangnam Tteokbokki Co.' }).click();
    await expect(page).toHaveURL(/\/auth\/verify\/identity/);
    await approveIdentity(request, user.accessToken, 'pending@example.com');
  });
});
