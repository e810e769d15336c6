import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';

// The schemas load with the first request or response that needs them, not with the page: the
// account pages' sign-out imports this file.
const notificationsSchemas = () => import('../../domain/notifications');

/**
 * Web push on this device. The browser's permission prompt is only ever opened from here,
 * after the user chose "Turn on" in Moa's own words (see PushOffer), never on page load.
 */
export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!isPushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const found = await registration();
  return found ? found.pushManager.getSubscription() : null;
}

export async function readPushState(): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

async function sendToServer(subscription: PushSubscription): Promise<void> {
  await api.request('/api/v1/push/subscriptions', {
    method: 'POST',
    body: (await notificationsSchemas()).pushSubscriptionSchema.parse(subscription.toJSON()),
  });
}

/**
 * Every change to this device's subscription (turning push on or off, the heal once per load,
 * the forgetting before sign-out) runs after the one before it has finished, here and on the
 * server. Without that, a heal sent just before a sign-out could reach the server after the
 * forgetting (subscribing the device again) or after the session had ended (refused).
 */
let pending: Promise<unknown> = Promise.resolve();
let hasSynced = false;
function inTurn<T>(change: () => Promise<T>): Promise<T> {
  const run = pending.then(change, change);
  pending = run.catch(() => undefined);
  return run;
}

/** Asks the browser (its prompt appears if the user never answered), subscribes, tells the server. */
export function turnOnPush(): Promise<PushState> {
  return inTurn(subscribeDevice);
}

async function subscribeDevice(): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const ready = await navigator.serviceWorker.ready;
  let subscription = await ready.pushManager.getSubscription();
  if (!subscription) {
    const { publicKey } = await api.request('/api/v1/push/key', {
      schema: loadSchema(notificationsSchemas, 'vapidKeySchema'),
    });
    subscription = await ready.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: (await notificationsSchemas()).base64UrlToBytes(publicKey),
    });
  }
  await sendToServer(subscription);
  return 'on';
}

async function forgetOnServer(subscription: PushSubscription): Promise<void> {
  await api.request('/api/v1/push/subscriptions', { method: 'DELETE', query: { endpoint: subscription.endpoint } });
}

export function turnOffPush(): Promise<PushState> {
  return inTurn(unsubscribeDevice);
}

async function unsubscribeDevice(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await forgetOnServer(subscription);
    await subscription.unsubscribe();
  }
  return readPushState();
}

/**
 * Before signing out: this device stops receiving the account's notifications, after any change
 * already under way, and nothing heals the subscription again in this page's life. Best effort,
 * so sign-out never waits on it failing (offline, no worker).
 */
export function forgetThisDevice(): Promise<void> {
  hasSynced = true;
  return inTurn(async () => {
    try {
      const subscription = await currentSubscription();
      if (!subscription) return;
      await forgetOnServer(subscription).catch(() => undefined);
      await subscription.unsubscribe();
    } catch {
      // Nothing to clean up on this device.
    }
  });
}

/**
 * Once per page load while signed in: a device that has a subscription tells the server again,
 * which heals a subscription the browser replaced while no worker could report it.
 */
export function syncPushSubscription(): Promise<void> {
  if (hasSynced || !isPushSupported() || Notification.permission !== 'granted') return Promise.resolve();
  hasSynced = true;
  return inTurn(async () => {
    const subscription = await currentSubscription();
    if (subscription) await sendToServer(subscription).catch(() => undefined);
  });
}
