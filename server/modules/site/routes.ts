import type { FastifyPluginAsync } from 'fastify';
import { aboutProducts } from '../../../src/domain/about';
import { listSitemapPosts } from '../posts/service';
import { escapeXml, publicOrigin } from './origin';

/** Public pages a crawler should know about; guarded and sign-in pages are left out. */
export const SITEMAP_PAGES = [
  '/',
  '/landing',
  '/projects',
  '/blog/',
  '/faq',
  '/contact-us/',
  '/about/moa',
  '/about/infrastructure',
  '/disclaimers/',
  '/privacy-policy/',
  '/terms-of-service/',
];

/** /sitemap.xml (every public page and every published post) and /robots.txt. */
export const siteRoutes: FastifyPluginAsync = async (app) => {
  app.get('/sitemap.xml', async (_request, reply) => {
    const origin = publicOrigin(app.ctx.config.publicUrl);
    const posts = await listSitemapPosts(app.ctx);
    const pages = [...SITEMAP_PAGES, ...aboutProducts.map((slug) => `/about/${slug}`)];
    const unique = [...new Set(pages)];
    const entries = [
      ...unique.map((page) => `  <url><loc>${escapeXml(origin + page)}</loc></url>`),
      ...posts.map(
        (post) =>
          `  <url><loc>${escapeXml(`${origin}/blog/${encodeURIComponent(post.urlTitle)}`)}</loc><lastmod>${escapeXml(post.postedAt)}</lastmod></url>`,
      ),
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`,
      );
  });

  app.get('/robots.txt', async (_request, reply) => {
    const origin = publicOrigin(app.ctx.config.publicUrl);
    const lines = [
      'User-agent: *',
      'Allow: /',
      // Personal and transactional pages are behind sign-in; there is nothing there to index.
      'Disallow: /api/',
      'Disallow: /account/',
      'Disallow: /auth/',
      'Disallow: /invest/',
      'Disallow: /claim-gift/',
      'Disallow: /governance/',
      'Disallow: /white-list/',
      'Disallow: /dev/',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });
};
