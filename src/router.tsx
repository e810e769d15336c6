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
     * The server renders this page's first paint into the HTML for visitors without a session
     * (src/prerender.tsx): a public page, the same for every visitor, with no form whose input
     * could be typed before the app runs.
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
