import { Workbox } from 'workbox-window';
import { toast } from 'sonner';
import { t } from '../../lib/i18n';

/**
 * Registers the service worker and asks before switching to a new version: a toast says a
 * new version is ready, and Reload tells the waiting worker to take over, then reloads.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const workbox = new Workbox('/sw.js', { scope: '/', type: 'classic' });

  workbox.addEventListener('waiting', () => {
    workbox.addEventListener('controlling', () => window.location.reload());
    toast(t('pwa.updateReady'), {
      id: 'pwa-update',
      duration: Number.POSITIVE_INFINITY,
      action: { label: t('pwa.reload'), onClick: () => workbox.messageSkipWaiting() },
    });
  });
  workbox.addEventListener('installed', (event) => {
    if (!event.isUpdate) toast.success(t('pwa.offlineReady'), { id: 'pwa-offline-ready' });
  });
  void workbox.register();
}
