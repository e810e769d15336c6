import { clientsClaim } from 'workbox-core';

/**
 * The update handshake with workbox-window: a new worker waits until the page says the
 * user chose Reload (SKIP_WAITING). The very first worker takes control at once so the
 * page that installed it already works offline.
 */
export function installUpdateHandshake(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('message', (event: ExtendableMessageEvent) => {
    const data: unknown = event.data;
    if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
      void scope.skipWaiting();
    }
  });
  clientsClaim();
}
