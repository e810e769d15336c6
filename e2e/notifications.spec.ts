import { spawnSync } from 'node:child_process';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import path from 'node:path';
import type { NotificationType } from '../src/domain/notifications';
import {
  createDeviceKeys,
  decryptAes128gcm,
  startFakePushService,
  type DeviceKeys,
  type FakePushService,
} from '../tests/helpers/push-service';
import { moa, projectIdByName, signInApprovedInvestor } from './catalogue-helpers';
import { expect, test } from './fixtures';

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

function recordNotification(type: NotificationType, productId: number, email: string, title: string, body: string) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'e2e/record-notification.ts', type, String(productId), email, title, body],
    { env: { PATH: process.env.PATH, DATA_DIR: process.env.E2E_DATA_DIR }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(result.stderr);
}

/** A holding as the investing feature's ledger would leave it, so governance choices per project appear. */
function giveHolding(email: string, productId: number, quantity: number): void {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'moa.sqlite'));
  try {
    const now = new Date().toISOString();
    db.prepare(
      `insert into product_holdings (product_id, user_id, quantity, first_invested_at, updated_at)
       select ?, id, ?, ?, ? from users where email = ?`,
    ).run(productId, quantity, now, now, email);
  } finally {
    db.close();
  }
}

function subscriptionCount(endpoint: string): number {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'moa.sqlite'), { readonly: true });
  try {
    return (
      db.prepare('select count(*) as n from push_subscriptions where endpoint = ?').get(endpoint) as { n: number }
    ).n;
  } finally {
    db.close();
  }
}

async function serviceWorkerRegistrationId(session: CDPSession, scope: string): Promise<string> {
  const registrations = new Map<string, string>();
  // Listen before enabling: the current registrations are reported right after enable.
  session.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const item of updated) registrations.set(item.scopeURL, item.registrationId);
  });
  await session.send('ServiceWorker.enable');
  await expect.poll(() => registrations.get(scope), { timeout: 10_000 }).toBeTruthy();
  return registrations.get(scope)!;
}

/** Waits for the server's message to this device, decrypts it, and delivers it to the worker. */
async function relayPush(
  push: FakePushService,
  device: { name: string; keys: DeviceKeys },
  session: CDPSession,
  registrationId: string,
  origin: string,
  title: string,
): Promise<Record<string, unknown>> {
  let payload: Record<string, unknown> | undefined;
  await expect
    .poll(
      () => {
        for (const item of push.received.filter((received) => received.device === device.name)) {
          const decoded = JSON.parse(decryptAes128gcm(item.body, device.keys)) as Record<string, unknown>;
          if (decoded.title === title) {
            expect(item.headers['content-encoding']).toBe('aes128gcm');
            expect(item.headers.authorization).toMatch(/^vapid t=/);
            payload = decoded;
          }
        }
        return payload !== undefined;
      },
      { timeout: 15_000, message: `the server sends "${title}" to the push service` },
    )
    .toBe(true);
  await session.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
  return payload!;
}

