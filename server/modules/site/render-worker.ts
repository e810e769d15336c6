import { pathToFileURL } from 'node:url';
import type { MessagePort } from 'node:worker_threads';
import type { Language } from '../../../src/domain/language';
import type { PrerenderedPage } from '../../../src/domain/page';
import { serveTasks } from '../../worker-pool';
import { loadPostSanitizer } from '../posts/sanitize';
import { fillShell } from './fill-shell';
import { encodePage, type PageEncoding } from './page-encoding';

/**
 * The worker thread that renders public pages (started by page-renderer.ts; built to
 * build/render-worker.js beside the server). The app built for Node (React, the router, every
 * page) loads here, so the server's own thread never holds it, and all of it goes when the
 * thread stops after a quiet spell. The page's API requests go back to the server's thread over
 * `api`, which answers each through its routes, checks and limits. The page leaves this thread
 * finished: filled into the shell and compressed for the visitor, so the server's thread only
 * sends its bytes.
 */
export interface RenderTask {
  /** The app built for Node (build/prerender/prerender.js). */
  rendererFile: string;
  href: string;
  locale: Language;
  /** The visitor's session token, when they came with one (their page is rendered as theirs). */
  accessToken?: string;
  /** For a signed-in page: the live stream's mark read before its data (LiveHub.mark). */
  liveMark?: number;
  api: MessagePort;
  /** The app shell the page goes into (a post's carries its own head). */
  shell: string;
  /** How the visitor accepts the page (null: as is). */
  encoding: PageEncoding | null;
}

/** A finished page: the HTML, compressed as the task asked. */
export type RenderedPage = { encoding: PageEncoding; body: Uint8Array } | { encoding: null; body: string };

/** An API request of the page being rendered, and its answer. */
export interface ApiCall {
  id: number;
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

export interface ApiAnswer {
  id: number;
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface RendererModule {
  prerender(
    href: string,
    options: {
      locale: Language;
      accessToken?: string;
      fetch: typeof fetch;
      sanitizePostHtml: (html: string) => string;
    },
  ): Promise<PrerenderedPage | null>;
}

let renderer: Promise<RendererModule> | undefined;

/** fetch for the page's API requests, answered by the server's thread over `api`. */
function fetchOver(api: MessagePort): typeof fetch {
  let nextId = 0;
  const waiting = new Map<number, (answer: ApiAnswer) => void>();
  api.on('message', (answer: ApiAnswer) => {
    waiting.get(answer.id)?.(answer);
    waiting.delete(answer.id);
  });
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: ApiCall = {
      id: nextId++,
      url,
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    const answer = await new Promise<ApiAnswer>((resolve) => {
      waiting.set(call.id, resolve);
      api.postMessage(call);
    });
    return new Response(answer.status === 204 || answer.status === 304 ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
  };
}

serveTasks<RenderTask, RenderedPage | null>(
  async ({ rendererFile, href, locale, accessToken, liveMark, api, shell, encoding }) => {
    renderer ??= import(pathToFileURL(rendererFile).href) as Promise<RendererModule>;
    let page: PrerenderedPage | null;
    try {
      const [{ prerender }, sanitizePostHtml] = await Promise.all([renderer, loadPostSanitizer()]);
      page = await prerender(href, { locale, accessToken, fetch: fetchOver(api), sanitizePostHtml });
    } finally {
      api.close();
    }
    if (!page) return null;
    const html = fillShell(shell, page, locale, liveMark);
    return encoding ? { encoding, body: encodePage(html, encoding) } : { encoding: null, body: html };
  },
);
