import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { routerDefaults } from './domain/constants';
import { routeTree } from './routeTree.gen';
import { ErrorPage } from './routes/-components/error-page';
import { GenericNotFound } from './routes/-components/generic-fallbacks';
import { LoadingOverlay } from './ui/loading-overlay';

export interface RouterContext {
  queryClient: QueryClient;
  /** Settles once the query cache holds what this device saved; the root route waits for it. */
  cacheRestored: Promise<void>;
}

export function createAppRouter(queryClient: QueryClient, cacheRestored: Promise<void> = Promise.resolve()) {
  return createRouter({
    routeTree,
    context: { queryClient, cacheRestored },
    trailingSlash: 'preserve',
    scrollRestoration: true,
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
}
