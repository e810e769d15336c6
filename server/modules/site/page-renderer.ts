import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  LANGUAGE_COOKIE,
  languageFromAcceptLanguage,
  languageSchema,
  type Language,
} from '../../../src/domain/language';
import { loadPostSanitizer } from '../posts/sanitize';
import { escapeHtml } from './origin';
import { ACCESS_TOKEN_COOKIE } from '../../../src/domain/auth';
import { PAGE_DATA_ID, type PrerenderedPage } from '../../../src/domain/page';

interface RendererModule {
  prerender(
    href: string,
    options: { locale: Language; fetch: typeof fetch; sanitizePostHtml: (html: string) => string },
  ): Promise<PrerenderedPage | null>;
}

export type RenderPage = (request: FastifyRequest, shell: string) => Promise<string | null>;

/** JSON inside <script>: nothing in it may close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The device's chosen language (the app mirrors it into a cookie), else the browser's, else English. */
function pageLanguage(request: FastifyRequest): Language {
  const chosen = languageSchema.safeParse(request.cookies?.[LANGUAGE_COOKIE]);
  if (chosen.success) return chosen.data;
  return languageFromAcceptLanguage(request.headers['accept-language']) ?? 'en';
}

/** Puts a rendered page into the app shell: its first paint in the root, its data and its head. */
export function fillShell(shell: string, page: PrerenderedPage, language: Language): string {
  let html = shell.replace(
    '<div id="root"></div>',
    `<div id="root">${page.html}</div>` +
      `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(page.state)}</script>`,
  );
  // The app is fetched and started after this page has painted (public/start-after-paint.js), so
  // nothing the page shows waits behind its modules.
  const modules: string[] = [];
  html = html
    .replace(/\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g, (_tag, href: string) => {
      modules.push(href);
      return '';
    })
    .replace(
      /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/,
      (_tag, entry: string) =>
        `<script type="module" src="/start-after-paint.js" data-app="${entry}" data-modules="${modules.join(' ')}"></script>`,
    );
  html = html.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
  if (page.title) html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  if (page.description) {
    html = html.replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(page.description)}" />`,
    );
  }
  return html;
}

/**
 * Public pages asked for without a session are answered with their first paint in the HTML, so
 * a phone paints the page (and starts its images) before any script has run; the app then takes
 * over in place (src/lib/prerendered.ts). The renderer is the app itself, built for Node: its
 * API requests are answered in this process through the same routes, checks and limits as any
 * other (counted against the visitor's own address). Answers null, and the caller sends the
 * bare shell, for a signed-in visitor (their pages are theirs, and the app renders them), for a
 * page that is not public or not found, when the renderer is not built, or when it fails.
 *
 * Renders run one at a time: the app's language and its API transport are module state.
 */
export function createPageRenderer(app: FastifyInstance, file: string): RenderPage | null {
  if (!existsSync(file)) return null;
  let renderer: Promise<RendererModule> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  return async (request, shell) => {
    if (request.cookies?.[ACCESS_TOKEN_COOKIE]) return null;
    const language = pageLanguage(request);
    const fetcher: typeof fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      const answer = await app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url,
        headers: { ...headers, 'accept-language': language },
        remoteAddress: request.ip,
      });
      return new Response(answer.statusCode === 204 ? null : answer.payload, {
        status: answer.statusCode,
        headers: answer.headers as Record<string, string>,
      });
    };
    const render = async () => {
      renderer ??= import(pathToFileURL(file).href) as Promise<RendererModule>;
      const [{ prerender }, sanitizePostHtml] = await Promise.all([renderer, loadPostSanitizer()]);
      return prerender(request.url, { locale: language, fetch: fetcher, sanitizePostHtml });
    };
    const turn = queue.then(render, render);
    queue = turn.catch(() => undefined);
    try {
      const page = await turn;
      return page ? fillShell(shell, page, language) : null;
    } catch (error) {
      request.log.warn({ err: error, url: request.url }, 'page render failed; serving the bare shell');
      return null;
    }
  };
}
