import path from 'node:path';
import type { APIRequestContext, BrowserContext, CDPSession, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import {
  createDeviceKeys,
  decryptAes128gcm,
  type DeviceKeys,
  type FakePushService,
} from '../tests/helpers/push-service';
import { expect } from './fixtures';

/**
 * Push end to end in Chromium. There is no push service here, so the page's PushManager is
 * stubbed to hand out a subscription whose endpoint is the test's own push service and whose
 * keys the test made; the server really encrypts and signs each message and sends it there,
 * the test decrypts it and hands it to the service worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage), as a browser's push service would.
 */

function stubPushManager(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const KEY = 'e2e-push-subscribed';
  const make = () => ({
    endpoint: subscription.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true },
    getKey: () => null,
    toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  PushManager.prototype.subscribe = async function subscribe() {
    localStorage.setItem(KEY, '1');
    return make() as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function getSubscription() {
    return (localStorage.getItem(KEY) ? make() : null) as unknown as PushSubscription | null;
  };
}

export interface PushDevice {
  name: string;
  keys: DeviceKeys;
  endpoint: string;
}

/** This context's browser subscribes with keys the test holds, at the test's push service. */
export async function preparePushDevice(
  context: BrowserContext,
  push: FakePushService,
  name: string,
): Promise<PushDevice> {
  const keys = createDeviceKeys();
  const endpoint = push.endpointFor(name);
  await context.addInitScript(stubPushManager, { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
  return { name, keys, endpoint };
}

export function subscriptionCount(endpoint: string): number {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'moa.sqlite'), { readonly: true });
  try {
    return (
      db.prepare('select count(*) as n from push_subscriptions where endpoint = ?').get(endpoint) as { n: number }
    ).n;
  } finally {
    db.close();
  }
}

export async function serviceWorkerRegistrationId(session: CDPSession, scope: string): Promise<string> {
  const registrations = new Map<string, string>();
  // Listen before enabling: the current registrations are reported right after enable.
  session.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const item of updated) registrations.set(item.scopeURL, item.registrationId);
  });
  await session.send('ServiceWorker.enable');
  await expect.poll(() => registrations.get(scope), { timeout: 10_000 }).toBeTruthy();
  return registrations.get(scope)!;
}

export interface PushPayload {
  id: number;
  type: string;
  title: string;
  body: string;
  link: string;
  tag: string;
}

/**
 * Waits for the server's message to this device whose title is `title` and whose body has
 * `bodyHas`, checks it is aes128gcm and VAPID-signed, decrypts it, and delivers it to the worker.
 */
export async function relayPush(
  push: FakePushService,
  device: PushDevice,
  worker: { session: CDPSession; registrationId: string; origin: string },
  match: { title: string; bodyHas: string },
): Promise<PushPayload> {
  let payload: PushPayload | undefined;
  await expect
    .poll(
      () => {
        for (const item of push.received.filter((received) => received.device === device.name)) {
          const decoded = JSON.parse(decryptAes128gcm(item.body, device.keys)) as PushPayload;
          if (decoded.title === match.title && decoded.body.includes(match.bodyHas)) {
            expect(item.headers['content-encoding']).toBe('aes128gcm');
            expect(item.headers.authorization).toMatch(/^vapid t=/);
            payload = decoded;
          }
        }
        return payload !== undefined;
      },
      { timeout: 15_000, message: `the server sends "${match.title}" (${match.bodyHas}) to the push service` },
    )
    .toBe(true);
  await worker.session.send('ServiceWorker.deliverPushMessage', {
    origin: worker.origin,
    registrationId: worker.registrationId,
    data: JSON.stringify(payload),
  });
  return payload!;
}

/** What the worker shows, as registration.getNotifications() lists it. */
export async function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const list = await registration.getNotifications();
    return list.map((item) => ({
      title: item.title,
      body: item.body,
      tag: item.tag,
      link: (item.data as { link?: string } | null)?.link,
    }));
  });
}

/** A bank-transfer order reserved as the invest page reserves it, through the API. */
export async function reserveOrder(
  request: APIRequestContext,
  accessToken: string,
  projectId: number,
  quantity: number,
) {
  const headers = { authorization: `Bearer ${accessToken}` };
  const product = (await (await request.get(`/api/v1/products/${projectId}`, { headers })).json()) as {
    payMethods: Array<{ id: number; payMethodType: string }>;
  };
  const payMethodId = product.payMethods.find((method) => method.payMethodType === 'ACCOUNT')!.id;
  const response = await request.post(`/api/v1/products/${projectId}/investors`, {
    headers: { ...headers, 'Idempotency-Key': `e2e-notify-${projectId}-${quantity}` },
    data: { quantity, payMethodId },
  });
  if (!response.ok()) throw new Error(`order failed: ${await response.text()}`);
  return (await response.json()) as { id: string; reference: string };
}

/** Signs a reserved order's contract on the invest page, as the investor does. */
export async function signContractInApp(page: Page, projectId: number, orderId: string, legalName: string) {
  await page.goto(`/invest/?productId=${projectId}&orderId=${orderId}`);
  await expect(page.getByRole('heading', { name: 'Read and sign the contract' })).toBeVisible();
  for (const box of await page.getByRole('group', { name: 'Your consent' }).getByRole('checkbox').all()) {
    await box.check();
  }
  await page.getByLabel('Type your full legal name').fill(legalName);
  await page.getByRole('button', { name: 'Sign the contract' }).click();
  // Signing renders the PDF with its certificate page before answering: allow for a busy machine.
  await expect(page.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible({ timeout: 20_000 });
}
