import type { APIRequestContext } from '@playwright/test';
import { startFakePushService, type FakePushService } from '../tests/helpers/push-service';
import { createEnrolledUser } from './auth-helpers';
import { approveIdentity, moa, projectIdByName, signInApprovedInvestor } from './catalogue-helpers';
import { expect, expectHeading, test } from './fixtures';
import { endVotingNow, giveHolding, governanceProjectId } from './governance-helpers';
import {
  preparePushDevice,
  relayPush,
  reserveOrder,
  serviceWorkerRegistrationId,
  shownNotifications,
  signContractInApp,
  subscriptionCount,
} from './notification-helpers';
import { waitForServiceWorker } from './service-worker';
import { isQuerySaved } from './saved-queries';

async function projectName(request: APIRequestContext, accessToken: string, projectId: number): Promise<string> {
  const response = await request.get(`/api/v1/products/${projectId}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return ((await response.json()) as { name: string }).name;
}

test.describe('notifications', () => {
  let push: FakePushService;
  test.beforeAll(async () => {
    push = await startFakePushService();
  });
  test.afterAll(async () => {
    await push.close();
  });

  test('each of the five types happens in the app, reaches the inbox and, pushed, the worker; each opens its page', async ({
    page,
    context,
    request,
    baseURL,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    const origin = baseURL!;
    await context.grantPermissions(['notifications'], { origin });
    const device = await preparePushDevice(context, push, 'holder-phone');
    const email = 'notify-holder@example.com';
    const investor = await signInApprovedInvestor(page.request, context, origin, email);
    const governed = governanceProjectId();
    const governedName = await projectName(request, investor.accessToken, governed);
    giveHolding(email, governed, 15);
    // Another holder of the same project, who opens a proposal.
    const proposer = await createEnrolledUser(request, 'notify-proposer@example.com');
    await approveIdentity(request, proposer.accessToken, 'notify-proposer@example.com');
    giveHolding('notify-proposer@example.com', governed, 20);

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
    expect(subscriptionCount(device.endpoint)).toBe(1);
    await page.screenshot({ path: 'test-results/notifications-settings-390.png', fullPage: true });

    const session = await context.newCDPSession(page);
    const worker = { session, registrationId: await serviceWorkerRegistrationId(session, `${origin}/`), origin };
    /** The push of this event reaches the worker, which shows it with its tag and its link. */
    const expectPushed = async (
      match: { title: string; bodyHas: string },
      expected: { type: string; tag: string; link: string },
    ) => {
      // The worker tells open pages once it has shown a push; wait for that word before asking
      // for the shown notifications, so the list is never read while the worker is still at it.
      await page.evaluate(() => {
        const shown = new Promise<number>((resolve) => {
          const listener = (event: MessageEvent<{ type?: string; id?: number }>) => {
            if (event.data?.type !== 'NOTIFICATION_RECEIVED') return;
            navigator.serviceWorker.removeEventListener('message', listener);
            resolve(event.data.id ?? 0);
          };
          navigator.serviceWorker.addEventListener('message', listener);
        });
        (window as unknown as { pushShown: Promise<number> }).pushShown = shown;
      });
      const payload = await relayPush(push, device, worker, match);
      expect(payload).toMatchObject(expected);
      expect(await page.evaluate(() => (window as unknown as { pushShown: Promise<number> }).pushShown)).toBe(
        payload.id,
      );
      await expect
        .poll(async () => (await shownNotifications(page)).find((shown) => shown.tag === expected.tag), {
          timeout: 10_000,
        })
        .toEqual({ title: match.title, body: payload.body, tag: expected.tag, link: expected.link });
    };

    // PROPOSAL_CREATED: the other holder opens a proposal (as the app does, through the API).
    const proposal = 'Add a fan-meeting night';
    const opened = await request.post(`/api/v1/governance/${governed}/proposals`, {
      headers: { authorization: `Bearer ${proposer.accessToken}` },
      data: {
        title: proposal,
        body: 'One more evening with the cast.',
        options: ['Yes', 'No'],
        endsAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
        quorumPercent: 0,
        thresholdPercent: 50,
        resultsVisibleBeforeClose: false,
      },
    });
    expect(opened.status(), await opened.text()).toBe(201);
    await expectPushed(
      { title: `New proposal in ${governedName}`, bodyHas: proposal },
      { type: 'PROPOSAL_CREATED', tag: `moa-proposal-p${governed}`, link: `/governance/proposal/${governed}` },
    );

    // VOTE_FINISH: its end passes and the close runs (the server's own sweep may come first).
    endVotingNow(proposal);
    expect(moa('governance:close-due')).toMatch(/^Closed [01] vote/);
    await expectPushed(
      { title: `Vote closed in ${governedName}`, bodyHas: proposal },
      { type: 'VOTE_FINISH', tag: `moa-vote-p${governed}`, link: `/governance/proposal/${governed}` },
    );

    // AGENDA_CLOSED: an operator opens an agenda and closes it.
    const agenda = 'Approve the annual report';
    const agendaOpened = moa(
      'agenda:open',
      String(governed),
      '+2h',
      '0',
      '50',
      agenda,
      'The 2026 report.',
      'Yes',
      'No',
    );
    const agendaId = /Opened agenda (\d+)/.exec(agendaOpened)![1]!;
    expect(moa('agenda:close', agendaId)).toBe(`Closed agenda ${agendaId}.`);
    await expectPushed(
      { title: `Agenda closed in ${governedName}`, bodyHas: agenda },
      { type: 'AGENDA_CLOSED', tag: `moa-agenda-p${governed}`, link: `/governance/agenda/${governed}` },
    );

    // CONTRACT_SIGNED: the investor signs an order's contract on the invest page.
    const invested = projectIdByName('Han River Sessions: Drama OST Collection');
    const order = await reserveOrder(page.request, investor.accessToken, invested, 4);
    await signContractInApp(page, invested, order.id, 'Test Investor');
    await expectPushed(
      { title: 'Contract signed', bodyHas: order.reference },
      { type: 'CONTRACT_SIGNED', tag: `moa-contract-p${invested}`, link: '/account/documents' },
    );

    // PROMOTE: an operator's promotion, to those who turned promotions on.
    const promoted = projectIdByName('Seoul Midnight: Catalogue Royalties');
    expect(
      moa('promote:send', String(promoted), 'Spring drop', 'Seoul Midnight opens a second tranche on Friday.'),
    ).toMatch(/stored for \d+ investor\(s\)/);
    await expectPushed(
      { title: 'Spring drop', bodyHas: 'second tranche' },
      { type: 'PROMOTE', tag: `moa-promote-p${promoted}`, link: `/projects/${promoted}` },
    );
    // The inbox lists all five, newest first, each linking where its push does.
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Notifications, 5 unread' }).click();
    await expectHeading(page, /^Notifications$/);
    const list = page.getByRole('list', { name: 'Your notifications, newest first' });
    const cases = [
      { label: 'Promotion', title: 'Spring drop', link: `/projects/${promoted}`, heading: /Seoul Midnight/ },
      { label: 'Contract signed', title: 'Contract signed', link: '/account/documents', heading: /^Documents$/ },
      {
        label: 'Agenda closed',
        title: `Agenda closed in ${governedName}`,
        link: `/governance/agenda/${governed}`,
        heading: /^Agendas$/,
      },
      {
        label: 'Vote finished',
        title: `Vote closed in ${governedName}`,
        link: `/governance/proposal/${governed}`,
        heading: /^Proposals$/,
      },
      {
        label: 'New proposal',
        title: `New proposal in ${governedName}`,
        link: `/governance/proposal/${governed}`,
        heading: /^Proposals$/,
      },
    ];
    await expect(list.getByRole('link')).toHaveCount(5);
    for (const [index, item] of cases.entries()) {
      const entry = list.getByRole('link').nth(index);
      await expect(entry).toContainText(item.label);
      await expect(entry).toContainText(item.title);
      await expect(entry).toHaveAttribute('href', item.link);
    }
    await page.screenshot({ path: 'test-results/notifications-inbox-390.png', fullPage: true });

    // Each opens the screen it is about; opening one counts it as read, and the rest can be marked at once.
    for (const [index, item] of cases.entries()) {
      if (index > 0) await page.goto('/account/notifications');
      await list.getByRole('link').nth(index).click();
      await expect(page).toHaveURL(new RegExp(`${item.link}$`));
      await expectHeading(page, item.heading);
      if (index === 0) {
        await expect(banner.getByRole('link', { name: 'Notifications, 4 unread' })).toBeVisible();
        await page.goto('/account/notifications');
        await page.getByRole('button', { name: 'Mark all as read' }).click();
        await expect(banner.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
      }
    }

    // The inbox opens from the device with the network cut, saying when it was saved.
    await page.goto('/account/notifications');
    await expect(list.getByRole('link')).toHaveCount(5);
    await expect.poll(() => isQuerySaved(page, '["notifications","inbox"]')).toBe(true);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    try {
      await page.goto('/account/notifications');
      await expect(list.getByRole('link')).toHaveCount(5);
      await expect(list.getByRole('link').first()).toContainText('Spring drop');
      await expect(page.getByTestId('offline-banner')).toContainText(/Showing what this device saved on/);
    } finally {
      await context.setOffline(false);
    }

    // Signing out here tells the server first, so this device gets nothing more.
    await page.goto('/account/account-settings');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/signin/);
    await expect.poll(() => subscriptionCount(device.endpoint)).toBe(0);
    // Requests refused while offline are reported by the browser itself; nothing else may be.
    expect(consoleErrors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });

  test('a sign-out that starts while the device is telling the server its subscription waits for it, and leaves nothing subscribed', async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    const origin = baseURL!;
    await context.grantPermissions(['notifications'], { origin });
    const device = await preparePushDevice(context, push, 'signing-out-phone');
    await signInApprovedInvestor(page.request, context, origin, 'notify-signing-out@example.com');
    await page.goto('/account/notification-settings');
    await page.getByRole('button', { name: 'Turn on push' }).click();
    await expect(page.getByText('On for this device.')).toBeVisible();

    // Each page load tells the server this device's subscription again. Here that word is slow
    // to arrive: it is held until the investor has signed out while it is on its way.
    let arrive = () => {};
    const renewalMayArrive = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    await page.route('**/api/v1/push/subscriptions', async (route) => {
      if (route.request().method() === 'POST') await renewalMayArrive;
      await route.continue();
    });
    const renewing = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/v1/push/subscriptions'),
    );
    await page.goto('/account/account-settings');
    await renewing;
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    arrive();
    await expect(page).toHaveURL(/\/auth\/signin/);
    // The forgetting came after the renewal, and the session ended after both: nothing refused.
    await expect.poll(() => subscriptionCount(device.endpoint)).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(subscriptionCount(device.endpoint)).toBe(0);
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
