import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { sendNotFound } from './error-handler';
import { NO_STORE } from './presets';
import { isPagePath, movedPageOf } from '../../src/domain/page-paths';
import { urlTitleSchema } from '../../src/domain/posts';
import { renderPostShell } from '../modules/posts/page-head';
import { findPostByUrlTitle } from '../modules/posts/service';
import { publicOrigin } from '../modules/site/origin';
import { createPageRenderer } from '../modules/site/page-renderer';

/** Files the browser must ask for every time, so a new release is picked up at once. */
const NEVER_CACHED = new Set(['/index.html', '/sw.js', '/manifest.webmanifest']);
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export function cacheControlFor(urlPath: string): string {
  if (NEVER_CACHED.has(urlPath)) return NO_STORE;
  if (urlPath.startsWith('/assets/')) return IMMUTABLE;
  return 'public, max-age=3600';
}

/**
 * Serves the built PWA from the same process and port as the API. Unknown paths that look
 * like pages get the app shell with status 404 (the client router renders its not-found page);
 * unknown /api paths and missing files get the JSON 404.
 */
async function staticClientPlugin(
  app: FastifyInstance,
  options: { root: string; publicUrl: string; pageRenderer: string | null; renderSignedIn: boolean },
): Promise<void> {
  const indexFile = path.join(options.root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ root: options.root }, 'client build not found; serving the API only');
    app.setNotFoundHandler((request, reply) =>
      sendNotFound(reply, `No route for ${request.method} ${request.url.split('?')[0]}.`),
    );
    return;
  }
  const shell = readFileSync(indexFile, 'utf8');
  const renderPage = options.pageRenderer
    ? createPageRenderer(app, options.pageRenderer, { renderSignedIn: options.renderSignedIn })
    : null;
  const sendHtml = (reply: FastifyReply, html: string | Buffer, status = 200) =>
    reply.status(status).header('Cache-Control', NO_STORE).type('text/html; charset=utf-8').send(html);
  /** An address that is no page (or no post): the shell, whose router shows its not-found page, as a 404. */
  const sendNotFoundPage = (reply: FastifyReply) => sendHtml(reply, shell, 404);
  /**
   * A page: its first paint rendered in when it is a public one (see page-renderer.ts), else the
   * bare shell. A rendered page arrives compressed for the visitor and is sent as it is (the
   * compression plugin leaves an answer with its Content-Encoding alone).
   */
  const sendShell = async (reply: FastifyReply, html = shell) => {
    const page = renderPage && reply.request.method === 'GET' ? await renderPage(reply.request, html) : null;
    if (!page) return sendHtml(reply, html);
    if (page.encoding === null) return sendHtml(reply, page.body);
    reply.header('Content-Encoding', page.encoding).header('Vary', 'accept-encoding');
    return sendHtml(reply, Buffer.from(page.body.buffer, page.body.byteOffset, page.body.byteLength));
  };

  await app.register(fastifyStatic, {
    root: options.root,
    // No route per file: the build has hundreds, and a route each (twice, with HEAD) cost the
    // process some 30 MiB for its whole life. Files are sent by the one page-or-file route below.
    serve: false,
    index: false,
    cacheControl: false,
    // The build ships .br and .gz copies; the best one the browser accepts is sent as is.
    preCompressed: true,
    etag: true,
    lastModified: true,
    // @fastify/static 10 hands the Fastify reply to setHeaders.
    setHeaders: (reply: FastifyReply, filePath: string) => {
      const urlPath = `/${path.relative(options.root, filePath).split(path.sep).join('/')}`;
      reply.header('Cache-Control', cacheControlFor(urlPath));
      if (urlPath === '/sw.js') reply.header('Service-Worker-Allowed', '/');
    },
  });
  app.get('/', (_request, reply) => sendShell(reply));

  // A post asked for directly (a shared link, a crawler) gets its own title, description and
  // preview tags in the HTML; an unknown or unpublished post gets the generic shell as a 404 and
  // the client shows its not-found page.
  app.get<{ Params: { urlTitle: string } }>('/blog/:urlTitle', async (request, reply) => {
    // `/blog/` reaches this route with an empty title: it is the blog's own page.
    if (request.params.urlTitle === '') return sendShell(reply);
    const urlTitle = urlTitleSchema.safeParse(request.params.urlTitle);
    if (!urlTitle.success) return sendNotFoundPage(reply);
    const post = await findPostByUrlTitle(app.ctx, urlTitle.data);
    if (!post) return sendNotFoundPage(reply);
    return sendShell(reply, renderPostShell(shell, post, publicOrigin(options.publicUrl)));
  });

  const answerNotFound = (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    return sendNotFound(
      reply,
      urlPath.startsWith('/api') ? `No route for ${request.method} ${urlPath}.` : 'No such file.',
    );
  };
  const isApi = (urlPath: string) => urlPath.startsWith('/api/') || urlPath === '/api';
  const isFile = (urlPath: string) => /\.[a-z0-9]+$/i.test(urlPath);

  // A file of the build (sent as is, or its .br/.gz copy when the browser accepts one; a missing
  // one is the JSON 404), else an address that looks like a page gets the app: a page of the
  // client's route table (src/domain/page-paths.ts) with 200, any other with 404 (the client
  // router renders its not-found page). A route of its own, not the not-found handler, so the
  // answer is compressed like any other.
  app.get('/*', (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (isApi(urlPath)) return answerNotFound(request, reply);
    const moved = movedPageOf(urlPath);
    if (moved) return reply.redirect(`${moved}${request.url.slice(urlPath.length)}`, 301);
    if (!isFile(urlPath)) return isPagePath(urlPath) ? sendShell(reply) : sendNotFoundPage(reply);
    let file: string;
    try {
      file = decodeURIComponent(urlPath).slice(1);
    } catch {
      return answerNotFound(request, reply);
    }
    // Only names inside the build: no parent folders, no hidden files.
    if (file.split('/').some((part) => part === '..' || part.startsWith('.')) || file.includes('\0')) {
      return answerNotFound(request, reply);
    }
    return reply.sendFile(file);
  });
  app.setNotFoundHandler(answerNotFound);
}

export default fp(staticClientPlugin, { name: 'static-client' });
