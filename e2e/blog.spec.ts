import type { APIRequestContext } from '@playwright/test';
import { describePost } from '../src/domain/post-text';
import { postListSchema, postSchema, type Post } from '../src/domain/posts';
import { BLOG_CACHE } from '../src/domain/offline';
import { expect, expectHeading, test } from './fixtures';
import { waitForServiceWorker } from './service-worker';

async function newestPosts(request: APIRequestContext): Promise<Post[]> {
  const response = await request.get('/api/v1/posts?limit=9');
  return postListSchema.parse(await response.json()).postPayloads;
}

const contentImages = (post: Post) =>
  Array.from(post.content.matchAll(/<img[^>]*src="([^"]+)"/g), (match) => match[1]!);

test.describe('the blog', () => {
  test('the list shows posts with thumbnails and read time, and a post opens with its own title and description', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const [newest] = await newestPosts(request);
    await page.goto('/blog/');
    await expectHeading(page, /^Blog$/);
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(8);
    await expect(cards.first().getByText(`${newest!.readTime} min read`)).toBeVisible();
    expect(await cards.first().locator('img').first().getAttribute('src')).toBe(newest!.thumbnail);

    await page.getByRole('link', { name: newest!.title }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${newest!.urlTitle}$`));
    await expectHeading(page, new RegExp(`^${newest!.title}$`));
    await expect(page).toHaveTitle(`${newest!.title} · Moa`);
    const description = describePost(newest!.content);
    expect(description.length).toBeGreaterThan(50);
    expect(Array.from(description).length).toBeLessThanOrEqual(150);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
    await expect(page.locator('.prose h2').first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("the server's HTML for a post already carries its title, description and preview tags", async ({ request }) => {
    const post = postSchema.parse(await (await request.get('/api/v1/posts/names/hanwoo-herds-explained')).json());
    const response = await request.get('/blog/hanwoo-herds-explained');
    expect(response.status()).toBe(200);
    const html = await response.text();
    const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
    expect(html).toContain(`<title>${escape(post.title)} · Moa</title>`);
    expect(html).toContain(`<meta name="description" content="${escape(describePost(post.content))}" />`);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/blog\/hanwoo-herds-explained" \/>/);
    expect(html).toContain(`<meta property="og:title" content="${escape(post.title)}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/demo\/blog\/hanwoo-herds\.svg" \/>/);

    const unknown = await (await request.get('/blog/no-such-post')).text();
    expect(unknown).not.toContain('og:title');
    expect((await request.get('/sitemap.xml')).ok()).toBe(true);
    expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:');
  });

  test('an unknown post shows the 404 page', async ({ page }) => {
    await page.goto('/blog/no-such-post');
    await expectHeading(page, /^Page Not Found$/);
  });

  test('after reading, the post and the list open offline and say when they were saved', async ({
    page,
    context,
    request,
  }) => {
    const posts = await newestPosts(request);
    // The oldest on the first page: outside the few the worker fetches on its own.
    const read = posts[posts.length - 1]!;
    // One of the newest few the worker saves on its own, with pictures in its text.
    const prefetched = posts.slice(1, 3).find((post) => contentImages(post).length > 0)!;

    await page.goto('/blog/');
    await waitForServiceWorker(page);
    // Loaded again under the worker's control, so the list passes through its cache.
    await page.reload();
    await expectHeading(page, /^Blog$/);
    await page.getByRole('link', { name: read.title }).click();
    await expectHeading(page, new RegExp(`^${read.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await expect(page.locator(`img[src="${read.thumbnail}"]`)).toBeVisible();

    const saved = (paths: string[]) =>
      page.evaluate(
        async ({ cacheName, paths }) => {
          const cache = await caches.open(cacheName);
          const hits = await Promise.all(paths.map((path) => cache.match(path)));
          return hits.every(Boolean);
        },
        { cacheName: BLOG_CACHE, paths },
      );
    await expect
      .poll(() =>
        saved([
          '/api/v1/posts?limit=9',
          `/api/v1/posts/names/${read.urlTitle}`,
          `/api/v1/posts/names/${prefetched.urlTitle}`,
          prefetched.thumbnail!,
          ...contentImages(prefetched),
        ]),
      )
      .toBe(true);

    await context.setOffline(true);
    try {
      await page.reload();
      await expectHeading(page, new RegExp(`^${read.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      await expect(page.getByTestId('offline-banner')).toContainText(
        'You are offline. Showing what this device saved on',
      );
      await expect(page.getByTestId('offline-banner').locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

      await page.goto('/blog/');
      await expectHeading(page, /^Blog$/);
      await expect(page.getByRole('link', { name: read.title })).toBeVisible();
      await expect(page.getByTestId('offline-banner')).toBeVisible();

      // A post the reader never opened, saved in the background, with its picture.
      await page.goto(`/blog/${prefetched.urlTitle}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(prefetched.title);
      const thumbnailLoaded = await page
        .locator(`img[src="${prefetched.thumbnail}"]`)
        .first()
        .evaluate((img: HTMLImageElement) =>
          img.decode().then(
            () => img.naturalWidth > 0,
            () => false,
          ),
        );
      expect(thumbnailLoaded).toBe(true);
      for (const src of contentImages(prefetched)) {
        const loaded = await page.locator(`.prose img[src="${src}"]`).evaluate((img: HTMLImageElement) =>
          img.decode().then(
            () => img.naturalWidth > 0,
            () => false,
          ),
        );
        expect(loaded).toBe(true);
      }
    } finally {
      await context.setOffline(false);
    }
  });
});

test.describe('the contact form', () => {
  test('refuses a bad email, then accepts a good one and confirms by mail', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const email = `reader-${Date.now()}@example.com`;
    await page.goto('/contact-us/');
    await expectHeading(page, /^Contact us$/);
    await page.getByLabel('Your name').fill('Hana Lee');
    await page.getByLabel('Email address').fill('hana-at-example');
    await page.getByLabel('Topic').selectOption('payments');
    await page.getByLabel('Message').fill('I paid by bank transfer yesterday; when will my tokens appear?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email address')).toBeFocused();

    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you, your message is on its way' })).toBeVisible();
    await expect(page.getByText(`We sent a confirmation to ${email}.`)).toBeVisible();

    const outbox = (await (await request.get(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`)).json()) as {
      messages: Array<{ subject: string }>;
    };
    expect(outbox.messages.map((message) => message.subject)).toContain('We received your message');
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('information pages', () => {
  test('an unknown about page is the 404 page', async ({ page }) => {
    await page.goto('/about/not-a-product');
    await expectHeading(page, /^Page Not Found$/);
  });

  test('the old legal addresses lead to the one page of each', async ({ page }) => {
    await page.goto('/legal/privacy-policy');
    await expect(page).toHaveURL(/\/privacy-policy\/$/);
    await expectHeading(page, /^Privacy policy$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/privacy-policy\/$/);
    await page.goto('/legal/terms-of-service');
    await expect(page).toHaveURL(/\/terms-of-service\/$/);
    await expectHeading(page, /^Terms of service$/);
  });

  test('the FAQ filters as you type and opens a deep-linked answer', async ({ page }) => {
    await page.goto('/faq#vote-weight');
    await expect(page.locator('#vote-weight')).toHaveAttribute('open', '');
    await expect(page.getByText('weighted by the tokens you held when the vote opened')).toBeVisible();

    await page.getByLabel('Search the answers').fill('crypto');
    await expect(page.getByText(/answers match/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Investing and payments' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Gifts and badges' })).toHaveCount(0);
    await expect(page).toHaveURL(/\?q=crypto/);
    await page.getByLabel('Search the answers').fill('zzzz');
    await expect(page.getByText('No answer matches "zzzz"')).toBeVisible();
  });
});
