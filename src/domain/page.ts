/**
 * A public page served with its first paint (server/modules/site/page-renderer.ts renders it with
 * src/prerender.tsx; src/lib/prerendered.ts takes it over in the browser).
 */

/** The element of the served HTML that carries the query data the page was rendered from. */
export const PAGE_DATA_ID = 'moa-page-data';
/**
 * The name of a signed-in page's meta element that carries the live stream's mark: its position
 * before the page's data was read (src/live/start.ts starts the stream there).
 */
export const PAGE_LIVE_MARK_META = 'moa-live-mark';

/** What the renderer answers for one page. */
export interface PrerenderedPage {
  /** The page as the app first renders it, for the shell's root. */
  html: string;
  title: string;
  description: string | undefined;
  /** The query cache it was rendered from (dehydrated), for the app to start from. */
  state: unknown;
  /** The browser build's files its routes need beyond the first page's, imports first. */
  modules: string[];
}
