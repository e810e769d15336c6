import { pushPayloadSchema, pushSubscriptionSchema } from '../src/domain/notifications';
import { chooseClickAction } from './click-target';

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
    event.waitUntil(openFromNotification(scope, (event.notification.data as { link?: unknown } | null)?.link));
  });

  // Not in every lib.dom yet: the event carries the old and the new subscription.
  scope.addEventListener('pushsubscriptionchange', (event: Event) => {
    const change = event as ExtendableEvent & {
      oldSubscription?: PushSubscription | null;
      newSubscription?: PushSubscription | null;
    };
    change.waitUntil(renewSubscription(scope, change.oldSubscription ?? null, change.newSubscription ?? null));
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
  // Open pages refresh their bell and inbox.
  const windows = await scope.clients.matchAll({ type: 'window' });
  for (const window of windows) window.postMessage({ type: 'NOTIFICATION_RECEIVED', id: item.id });
}

const ICON = '/icons/icon-192.png';
const BADGE = '/icons/icon-192.png';

async function openFromNotification(scope: ServiceWorkerGlobalScope, link: unknown): Promise<void> {
  const windows = (await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })) as WindowClient[];
  const action = chooseClickAction(windows, link, scope.location.origin);
  if (action.kind === 'open') {
    await scope.clients.openWindow(action.url);
    return;
  }
  const target = windows[action.index]!;
  const focused = await target.focus();
  if (action.kind === 'navigate') await focused.navigate(action.url);
}

async function renewSubscription(
  scope: ServiceWorkerGlobalScope,
  oldSubscription: PushSubscription | null,
  newSubscription: PushSubscription | null,
): Promise<void> {
  if (!oldSubscription) return; // The page re-sends its subscription the next time Moa opens.
  let fresh = newSubscription;
  if (!fresh) {
    const response = await fetch('/api/v1/push/key');
    if (!response.ok) return;
    const { publicKey } = (await response.json()) as { publicKey: string };
    fresh = await scope.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(publicKey),
    });
  }
  const subscription = pushSubscriptionSchema.safeParse(fresh.toJSON());
  if (!subscription.success) return;
  await fetch('/api/v1/push/subscriptions/renew', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ oldEndpoint: oldSubscription.endpoint, subscription: subscription.data }),
  });
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
