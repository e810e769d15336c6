import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';

export const FONT_CACHE = 'moa-fonts-v1';
export const IMAGE_CACHE = 'moa-images-v1';

/**
 * Fonts are cached as the browser asks for them: Hangul comes in many small subsets and
 * a reader needs only a few. Images are kept for offline reading, newest first, bounded.
 */
export function installRuntimeCaches(options: { imageFallbacks?: WorkboxPlugin[] } = {}): void {
  registerRoute(
    ({ url, request }) => url.origin === self.location.origin && request.destination === 'font',
    new CacheFirst({
      cacheName: FONT_CACHE,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 365 * 24 * 60 * 60 }),
      ],
    }),
  );
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin && request.destination === 'image' && !url.pathname.startsWith('/api/'),
    new StaleWhileRevalidate({
      cacheName: IMAGE_CACHE,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
        // Images other features saved for offline reading answer when this cache has none.
        ...(options.imageFallbacks ?? []),
      ],
    }),
  );
}

declare const self: ServiceWorkerGlobalScope;
