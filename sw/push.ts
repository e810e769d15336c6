import { LIVE_WINDOW_MESSAGE } from '../src/domain/live';
import { pushPayloadSchema } from '../src/domain/notifications';
import { liveEventsForPush } from './live-message';
import { openFromNotification, type ClickClients } from './click-target';
import { renewSubscription, type RenewDeps } from './renew-subscription';

/**
 * Web push: shows each message as a notification, opens the screen it is about on click, and
 * tells the server when the browser replaces the subscription. Every handler keeps the worker
 * alive with event.waitUntil until its work is done.
 */
export function installPush(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('push', (event: PushEvent) => {
    event.waitUntil(showPush(scope, event.data));
  });

  scope.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    const link = (event.notification.data as { link?: unknown } | null)?.link;
    const clients: ClickClients = {
      windows: async () =>
        (await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })) as WindowClient[],
      openWindow: (url) => scope.clients.openWindow(url),
    };
    event.waitUntil(openFromNotification(clients, link, scope.location.origin));
  });

  // Not in every lib.dom yet: the event carries the old and the new subscription.
  scope.addEventListener('pushsubscriptionchange', (event: Event) => {
    const change = event as ExtendableEvent & {
      oldSubscription?: PushSubscription | null;
      newSubscription?: PushSubscription | null;
    };
    const deps: RenewDeps = {
      origin: scope.location.origin,
      fetch: (input, init) => fetch(input, init),
      subscribe: (applicationServerKey) =>
        scope.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }),
    };
    change.waitUntil(renewSubscription(deps, change.oldSubscription ?? null, change.newSubscription ?? null));
  });
}

async function showPush(scope: ServiceWorkerGlobalScope, data: PushMessageData | null): Promise<void> {
  let json: unknown = null;
  try {
    json = data?.json();
  } catch {
    json = null;
  }
  const parsed = pushPayloadSchema.safeParse(json);
  // A push must always show something, or browsers may revoke the permission.
  if (!parsed.success) {
    await scope.registration.showNotification('Moa', {
      body: data?.text() ?? '',
      icon: ICON,
      badge: BADGE,
      tag: 'moa',
    });
    return;
  }
  const item = parsed.data;
  await scope.registration.showNotification(item.title, {
    body: item.body,
    icon: ICON,
    badge: BADGE,
    tag: item.tag,
    data: { link: item.link, id: item.id, type: item.type },
    timestamp: Date.parse(item.createdAt),
  } as NotificationOptions);
  // Open pages refresh their bell and inbox, and whatever else shows what the message is about.
  const windows = await scope.clients.matchAll({ type: 'window' });
  const events = liveEventsForPush(item);
  for (const window of windows) {
    window.postMessage({ type: 'NOTIFICATION_RECEIVED', id: item.id });
    for (const event of events) window.postMessage({ type: LIVE_WINDOW_MESSAGE, event });
  }
}

const ICON = '/icons/icon-192.png';
const BADGE = '/icons/icon-192.png';
