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
import type { ApiAnswer, ApiCall, RenderedPage, RenderTask } from './render-worker';
import { ACCESS_TOKEN_COOKIE } from '../../../src/domain/auth';
import { pageEncodingFor } from './page-encoding';

export type { RenderedPage } from './render-worker';
export type RenderPage = (request: FastifyRequest, shell: string) => Promise<RenderedPage | null>;

/** The device's chosen language (the app mirrors it into a cookie), else the browser's, else English. */
function pageLanguage(request: FastifyRequest): Language {
  const chosen = languageSchema.safeParse(request.cookies?.[LANGUAGE_COOKIE]);
  if (chosen.success) return chosen.data;
  return languageFromAcceptLanguage(request.headers['accept-language']) ?? 'en';
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
/**
 * The render thread's old generation, MiB: some six times what the app holds while rendering
 * (about 40 MiB), and small enough that V8 collects it at about 1.4 times what is live rather
 * than four (its factor for a heap allowed gigabytes). A thread that outgrows it stops, its page
 * gets the bare shell, and the next page starts a new one
 * (docs/decisions/1835-the-server-s-heap-and-allocator.md).
 */
export const RENDER_THREAD_OLD_GENERATION_MB = 256;

/** What a page's API request answered, for the render thread. */
function answerOf(id: number, answer: LightMyRequestResponse): ApiAnswer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return { id, status: answer.statusCode, headers, body: answer.payload };
}

/**
 * Pages that opt in are answered with their first paint in the HTML, so a phone paints the page
 * (and starts its images) before any script has run; the app then takes over in place
 * (src/lib/prerendered.ts). A public page is painted for anyone; a page behind sign-in for a
 * visitor whose session its guards admit, from that visitor's own answers: the app's requests
 * carry their session token as the app in the browser would, and the page, private, is never
 * stored (docs/decisions/1840-signed-in-pages-painted-by-the-server.md; only with
 * RENDER_SIGNED_IN_PAGES). The renderer is the app itself, built for Node, run in a worker
 * thread (render-worker.ts) that stops when idle, so a server that has rendered pages does not
 * keep the app's memory (docs/decisions/1808-pages-render-in-a-thread-that-stops.md).
 * The page's API requests are answered in this process through the same routes, checks and
 * limits as any other (counted against the visitor's own address). The page comes back finished,
 * filled into `shell` and compressed as the visitor accepts, so this thread holds no compression
 * stream per page (docs/decisions/1827-rendered-pages-leave-the-thread-compressed.md). Answers
 * null, and the caller sends the bare shell, for a signed-in visitor unless
 * RENDER_SIGNED_IN_PAGES, for a page that does not opt in, is not found or is not the visitor's to
 * see (a guard redirects; the session ended on the way), when the renderer is not built, when pages
 * are queued past RENDER_QUEUE_MAX, or when a render fails.
 *
 * Renders run one at a time: the app's language, its API transport and the visitor's session are
 * module state, set for each page and cleared after it.
 */
export function createPageRenderer(
  app: FastifyInstance,
  file: string,
  /** Whether a visitor with a session gets their page painted too (RENDER_SIGNED_IN_PAGES). */
  { renderSignedIn }: { renderSignedIn: boolean },
): RenderPage | null {
  if (!existsSync(file)) return null;
  const pool = new WorkerPool<RenderTask, RenderedPage | null>({
    file: workerFile,
    size: 1,
    queueMax: RENDER_QUEUE_MAX,
    idleMs: RENDER_THREAD_IDLE_MS,
    transferOf: (task) => [task.api],
    resourceLimits: { maxOldGenerationSizeMb: RENDER_THREAD_OLD_GENERATION_MB },
  });
  app.addHook('onClose', () => pool.close());

  return async (request, shell) => {
    if (pool.isFull) return null;
    const accessToken = request.cookies?.[ACCESS_TOKEN_COOKIE] || undefined;
    if (accessToken && !renderSignedIn) return null;
    const language = pageLanguage(request);
    // Read before the page's data, so what changes while it renders is replayed to its stream.
    const liveMark =
      accessToken && app.hasDecorator('liveHub') ? await app.liveHub.mark().catch(() => undefined) : undefined;
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (call: ApiCall) => {
      // A page is painted from reads: nothing a render does may change anything, whoever asks.
      if (call.method !== 'GET') {
        port1.postMessage({ id: call.id, status: 405, headers: {}, body: '' } satisfies ApiAnswer);
        return;
      }
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
      const { result } = await pool.run({
        rendererFile: file,
        href: request.url,
        locale: language,
        accessToken,
        liveMark,
        api: port2,
        shell,
        encoding: pageEncodingFor(request.headers['accept-encoding']),
      });
      return result;
    } catch (error) {
      request.log.warn({ err: error, url: request.url }, 'page render failed; serving the bare shell');
      return null;
    } finally {
      port1.close();
    }
  };
}
