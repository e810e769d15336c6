import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  operatorPostListSchema,
  operatorPostSchema,
  postPreviewSchema,
  type OperatorPost,
  type PostEdit,
} from '../../src/domain/operator-posts';
import { postListSchema } from '../../src/domain/posts';
import { postCommands } from '../../server/cli/post-commands';
import { insertPost } from '../../server/modules/posts/factories';
import { changeUserRole } from '../../server/modules/users/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock, errorCode } from '../helpers/auth';
import { testEngines } from '../helpers/db';
import { sampleFiles } from '../helpers/kyc';
import { createInvestor, type Investor } from '../helpers/orders';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const META = { ip: 'operator', userAgent: 'test operator' };
const HOUR = 60 * 60_000;

/** A client build of the shape Vite writes, so the server-written post pages need no build. */
function writeFakeBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'moa-dist-'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><title>Moa shell</title></head><body><div id="root"></div></body></html>',
  );
  return root;
}

function uploadBody(bytes: Buffer, type = 'image/png') {
  const boundary = '----moa-post-image';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="thumb"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testEngines())('the operator console Blog screen on %s', (engine) => {
  let t: TestApp;
  const clock = createClock(Date.parse('2026-11-25T09:00:00.000Z'));
  let admin: Investor;
  let seller: Investor;
  let investor: Investor;
  let seq = 0;

  async function staff(role: 'ADMIN' | 'SELLER'): Promise<Investor> {
    const person = await createInvestor(t.app, `poststaff${(seq += 1)}@example.com`, { approve: false });
    await changeUserRole(t.app.ctx, person.userId, role, META);
    return person;
  }

  const send = (who: Investor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const edit = (overrides: Partial<PostEdit> = {}): PostEdit => ({
    title: 'Harvest notes',
    urlTitle: `harvest-notes-${(seq += 1)}`,
    description: 'What the autumn harvest means for holders of the rice project.',
    markdown: '## The harvest\n\nThe rice is **in**, and the [report](https://example.com/report) is out.',
    thumbnail: null,
    publish: { mode: 'NOW' },
    ...overrides,
  });

  async function create(overrides: Partial<PostEdit> = {}): Promise<OperatorPost> {
    const response = await send(admin, 'POST', '/api/v1/operator/posts', edit(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return operatorPostSchema.parse(response.json());
  }

  async function auditOf(postId: number) {
    const rows = await t.app.ctx.db
      .selectFrom('audit_events')
      .select(['type', 'actor', 'user_id', 'detail'])
      .where('type', 'like', 'POST_%')
      .orderBy('created_at')
      .execute();
    return rows
      .map((row) => ({ ...row, detail: JSON.parse(row.detail ?? '{}') as Record<string, string> }))
      .filter((row) => row.detail.postId === String(postId));
  }

  /** What every public read path says about a post: API list, API detail, sitemap, server page. */
  async function publicView(urlTitle: string) {
    const list = postListSchema.parse((await t.app.inject({ url: '/api/v1/posts?limit=50' })).json());
    const detail = await t.app.inject({ url: `/api/v1/posts/names/${urlTitle}` });
    const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
    const page = await t.app.inject({ url: `/blog/${urlTitle}` });
    return {
      inList: list.postPayloads.some((post) => post.urlTitle === urlTitle),
      counted: list.totalElements,
      detail: detail.statusCode,
      inSitemap: sitemap.includes(`/blog/${urlTitle}<`),
      page: page.statusCode,
      pageHasHead: page.body.includes(`/blog/${urlTitle}"`),
    };
  }
  const VISIBLE = { inList: true, detail: 200, inSitemap: true, page: 200, pageHasHead: true };
  const INVISIBLE = { inList: false, detail: 404, inSitemap: false, page: 404, pageHasHead: false };

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      {
        RATE_LIMIT_MAX: '1000000',
        ORDER_EXPIRY_SWEEP_SECONDS: '0',
        APPROVAL_EXPIRY_SWEEP_SECONDS: '0',
        PUBLIC_URL: 'https://moa.example',
        SERVE_CLIENT: 'true',
        RENDER_PAGES: 'false',
        CLIENT_DIST_DIR: writeFakeBuild(),
      },
      undefined,
      { now: clock.now },
    );
    admin = await staff('ADMIN');
    seller = await staff('SELLER');
    investor = await createInvestor(t.app, 'post-reader@example.com');
    // A post written as HTML, as the demo seed writes them.
    await insertPost(t.db.db, {
      urlTitle: 'seeded-post',
      content: '<p>Written before the console.</p>',
      postedAt: new Date(clock.ms - 24 * HOUR),
    });
  });
  afterAll(() => t.close());

  it('refuses every call to anyone but an admin with ROLE_REQUIRED, keeping the session', async () => {
    const calls: Array<['GET' | 'POST' | 'PUT', string, unknown]> = [
      ['GET', '/api/v1/operator/posts', undefined],
      ['GET', '/api/v1/operator/posts/1', undefined],
      ['POST', '/api/v1/operator/posts', edit()],
      ['PUT', '/api/v1/operator/posts/1', edit()],
      ['POST', '/api/v1/operator/posts/1/hide', {}],
      ['POST', '/api/v1/operator/posts/1/show', {}],
      ['POST', '/api/v1/operator/posts/preview', { markdown: 'x' }],
    ];
    for (const who of [investor, seller]) {
      for (const [method, url, payload] of calls) {
        const refused = await send(who, method, url, payload);
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(errorCode(refused)).toBe('ROLE_REQUIRED');
      }
      const upload = await t.app.inject({
        method: 'POST',
        url: '/api/v1/operator/posts/images',
        ...uploadBody(sampleFiles.png),
        headers: { ...who.headers, ...uploadBody(sampleFiles.png).headers },
      });
      expect(upload.statusCode).toBe(403);
      expect(errorCode(upload)).toBe('ROLE_REQUIRED');
      expect((await t.app.inject({ url: '/api/v1/users/me', headers: who.headers })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ url: '/api/v1/operator/posts' })).statusCode).toBe(401);
  });

  it('refuses titles, descriptions, addresses, Markdown and dates that break the rules, field by field', async () => {
    const cases: Array<[Partial<PostEdit> | Record<string, unknown>, string]> = [
      [{ title: '   ' }, 'body.title'],
      [{ title: 'x'.repeat(201) }, 'body.title'],
      [{ title: 'Bad <b>title</b>' }, 'body.title'],
      [{ description: '' }, 'body.description'],
      [{ description: 'y'.repeat(301) }, 'body.description'],
      [{ urlTitle: 'Not A Slug' }, 'body.urlTitle'],
      [{ urlTitle: 'double--hyphen' }, 'body.urlTitle'],
      [{ markdown: '  \n ' }, 'body.markdown'],
      [{ publish: { mode: 'AT', at: 'tomorrow' } }, 'body.publish'],
      [{ publish: { mode: 'LATER' } }, 'body.publish'],
      [{ thumbnail: 'https://evil.example/x.png' }, 'body.thumbnail'],
      [{ thumbnail: '/api/v1/posts/images/../../secrets' }, 'body.thumbnail'],
    ];
    for (const [overrides, field] of cases) {
      const refused = await send(admin, 'POST', '/api/v1/operator/posts', { ...edit(), ...overrides });
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(errorCode(refused)).toBe('VALIDATION_FAILED');
      expect(refused.json().errors[0].message).toContain(field);
    }
    // A well-formed address of an image that was never uploaded.
    const unknownImage = await send(admin, 'POST', '/api/v1/operator/posts', {
      ...edit(),
      thumbnail: '/api/v1/posts/images/00000000-0000-4000-8000-000000000000.png',
    });
    expect(unknownImage.statusCode).toBe(400);
    expect(unknownImage.json().errors[0].message).toContain('body.thumbnail');
    expect(
      (await t.app.ctx.db.selectFrom('posts').select('id').where('title', '=', 'Bad <b>title</b>').execute()).length,
    ).toBe(0);
  });

  it('sanitizes Markdown exactly as posts are sanitized: no scripts, frames or javascript: links', async () => {
    const markdown = [
      '# Heading',
      '',
      'Text with <script>alert(1)</script> inside and [a trap](javascript:alert(1)) and [fine](https://example.com).',
      '',
      '<iframe src="https://evil.example"></iframe>',
      '',
      '<img src="x" onerror="alert(1)"> <a href="JaVaScRiPt:alert(2)">two</a> ![pic](data:image/png;base64,AAAA)',
      '',
      '<script>',
      '',
      'document.cookie',
      '',
      '</script>',
    ].join('\n');
    const preview = await send(admin, 'POST', '/api/v1/operator/posts/preview', { markdown });
    expect(preview.statusCode, preview.body).toBe(200);
    const { html } = postPreviewSchema.parse(preview.json());
    const post = await create({ markdown });
    for (const stored of [html, post.content]) {
      expect(stored).not.toMatch(/<script|<iframe|javascript:|onerror|data:image|document\.cookie/i);
      expect(stored).toContain('<h2>Heading</h2>');
      expect(stored).toContain('<a href="https://example.com" rel="noopener noreferrer" target="_blank">fine</a>');
    }
    // The preview is what saving stores.
    expect(post.content).toBe(html);
    expect(post.markdown).toBe(markdown);
    const detail = await t.app.inject({ url: `/api/v1/posts/names/${post.urlTitle}` });
    expect(detail.json().content).toBe(html);
  });

  it('keeps a scheduled post out of every public path until its time, then shows it', async () => {
    const before = await publicView('seeded-post');
    expect(before).toMatchObject(VISIBLE);
    const at = new Date(clock.ms + 2 * HOUR).toISOString();
    const post = await create({ urlTitle: 'scheduled-post', publish: { mode: 'AT', at } });
    expect(post).toMatchObject({ state: 'SCHEDULED', postedAt: at, isDraft: false });

    const waiting = await publicView('scheduled-post');
    expect(waiting).toMatchObject(INVISIBLE);
    expect(waiting.counted).toBe(before.counted);

    clock.advance(HOUR);
    expect(await publicView('scheduled-post')).toMatchObject(INVISIBLE);
    const list = operatorPostListSchema.parse((await send(admin, 'GET', '/api/v1/operator/posts')).json());
    expect(list.posts.find((row) => row.id === post.id)?.state).toBe('SCHEDULED');

    clock.advance(HOUR + 1000);
    const shown = await publicView('scheduled-post');
    expect(shown).toMatchObject(VISIBLE);
    expect(shown.counted).toBe(before.counted + 1);
    const read = operatorPostSchema.parse((await send(admin, 'GET', `/api/v1/operator/posts/${post.id}`)).json());
    expect(read.state).toBe('PUBLISHED');
  });

  it('keeps a draft away from readers whatever its date, and publishes it when asked', async () => {
    const draft = await create({ urlTitle: 'a-draft', publish: { mode: 'DRAFT' } });
    expect(draft.state).toBe('DRAFT');
    expect(await publicView('a-draft')).toMatchObject(INVISIBLE);

    const published = await send(admin, 'PUT', `/api/v1/operator/posts/${draft.id}`, {
      ...edit({ urlTitle: 'a-draft', title: 'A draft no more' }),
      publish: { mode: 'NOW' },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(operatorPostSchema.parse(published.json())).toMatchObject({ state: 'PUBLISHED', title: 'A draft no more' });
    expect(await publicView('a-draft')).toMatchObject(VISIBLE);
  });

  it('hides and shows a post on every public path, and refuses to do either twice', async () => {
    const post = await create({ urlTitle: 'to-hide' });
    expect(await publicView('to-hide')).toMatchObject(VISIBLE);

    const hidden = await send(admin, 'POST', `/api/v1/operator/posts/${post.id}/hide`, {});
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(operatorPostSchema.parse(hidden.json()).state).toBe('HIDDEN');
    expect(await publicView('to-hide')).toMatchObject(INVISIBLE);
    const again = await send(admin, 'POST', `/api/v1/operator/posts/${post.id}/hide`, {});
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('CONFLICT');

    const shown = await send(admin, 'POST', `/api/v1/operator/posts/${post.id}/show`, {});
    expect(operatorPostSchema.parse(shown.json()).state).toBe('PUBLISHED');
    expect(await publicView('to-hide')).toMatchObject(VISIBLE);

    const missing = await send(admin, 'POST', '/api/v1/operator/posts/999999/hide', {});
    expect(missing.statusCode).toBe(404);
    expect(errorCode(missing)).toBe('NOT_FOUND');
  });

  it('refuses a URL title another post has, on create and on edit, with a clear error', async () => {
    const first = await create({ urlTitle: 'only-one' });
    const second = await create({ urlTitle: 'the-other' });
    const taken = await send(admin, 'POST', '/api/v1/operator/posts', edit({ urlTitle: 'only-one' }));
    expect(taken.statusCode).toBe(409);
    expect(errorCode(taken)).toBe('CONFLICT');
    expect(taken.json().errors[0].message).toContain('/blog/only-one');
    const renamed = await send(admin, 'PUT', `/api/v1/operator/posts/${second.id}`, edit({ urlTitle: 'seeded-post' }));
    expect(renamed.statusCode).toBe(409);
    // Keeping its own address is no clash.
    const same = await send(admin, 'PUT', `/api/v1/operator/posts/${first.id}`, edit({ urlTitle: 'only-one' }));
    expect(same.statusCode, same.body).toBe(200);
  });

  it('lists every post with its state and opens an older HTML post in the editor', async () => {
    await create({ urlTitle: 'listed-draft', publish: { mode: 'DRAFT' } });
    const toHide = await create({ urlTitle: 'listed-hidden' });
    await send(admin, 'POST', `/api/v1/operator/posts/${toHide.id}/hide`, {});
    await create({ urlTitle: 'listed-later', publish: { mode: 'AT', at: new Date(clock.ms + HOUR).toISOString() } });
    const list = operatorPostListSchema.parse((await send(admin, 'GET', '/api/v1/operator/posts')).json());
    expect(new Set(list.posts.map((post) => post.state))).toEqual(
      new Set(['PUBLISHED', 'DRAFT', 'HIDDEN', 'SCHEDULED']),
    );
    const seeded = list.posts.find((post) => post.urlTitle === 'seeded-post')!;
    const opened = operatorPostSchema.parse((await send(admin, 'GET', `/api/v1/operator/posts/${seeded.id}`)).json());
    expect(opened.markdown).toBe('<p>Written before the console.</p>');
    // Saved back unchanged, it reads the same.
    const saved = await send(admin, 'PUT', `/api/v1/operator/posts/${seeded.id}`, {
      title: opened.title,
      urlTitle: opened.urlTitle,
      description: opened.subTitle,
      markdown: opened.markdown,
      thumbnail: opened.thumbnail,
      publish: { mode: 'AT', at: opened.postedAt },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(operatorPostSchema.parse(saved.json())).toMatchObject({
      content: '<p>Written before the console.</p>',
      postedAt: opened.postedAt,
      state: 'PUBLISHED',
    });
  });

  it('takes a thumbnail only when its content is an image, and serves it to readers', async () => {
    const upload = async (bytes: Buffer, type?: string) => {
      const body = uploadBody(bytes, type);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/operator/posts/images',
        payload: body.payload,
        headers: { ...admin.headers, ...body.headers },
      });
    };
    for (const bytes of [sampleFiles.pdf, sampleFiles.text]) {
      const refused = await upload(bytes, 'image/png');
      expect(refused.statusCode).toBe(415);
      expect(errorCode(refused)).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const accepted = await upload(sampleFiles.png);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const { url } = accepted.json() as { url: string };
    expect(url).toMatch(/^\/api\/v1\/posts\/images\/[0-9a-f-]{36}\.png$/);
    const image = await t.app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(sampleFiles.png)).toBe(true);

    const post = await create({ urlTitle: 'with-thumbnail', thumbnail: url });
    expect(post.thumbnail).toBe(url);
    const page = await t.app.inject({ url: '/blog/with-thumbnail' });
    expect(page.body).toContain(`<meta property="og:image" content="https://moa.example${url}" />`);
  });

  it('audits every change in the same transaction, naming the admin', async () => {
    const post = await create({ urlTitle: 'audited', publish: { mode: 'DRAFT' } });
    clock.advance(1000);
    await send(admin, 'PUT', `/api/v1/operator/posts/${post.id}`, edit({ urlTitle: 'audited-again', title: 'New' }));
    clock.advance(1000);
    await send(admin, 'POST', `/api/v1/operator/posts/${post.id}/hide`, {});
    clock.advance(1000);
    await send(admin, 'POST', `/api/v1/operator/posts/${post.id}/show`, {});
    const events = await auditOf(post.id);
    expect(events.map((event) => event.type)).toEqual(['POST_CREATED', 'POST_EDITED', 'POST_HIDDEN', 'POST_SHOWN']);
    for (const event of events) {
      expect(event).toMatchObject({ actor: 'operator', user_id: admin.userId });
      expect(event.detail.operator).toBe(`operator:${admin.email}`);
    }
    expect(events[0]!.detail).toMatchObject({ urlTitle: 'audited', publish: 'draft' });
    expect(events[1]!.detail).toMatchObject({ urlTitle: 'audited-again', previousUrlTitle: 'audited' });
    expect(events[1]!.detail.changed).toContain('title');

    // A refused change leaves neither the change nor an audit entry.
    const clash = await send(admin, 'PUT', `/api/v1/operator/posts/${post.id}`, edit({ urlTitle: 'seeded-post' }));
    expect(clash.statusCode).toBe(409);
    expect(await auditOf(post.id)).toHaveLength(4);
  });

  it('hides and shows from the command line through the same service, audited', async () => {
    const post = await create({ urlTitle: 'from-the-shell' });
    clock.advance(1000);
    const hid = await postCommands['post:hide']!.run(t.app.ctx, [String(post.id), '--as', admin.email]);
    expect(hid).toContain('/blog/from-the-shell');
    expect(await publicView('from-the-shell')).toMatchObject(INVISIBLE);
    const listed = await postCommands['post:list']!.run(t.app.ctx, []);
    expect(listed).toContain(`${post.id}  HIDDEN`);
    clock.advance(1000);
    await postCommands['post:show']!.run(t.app.ctx, [String(post.id)]);
    expect(await publicView('from-the-shell')).toMatchObject(VISIBLE);
    await expect(postCommands['post:hide']!.run(t.app.ctx, ['nope'])).rejects.toThrow('not a post id');
    const events = await auditOf(post.id);
    expect(events.map((event) => [event.type, event.user_id])).toEqual([
      ['POST_CREATED', admin.userId],
      ['POST_HIDDEN', admin.userId],
      ['POST_SHOWN', null],
    ]);
  });
});
