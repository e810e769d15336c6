import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describePost } from '../../src/domain/post-text';
import { insertPost } from '../../server/modules/posts/factories';
import { createTestApp, type TestApp } from '../helpers/app';

/** A small client build of the same shape Vite writes, so these tests need no build. */
function writeFakeBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'moa-dist-'));
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, 'icons'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Moa shell</title><div id="root"></div>');
  writeFileSync(path.join(root, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(path.join(root, 'manifest.webmanifest'), '{"name":"Moa"}');
  writeFileSync(path.join(root, 'assets', 'index-AbC123.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'assets', 'index-AbC123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(path.join(root, 'icons', 'icon-192.png'), 'png');
  return root;
}

describe('serving the built client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      SERVE_CLIENT: 'true',
      RENDER_PAGES: 'false',
      CLIENT_DIST_DIR: writeFakeBuild(),
    });
  });
  afterAll(() => t.close());

  it('serves hashed assets as immutable', async () => {
    const response = await t.app.inject({ url: '/assets/index-AbC123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the pre-compressed copy a browser accepts, and the plain file otherwise', async () => {
    const br = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await t.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it.each(['/', '/index.html', '/sw.js', '/manifest.webmanifest'])('never lets the browser cache %s', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('serves the manifest with its media type and lets the worker control the whole origin', async () => {
    expect((await t.app.inject({ url: '/manifest.webmanifest' })).headers['content-type']).toContain(
      'application/manifest+json',
    );
    expect((await t.app.inject({ url: '/sw.js' })).headers['service-worker-allowed']).toBe('/');
  });

  it.each(['/projects', '/projects/', '/blog', '/account/overview', '/projects/7', '/governance/notice/7/3'])(
    'answers the page %s with the app shell',
    async (url) => {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('Moa shell');
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it.each(['/no/such/page', '/projects/7/extra', '/account/nothing', '/invest/x/y'])(
    'answers the unknown address %s with the app shell and status 404',
    async (url) => {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('Moa shell');
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it('answers an unknown address with 404 over a real socket, and a known one with 200', async () => {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const unknown = await fetch(`${origin}/no/such/page`, { headers: { accept: 'text/html' } });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('text/html');
    expect(await unknown.text()).toContain('Moa shell');
    const known = await fetch(`${origin}/privacy-policy/`, { headers: { accept: 'text/html' } });
    expect(known.status).toBe(200);
    expect(await known.text()).toContain('Moa shell');
  });

  it.each([
    ['/legal/privacy-policy', '/privacy-policy/'],
    ['/legal/terms-of-service/', '/terms-of-service/'],
    ['/legal/terms-of-service?lang=ko', '/terms-of-service/?lang=ko'],
  ])('sends the old address %s on to the one page, %s, for good', async (url, location) => {
    const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(location);
    expect(response.body).not.toContain('Moa shell');
  });

  it('never answers /api with the shell', async () => {
    const response = await t.app.inject({ url: '/api/v1/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: [{ code: 'NOT_FOUND', message: 'No route for GET /api/v1/unknown.' }] });
  });

  it('a missing file is a 404, not the shell', async () => {
    const response = await t.app.inject({ url: '/assets/index-Gone99.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Moa shell');
  });

  it('a POST to a page path is a JSON 404', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/projects' });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].code).toBe('NOT_FOUND');
  });
});

describe('a blog post asked for directly', () => {
  let t: TestApp;
  beforeAll(async () => {
    const root = writeFakeBuild();
    writeFileSync(
      path.join(root, 'index.html'),
      '<!doctype html><html><head><title>Moa shell</title>\n<meta\n  name="description"\n  content="generic"\n/></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp('sqlite', {
      RENDER_PAGES: 'false',
      SERVE_CLIENT: 'true',
      CLIENT_DIST_DIR: root,
      PUBLIC_URL: 'https://moa.example/',
    });
    await insertPost(t.db.db, {
      title: 'Kimchi & "jang" <b>$1</b>',
      urlTitle: 'kimchi-and-jang',
      content: `<h2>Why</h2><p>${'발효 '.repeat(100)}</p><script>x</script>`,
      thumbnail: '/demo/blog/k-food-brands.svg',
    });
    await insertPost(t.db.db, { urlTitle: 'secret-draft', isHide: true });
  });
  afterAll(() => t.close());

  it('carries its title, description, canonical link and preview tags in the HTML', async () => {
    const response = await t.app.inject({ url: '/blog/kimchi-and-jang' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    const title = 'Kimchi &#38; &#34;jang&#34; &#60;b&#62;$1&#60;/b&#62;';
    const description = describePost(`<h2>Why</h2><p>${'발효 '.repeat(100)}</p>`);
    expect(html).toContain(`<title>${title} · Moa</title>`);
    expect(html).toContain(`<meta name="description" content="${description}" />`);
    expect(html).not.toContain('generic');
    expect(html).toContain('<link rel="canonical" href="https://moa.example/blog/kimchi-and-jang" />');
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html).toContain(`<meta property="og:description" content="${description}" />`);
    expect(html).toContain('<meta property="og:image" content="https://moa.example/demo/blog/k-food-brands.svg" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<div id="root"></div>');
  });

  it('takes its description from the one stored with the post, not from the content on each request', async () => {
    const post = await insertPost(t.db.db, { urlTitle: 'stored-head' });
    await t.db.db
      .updateTable('posts')
      .set({ description: 'Stored with the post.' })
      .where('id', '=', post.id)
      .execute();
    const html = (await t.app.inject({ url: '/blog/stored-head' })).body;
    expect(html).toContain('<meta name="description" content="Stored with the post." />');
    expect(html).toContain('<meta property="og:description" content="Stored with the post." />');
  });

  it.each(['/blog/no-such-post', '/blog/secret-draft', '/blog/Bad%20Title'])(
    'answers %s with the generic shell as a 404',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<title>Moa shell</title>');
      expect(response.body).not.toContain('og:title');
    },
  );
});
