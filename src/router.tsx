import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routerDefaults } from './domain/constants';
import type { TextArea } from './lib/i18n';
import { shouldRestoreScroll } from './lib/prerendered';
import { routeTree } from './routeTree.gen';
import { ErrorPage } from './routes/-components/error-page';
import { GenericNotFound } from './routes/-components/generic-fallbacks';
import { LoadingOverlay } from './ui/loading-overlay';

export interface RouterContext {
  queryClient: QueryClient;
  /** Settles once the query cache holds what this device saved; the root route waits for it. */
  cacheRestored: Promise<void>;
}

export function createAppRouter(
  queryClient: QueryClient,
  cacheRestored: Promise<void> = Promise.resolve(),
  /** The browser's own by default; the server's page renderer passes a memory history. */
  history?: RouterHistory,
) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient, cacheRestored },
    trailingSlash: 'preserve',
    scrollRestoration: shouldRestoreScroll,
    defaultPreload: 'intent',
    defaultPreloadDelay: routerDefaults.preloadDelayMs,
    // Loaders read through the query cache, which decides freshness itself.
    defaultPreloadStaleTime: 0,
    defaultGcTime: routerDefaults.gcTimeMs,
    defaultPendingMs: routerDefaults.pendingMs,
    defaultPendingMinMs: routerDefaults.pendingMinMs,
    defaultPendingComponent: LoadingOverlay,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: GenericNotFound,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /**
     * The server renders this page's first paint into the HTML (src/prerender.tsx), as its
     * visitor sees it: a public page for anyone, a page behind sign-in for a visitor its guards
     * admit. Its first render must come from its loaders' data alone (what this device saved
     * comes after the app has taken the page over), and what the visitor does before the app
     * runs is kept for it (public/start-after-paint.js; a form is not sent before then).
     */
    prerender?: boolean;
    /**
     * The catalogue's areas this page's screens use, besides the shell (src/lib/i18n/keys.ts).
     * They load before it renders; a child has its parents' too. tests/i18n/areas.test.ts reads
     * each route's screens and fails when one is missing.
     */
    texts?: readonly TextArea[];
  }
}
