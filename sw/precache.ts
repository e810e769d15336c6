import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * The built shell and every route chunk are precached, so any page opens offline. Page
 * navigations fall back to the shell (the client router takes over); /api never does, so
 * an API call offline fails honestly instead of receiving HTML.
 */
export function installPrecache(manifest: Array<PrecacheEntry | string>): void {
  precacheAndRoute(manifest);
  cleanupOutdatedCaches();
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('index.html'), {
      denylist: [/^\/api(\/|$)/, /^\/dev\//, /^\/sitemap\.xml$/, /^\/robots\.txt$/],
    }),
  );
}
