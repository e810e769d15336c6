import type { Language } from '../../../src/domain/language';
import { PAGE_DATA_ID, PAGE_LIVE_MARK_META, type PrerenderedPage } from '../../../src/domain/page';
import { escapeHtml } from './origin';

/** JSON inside <script>: nothing in it may close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * Puts a rendered page into the app shell: its first paint in the root, its data and its head.
 * A signed-in page's head carries the live stream's mark from before its data was read (`liveMark`):
 * the app's stream starts there, so the server replays only what changed since, and the app need
 * not read the page's data again in case it missed something (src/live/start.ts).
 */
export function fillShell(shell: string, page: PrerenderedPage, language: Language, liveMark?: number): string {
  let html = shell.replace(
    '<div id="root"></div>',
    `<div id="root">${page.html}</div>` +
      `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(page.state)}</script>`,
  );
  // The app is fetched and started after this page has painted (public/start-after-paint.js), so
  // nothing the page shows waits behind its modules.
  const modules: string[] = [];
  html = html.replace(
    /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g,
    (_tag, href: string) => {
      modules.push(href);
      return '';
    },
  );
  // Then the painted route's own, which the app's router would otherwise ask for only once it runs.
  for (const href of page.modules) if (!modules.includes(href)) modules.push(href);
  html = html.replace(
    /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/,
    (_tag, entry: string) =>
      `<script type="module" src="/start-after-paint.js" data-app="${entry}" data-modules="${modules.join(' ')}"></script>`,
  );
  if (Number.isSafeInteger(liveMark)) {
    html = html.replace('</head>', `<meta name="${PAGE_LIVE_MARK_META}" content="${liveMark}" />\n</head>`);
  }
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