async function shownNotifications(page: Page) {
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

async function preparePushDevice(context: BrowserContext, push: FakePushService, device: string) {
  const keys = createDeviceKeys();
  const endpoint = push.endpointFor(device);
  await context.addInitScript(stubPushManager, { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
  return { keys, endpoint };
}

test.describe('notifications', () => {
  let push: FakePushService;
  test.beforeAll(async () => {
    push = await startFakePushService();
  });
  test.afterAll(async () => {
    await push.close();
  });

  test('an operator’s promotion reaches the inbox and, as a push, the worker; the item opens its project', async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const origin = baseURL!;
    await context.grantPermissions(['notifications'], { origin });
    const { keys, endpoint } = await preparePushDevice(context, push, 'promote-phone');
    const email = 'notify-promote@example.com';
    await signInApprovedInvestor(page.request, context, origin, email);
    const productId = projectIdByName('Seoul Midnight: Catalogue Royalties');

    await page.goto('/account/notification-settings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notification settings');
    // Promotions are off until the investor turns them on.
    const promotions = page.getByRole('switch', { name: 'Promotion' });
    await expect(promotions).toHaveAttribute('aria-checked', 'false');
    await promotions.click();
    await expect(promotions).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('Off for this device.')).toBeVisible();
    await page.getByRole('button', { name: 'Turn on push' }).click();
    await expect(page.getByText('On for this device.')).toBeVisible();
    expect(subscriptionCount(endpoint)).toBe(1);
    await page.screenshot({ path: 'test-results/notifications-settings-390.png', fullPage: true });

    const output = moa(
      'promote:send',
      String(productId),
      'Spring drop',
      'Seoul Midnight opens a second tranche on Friday.',
    );
    expect(output).toMatch(/stored for 1 investor\(s\); 1 push message/);

    // The bell follows once the worker shows the push; the inbox lists it.
    const session = await context.newCDPSession(page);
    const registrationId = await serviceWorkerRegistrationId(session, `${origin}/`);
    const payload = await relayPush(
      push,
      { name: 'promote-phone', keys },
      session,
      registrationId,
      origin,
      'Spring drop',
    );
    expect(payload).toMatchObject({
      type: 'PROMOTE',
      link: `/projects/${productId}`,
      tag: `moa-promote-p${productId}`,
    });
    await expect
      .poll(() => shownNotifications(page), { timeout: 10_000 })
      .toContainEqual({
        title: 'Spring drop',
        body: 'Seoul Midnight opens a second tranche on Friday.',
        tag: `moa-promote-p${productId}`,
        link: `/projects/${productId}`,
      });
    await expect(page.getByRole('banner').getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();

    await page.getByRole('banner').getByRole('link', { name: 'Notifications, 1 unread' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications');
    const item = page.getByRole('list', { name: 'Your notifications, newest first' }).getByRole('link');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Promotion');
    await expect(item).toContainText('Spring drop');
    await page.screenshot({ path: 'test-results/notifications-inbox-390.png', fullPage: true });
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/projects/${productId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Seoul Midnight');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

    // Signing out here tells the server first, so this device gets nothing more.
    await page.goto('/account/account-settings');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/signin/);
    await expect.poll(() => subscriptionCount(endpoint)).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  test('every other type shows in the inbox and, pushed, in the worker with its link', async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const origin = baseURL!;
    await context.grantPermissions(['notifications'], { origin });
    const { keys } = await preparePushDevice(context, push, 'types-phone');
    const email = 'notify-types@example.com';
    await signInApprovedInvestor(page.request, context, origin, email);
    const productId = projectIdByName('Moonlit Palace: Series IP');
    await page.goto('/account/notification-settings');
    await page.getByRole('button', { name: 'Turn on push' }).click();
    await expect(page.getByText('On for this device.')).toBeVisible();

    const cases: Array<{ type: NotificationType; label: string; title: string; link: string }> = [
      {
        type: 'CONTRACT_SIGNED',
        label: 'Contract signed',
        title: 'Your contract is signed',
        link: '/account/documents',
      },
      {
        type: 'PROPOSAL_CREATED',
        label: 'New proposal',
        title: 'New proposal: a second OST album',
        link: `/governance/proposal/${productId}`,
      },
      {
        type: 'VOTE_FINISH',
        label: 'Vote finished',
        title: 'Vote finished: 72% in favour',
        link: `/governance/proposal/${productId}`,
      },
      {
        type: 'AGENDA_CLOSED',
        label: 'Agenda closed',
        title: 'Agenda closed: annual report',
        link: `/governance/agenda/${productId}`,
      },
    ];
    for (const item of cases)
      recordNotification(item.type, productId, email, item.title, `About ${item.label.toLowerCase()}.`);

    const session = await context.newCDPSession(page);
    const registrationId = await serviceWorkerRegistrationId(session, `${origin}/`);
    for (const item of cases) {
      const payload = await relayPush(push, { name: 'types-phone', keys }, session, registrationId, origin, item.title);
      expect(payload).toMatchObject({ type: item.type, link: item.link });
      await expect
        .poll(async () => (await shownNotifications(page)).find((shown) => shown.title === item.title)?.link, {
          timeout: 10_000,
        })
        .toBe(item.link);
    }

    await page.goto('/account/notifications');
    const list = page.getByRole('list', { name: 'Your notifications, newest first' });
    await expect(list.getByRole('link')).toHaveCount(4);
    // Newest first.
    await expect(list.getByRole('link').first()).toContainText('Agenda closed: annual report');
    for (const item of cases) {
      const entry = list.getByRole('link').filter({ hasText: item.title });
      await expect(entry).toContainText(item.label);
      await expect(entry).toHaveAttribute('href', item.link);
    }
    await expect(page.getByRole('banner').getByRole('link', { name: 'Notifications, 4 unread' })).toBeVisible();
    // Each opens the screen it is about, and counts as read.
    await list.getByRole('link').filter({ hasText: 'Your contract is signed' }).click();
    await expect(page).toHaveURL(/\/account\/documents$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Notifications, 3 unread' })).toBeVisible();
    for (const item of cases.slice(1)) {
      await page.goto('/account/notifications');
      await list.getByRole('link').filter({ hasText: item.title }).click();
      await expect(page).toHaveURL(new RegExp(`${item.link}$`));
    }
    await page.goto('/account/notifications');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    recordNotification('CONTRACT_SIGNED', productId, email, 'A second contract', 'Signed too.');
    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);

    expect(consoleErrors).toEqual([]);
  });

  test('a blocked permission is explained with how to change it, and nothing asks on page load', async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
      Notification.requestPermission = () => {
        throw new Error('the browser prompt must not open');
      };
    });
    await signInApprovedInvestor(page.request, context, baseURL!, 'notify-blocked@example.com');
    await page.goto('/account/notifications');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications');
    await page.goto('/account/notification-settings');
    await expect(page.getByText('Notifications are blocked for Moa in this browser.')).toBeVisible();
    await expect(page.getByText(/set Moa to Allow/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn on push' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/notifications-blocked-390.png', fullPage: true });
    expect(consoleErrors).toEqual([]);
  });

  test('push is offered in Moa’s words first; only “Turn on” opens the browser’s prompt', async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    await page.addInitScript(() => {
      // The browser's prompt, recorded: it answers "Block" and is remembered for the tab.
      Object.defineProperty(Notification, 'permission', {
        get: () => sessionStorage.getItem('e2e-permission') ?? 'default',
      });
      Notification.requestPermission = async () => {
        sessionStorage.setItem('e2e-asked', String(Number(sessionStorage.getItem('e2e-asked') ?? 0) + 1));
        sessionStorage.setItem('e2e-permission', 'denied');
        return 'denied';
      };
    });
    await signInApprovedInvestor(page.request, context, baseURL!, 'notify-offer@example.com');
    await page.goto('/account/notifications');
    const offer = page.getByRole('complementary', { name: 'Hear about it when it happens?' });
    await expect(offer).toBeVisible();
    await expect(offer).toContainText('Your browser will ask you to confirm.');
    await page.screenshot({ path: 'test-results/notifications-offer-390.png', fullPage: true });
    await page.goto('/account/notification-settings');
    await expect(page.getByText('Off for this device.')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('e2e-asked'))).toBeNull();

    // A holder can mute one project's governance news while keeping the rest.
    const productId = projectIdByName('Han River Sessions: Drama OST Collection');
    giveHolding('notify-offer@example.com', productId, 12);
    await page.reload();
    const project = page.getByRole('group', { name: 'Han River Sessions: Drama OST Collection' });
    const votes = project.getByRole('switch', { name: 'Vote finished' });
    await expect(votes).toHaveAttribute('aria-checked', 'true');
    await votes.click();
    await expect(votes).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await expect(votes).toHaveAttribute('aria-checked', 'false');
    // The type as a whole is the master switch: its project switches follow and are disabled.
    await page.getByRole('switch', { name: 'New proposal' }).first().click();
    await expect(project.getByRole('switch', { name: 'New proposal' })).toBeDisabled();
    await page.screenshot({ path: 'test-results/notifications-projects-390.png', fullPage: true });

    await page.goto('/account/notifications');
    await offer.getByRole('button', { name: 'Turn on' }).click();
    await expect(offer).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem('e2e-asked'))).toBe('1');
    await page.goto('/account/notification-settings');
    await expect(page.getByText('Notifications are blocked for Moa in this browser.')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
