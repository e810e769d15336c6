import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describePost } from '../../src/domain/post-text';
import { postListSchema, postSchema, type PostList } from '../../src/domain/posts';
import { insertPost } from '../../server/modules/posts/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { testEngines } from '../helpers/db';

const DAY = 24 * 60 * 60_000;

describe.each(testEngines())('blog posts API on %s', (engine) => {
  let t: TestApp;
  const visibleTitles: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_URL: 'http://moa.test' });
    const now = Date.now();
    // Seven visible posts, newest last-inserted first in time order; two share a timestamp.
    const sameMoment = new Date(now - 3 * DAY);
    const dates = [10, 9, 8, 7, 6].map((days) => new Date(now - days * DAY));
    for (const [index, postedAt] of [...dates, sameMoment, sameMoment].entries()) {
      const post = await insertPost(t.db.db, { title: `Visible ${index}`, urlTitle: `visible-${index}`, postedAt });
      visibleTitles.push(post.urlTitle);
    }
    await insertPost(t.db.db, { urlTitle: 'hidden-post', isHide: true, postedAt: new Date(now - DAY) });
    await insertPost(t.db.db, { urlTitle: 'future-post', postedAt: new Date(now + DAY) });
  });
  afterAll(() => t.close());

  async function getPage(query: string): Promise<PostList> {
    const response = await t.app.inject({ url: `/api/v1/posts${query}` });
    expect(response.statusCode).toBe(200);
    return postListSchema.parse(response.json());
  }

  it('pages through every visible post newest first with limit and nextId', async () => {
    const seen: string[] = [];
    let page = await getPage('?limit=3');
    expect(page).toMatchObject({ totalElements: 7, totalPages: 3, hasNextPage: true });
    seen.push(...page.postPayloads.map((post) => post.urlTitle));
    while (page.hasNextPage) {
      page = await getPage(`?limit=3&nextId=${page.nextId}`);
      seen.push(...page.postPayloads.map((post) => post.urlTitle));
    }
    expect(page.nextId).toBeNull();
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    // Newest first; the two posted at the same moment come highest id first.
    expect(seen).toEqual(['visible-6', 'visible-5', 'visible-4', 'visible-3', 'visible-2', 'visible-1', 'visible-0']);
  });

  it('never serves hidden or future-dated posts', async () => {
    const page = await getPage('?limit=50');
    const titles = page.postPayloads.map((post) => post.urlTitle);
    expect(titles).not.toContain('hidden-post');
    expect(titles).not.toContain('future-post');
    for (const urlTitle of ['hidden-post', 'future-post']) {
      const response = await t.app.inject({ url: `/api/v1/posts/names/${urlTitle}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().errors[0].code).toBe('NOT_FOUND');
    }
  });

  it('answers a post by urlTitle with every field of the spec', async () => {
    const response = await t.app.inject({ url: '/api/v1/posts/names/visible-2' });
    expect(response.statusCode).toBe(200);
    const post = postSchema.parse(response.json());
    expect(Object.keys(response.json()).sort()).toEqual(
      [
        'author',
        'content',
        'createdAt',
        'description',
        'id',
        'isHide',
        'postedAt',
        'readTime',
        'subTitle',
        'thumbnail',
        'title',
        'urlTitle',
      ].sort(),
    );
    expect(post).toMatchObject({ title: 'Visible 2', urlTitle: 'visible-2', isHide: false, readTime: 1 });
    expect(post.description).toBe(describePost(post.content));
    expect(post.author).toMatchObject({ name: 'Moa editors', image: null });
  });

  it('stores content sanitized, with the read time of what remains', async () => {
    const words = Array.from({ length: 450 }, (_, i) => `w${i}`).join(' ');
    const created = await insertPost(t.db.db, {
      urlTitle: 'with-payload',
      content: `<p onclick="steal()">${words}</p><script>${words}</script><a href="javascript:alert(1)">x</a>`,
    });
    const response = await t.app.inject({ url: '/api/v1/posts/names/with-payload' });
    const post = postSchema.parse(response.json());
    expect(post.id).toBe(created.id);
    expect(post.content).not.toMatch(/script|onclick|javascript:/i);
    expect(post.readTime).toBe(3);
  });

  it('answers NOT_FOUND for an unknown urlTitle and for a cursor that names no visible post', async () => {
    const unknown = await t.app.inject({ url: '/api/v1/posts/names/no-such-post' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0]).toMatchObject({ code: 'NOT_FOUND' });
    const hidden = (
      await t.app.db.selectFrom('posts').select('id').where('url_title', '=', 'hidden-post').executeTakeFirstOrThrow()
    ).id;
    const cursor = await t.app.inject({ url: `/api/v1/posts?nextId=${hidden}` });
    expect(cursor.statusCode).toBe(404);
    expect(cursor.json().errors[0].code).toBe('NOT_FOUND');
  });

  it.each(['?limit=0', '?limit=51', '?limit=abc', '?limit=2.5', '?nextId=-1', '?nextId=x'])(
    'refuses %s with VALIDATION_FAILED',
    async (query) => {
      const response = await t.app.inject({ url: `/api/v1/posts${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].code).toBe('VALIDATION_FAILED');
    },
  );

  it('refuses a malformed urlTitle with VALIDATION_FAILED', async () => {
    const response = await t.app.inject({ url: '/api/v1/posts/names/Not%20A%20Slug' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].code).toBe('VALIDATION_FAILED');
  });

  it('lists published posts in the sitemap, and robots.txt points at it', async () => {
    // The origin comes from PUBLIC_URL; the Host header of the request is ignored.
    const sitemap = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'attacker.example' } });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>http://moa.test/blog/visible-0</loc>');
    expect(sitemap.body).toContain('<loc>http://moa.test/faq</loc>');
    expect(sitemap.body).toContain('<loc>http://moa.test/about/hanwoo</loc>');
    expect(sitemap.body).not.toContain('hidden-post');
    expect(sitemap.body).not.toContain('future-post');
    const robots = await t.app.inject({ url: '/robots.txt', headers: { host: 'attacker.example' } });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: http://moa.test/sitemap.xml');
    expect(robots.body).toContain('Disallow: /account/');
  });

  it('describes a post by its stripped content', async () => {
    const post = postSchema.parse((await t.app.inject({ url: '/api/v1/posts/names/visible-1' })).json());
    expect(describePost(post.content)).toBe('What we saw this month on the farm, in the studio and in the kitchen.');
    expect(visibleTitles).toContain(post.urlTitle);
  });
});
