import { expect, test } from './fixtures';
import { newAdmin, shot } from './operator-helpers';

for (const width of [390, 1280]) {
  test.describe(`the Blog screen at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('an admin writes a post with a live preview, publishes it, and readers find it on /blog', async ({
      page,
      context,
      request,
      baseURL,
      consoleErrors,
    }) => {
      test.setTimeout(120_000);
      const admin = await newAdmin(request, `editor-${width}@example.com`);
      const title = `Rice harvest notes ${width}`;
      await context.addCookies([{ name: 'access_token', value: admin.accessToken, url: baseURL!, secure: true }]);

      await page.goto('/operator/blog');
      await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
      // The demo posts are listed with their state.
      await expect(page.getByTestId('post-state').first()).toHaveText('Published');
      await shot(page, `blog-list-${width}`);

      await page.getByTestId('post-new').click();
      await expect(page.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible();
      await page.getByLabel('Title', { exact: true }).fill(title);
      // The URL title follows the title until it is typed.
      await expect(page.getByTestId('post-url-title')).toHaveValue(`rice-harvest-notes-${width}`);
      await page.getByLabel('Description', { exact: true }).fill('What the autumn harvest means for the rice project.');

      // The preview follows the Markdown, with the server's sanitizing: the script never arrives.
      const markdown = page.getByTestId('post-markdown');
      await markdown.focus();
      await page.keyboard.type(
        '## Growing season\n\nThe **rice** is in.\n\n<script>window.leaked = 1</script>\n\n- dry\n- warm',
      );
      const preview = page.getByTestId('post-preview');
      await expect(preview.getByRole('heading', { level: 2, name: 'Growing season' })).toBeVisible();
      await expect(preview.locator('strong')).toHaveText('rice');
      await expect(preview.getByRole('listitem')).toHaveCount(2);
      await expect(preview.locator('script')).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { leaked?: number }).leaked)).toBeUndefined();

      // How a search engine would list it.
      const search = page.getByTestId('search-preview');
      await expect(search).toContainText(`${title} · Moa`);
      await expect(search).toContainText(`blog › rice-harvest-notes-${width}`);
      await shot(page, `blog-editor-${width}`);

      await page.getByTestId('publish-NOW').check();
      await page.getByTestId('post-save').click();
      await expect(page.getByText('Saved and published.')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit post' })).toBeVisible();
      await expect(page.getByTestId('post-state')).toHaveText('Published');

      await page.goto('/blog');
      await page
        .getByRole('link', { name: new RegExp(title) })
        .first()
        .click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Growing season' })).toBeVisible();
      await shot(page, `blog-published-${width}`);

      // In Korean, a form sent empty says what each field needs and puts the cursor on the first.
      await page.goto('/operator/blog');
      await page.locator('header select:visible').selectOption('ko');
      await expect(page.getByRole('heading', { level: 1, name: '블로그' })).toBeVisible();
      await page.getByTestId('post-new').click();
      await expect(page.getByRole('heading', { level: 1, name: '새 글' })).toBeVisible();
      await page.getByTestId('post-save').click();
      await expect(page.getByText('글 제목을 200자 이내로 입력해 주세요.')).toBeVisible();
      await expect(page.getByLabel('제목', { exact: true })).toBeFocused();
      await shot(page, `blog-editor-ko-${width}`);
      expect(consoleErrors).toEqual([]);
    });
  });
}
