/**
 * A public page served with its first paint (server/modules/site/page-renderer.ts renders it with
 * src/prerender.tsx; src/lib/prerendered.ts takes it over in the browser).
 */

/** The element of the served HTML that carries the query data the page was rendered from. */
export const PAGE_DATA_ID = 'moa-page-data';

/** What the renderer answers for one page. */
export interface PrerenderedPage {
  /** The page as the app first renders it, for the shell's root. */
  html: string;
  title: string;
  description: string | undefined;
  /** The query cache it was rendered from (dehydrated), for the app to start from. */
  state: unknown;
}
