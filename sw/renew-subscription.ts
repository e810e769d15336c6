import { base64UrlToBytes, pushSubscriptionSchema, vapidKeySchema } from '../src/domain/notifications';

/** What renewing needs from the worker: its origin, fetch, and its push manager's subscribe. */
export interface RenewDeps {
  origin: string;
  fetch: typeof fetch;
  subscribe: (applicationServerKey: Uint8Array<ArrayBuffer>) => Promise<{ toJSON: () => unknown }>;
}

/**
 * The browser replaced this device's subscription (pushsubscriptionchange). Subscribes again
 * with the server's key when the browser offers no new subscription, then tells the server,
 * naming the old endpoint, which identifies the device without a session. Without an old
 * subscription there is nothing to name: the page sends its subscription the next time Moa opens.
 * Answers whether the server took the new subscription.
 */
export async function renewSubscription(
  deps: RenewDeps,
  oldSubscription: { endpoint: string } | null,
  newSubscription: { toJSON: () => unknown } | null,
): Promise<boolean> {
  if (!oldSubscription) return false;
  let fresh = newSubscription;
  if (!fresh) {
    const response = await deps.fetch(new URL('/api/v1/push/key', deps.origin));
    if (!response.ok) return false;
    const key = vapidKeySchema.safeParse(await response.json());
    if (!key.success) return false;
    fresh = await deps.subscribe(base64UrlToBytes(key.data.publicKey));
  }
  const subscription = pushSubscriptionSchema.safeParse(fresh.toJSON());
  if (!subscription.success) return false;
  const renewed = await deps.fetch(new URL('/api/v1/push/subscriptions/renew', deps.origin), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ oldEndpoint: oldSubscription.endpoint, subscription: subscription.data }),
  });
  return renewed.ok;
}
