import type { Language } from '../../../src/domain/language';
import { PAGE_DATA_ID, type PrerenderedPage } from '../../../src/domain/page';
import { escapeHtml } from './origin';

/** JSON inside <script>: nothing in it may close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

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
