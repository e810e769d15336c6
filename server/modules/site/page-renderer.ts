import { existsSync } from 'node:fs';
import { MessageChannel } from 'node:worker_threads';
import type { FastifyInstance, FastifyRequest, LightMyRequestResponse } from 'fastify';
import {
  LANGUAGE_COOKIE,
  languageFromAcceptLanguage,
  languageSchema,
  type Language,
} from '../../../src/domain/language';
import { WorkerPool } from '../../worker-pool';
import type { ApiAnswer, ApiCall, RenderTask } from './render-worker';
import { escapeHtml } from './origin';
import { ACCESS_TOKEN_COOKIE } from '../../../src/domain/auth';
import { PAGE_DATA_ID, type PrerenderedPage } from '../../../src/domain/page';

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
 * The render thread's module: beside this file in the sources (run through tsx), beside the
 * bundle in build/ (scripts/build-server.mjs builds it as its own entry).
 */
const workerFile = import.meta.url.endsWith('.ts')
  ? new URL('./render-worker.ts', import.meta.url)
  : new URL('./render-worker.js', import.meta.url);

/**
 * A render thread without a page to render for this long stops, and the app it loaded (React,
 * the router, every page) leaves the process's memory with it; the next visitor's page starts a
 * new one (about as long as the first render of a fresh process).
 */
export const RENDER_THREAD_IDLE_MS = 20_000;
/** Pages waiting for the render thread; past that, visitors get the bare shell at once. */
export const RENDER_QUEUE_MAX = 16;

/** What a page's API request answered, for the render thread. */
function answerOf(id: number, answer: LightMyRequestResponse): ApiAnswer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return { id, status: answer.statusCode, headers, body: answer.payload };
}

/**
 * Public pages asked for without a session are answered with their first paint in the HTML, so
 * a phone paints the page (and starts its images) before any script has run; the app then takes
 * over in place (src/lib/prerendered.ts). The renderer is the app itself, built for Node, run in
 * a worker thread (render-worker.ts) that stops when idle, so a server that has rendered pages
 * does not keep the app's memory (docs/decisions/1808-pages-render-in-a-thread-that-stops.md).
 * The page's API requests are answered in this process through the same routes, checks and
 * limits as any other (counted against the visitor's own address). Answers null, and the caller
 * sends the bare shell, for a signed-in visitor (their pages are theirs, and the app renders
 * them), for a page that is not public or not found, when the renderer is not built, when pages
 * are queued past RENDER_QUEUE_MAX, or when a render fails.
 *
 * Renders run one at a time: the app's language and its API transport are module state.
 */
export function createPageRenderer(app: FastifyInstance, file: string): RenderPage | null {
  if (!existsSync(file)) return null;
  const pool = new WorkerPool<RenderTask, PrerenderedPage | null>({
    file: workerFile,
    size: 1,
    queueMax: RENDER_QUEUE_MAX,
    idleMs: RENDER_THREAD_IDLE_MS,
    transferOf: (task) => [task.api],
  });
  app.addHook('onClose', () => pool.close());

  return async (request, shell) => {
    if (request.cookies?.[ACCESS_TOKEN_COOKIE]) return null;
    if (pool.isFull) return null;
    const language = pageLanguage(request);
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (call: ApiCall) => {
      void app
        .inject({
          method: call.method as 'GET',
          url: call.url,
          headers: { ...call.headers, 'accept-language': language },
          payload: call.body,
          remoteAddress: request.ip,
        })
        .then((answer) => port1.postMessage(answerOf(call.id, answer)))
        .catch((error: unknown) => {
          request.log.warn({ err: error, url: call.url }, 'a rendered page’s API request failed');
          port1.postMessage({ id: call.id, status: 500, headers: {}, body: '' } satisfies ApiAnswer);
        });
    });
    try {
      const { result: page } = await pool.run({ rendererFile: file, href: request.url, locale: language, api: port2 });
      return page ? fillShell(shell, page, language) : null;
    } catch (error) {
      request.log.warn({ err: error, url: request.url }, 'page render failed; serving the bare shell');
      return null;
    } finally {
      port1.close();
    }
  };
}
