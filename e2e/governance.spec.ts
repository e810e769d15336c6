import { createEnrolledUser } from './auth-helpers';
import { approveIdentity, moa, signInApprovedInvestor } from './catalogue-helpers';
import { expect, expectHeading, test } from './fixtures';
import { endVotingNow, giveHolding, governanceProjectId, projectNameAndLogo } from './governance-helpers';
import { savedQueries } from './saved-queries';
import { waitForServiceWorker } from './service-worker';

test.describe('governance of a project', () => {
  test('two holders vote on a proposal and see the weighted result after the close', async ({
    page,
    browser,
    request,
    context,
    baseURL,
    consoleErrors,
  }) => {
    test.setTimeout(120_000);
    const productId = governanceProjectId();
    await signInApprovedInvestor(request, context, baseURL!, 'big-holder@example.com');
    giveHolding('big-holder@example.com', productId, 30);
    const otherContext = await browser.newContext({ baseURL: baseURL! });
    const other = await otherContext.newPage();
    await signInApprovedInvestor(request, otherContext, baseURL!, 'small-holder@example.com');
    giveHolding('small-holder@example.com', productId, 12);

    // Reached from the project page.
    await page.goto(`/projects/${productId}`);
    await page.getByRole('link', { name: 'Proposals' }).click();
    await expectHeading(page, /^Proposals$/);
    await page.getByRole('button', { name: 'Open a proposal' }).click();
    await page.getByLabel('Title').fill('Add an encore night');
    await page.getByLabel('Text').fill('One more night at the same venue.');
    await page.getByLabel('Option 1').fill('Yes');
    await page.getByLabel('Option 2').fill('No');
    // The demo project has many other holders: no quorum, so the two votes decide.
    await page.getByLabel('Quorum (%)').fill('0');
    await page.getByRole('button', { name: 'Open the proposal' }).click();
    const item = page.getByTestId('voting-item').filter({ hasText: 'Add an encore night' });
    await expect(item.getByTestId('voting-power')).toContainText('Your voting power: 30 tokens, held on');
    await item.getByLabel('Yes', { exact: true }).check();
    await item.getByRole('button', { name: 'Cast my vote' }).click();
    await expect(item.getByTestId('my-ballot')).toHaveText('You voted “Yes” with 30 tokens.');

    await other.goto(`/governance/proposal/${productId}`);
    const otherItem = other.getByTestId('voting-item').filter({ hasText: 'Add an encore night' });
    await expect(otherItem.getByTestId('voting-power')).toContainText('12 tokens');
    await otherItem.getByLabel('No', { exact: true }).check();
    // A first visit: the page came painted; the app and this device's copy of it are in place
    // before the network goes.
    await waitForServiceWorker(other);
    // Offline the page stays readable and says why voting waits; nothing is queued.
    await otherContext.setOffline(true);
    await expect(other.getByTestId('governance-offline')).toContainText('This is the copy saved on this device');
    await expect(otherItem.getByText('Votes are never saved to send later')).toBeVisible();
    await expect(otherItem.getByRole('button', { name: 'Cast my vote' })).toBeDisabled();
    await otherContext.setOffline(false);
    await otherItem.getByRole('button', { name: 'Cast my vote' }).click();
    await expect(otherItem.getByTestId('my-ballot')).toHaveText('You voted “No” with 12 tokens.');
    await expect(otherItem).toContainText('Results are shown after the close.');

    endVotingNow('Add an encore night');
    // The server's own sweep may close it first; either way it closes once.
    expect(moa('governance:close-due')).toMatch(/^Closed [01] vote/);
    await page.reload();
    await expect(item.getByTestId('weight-1')).toHaveText('30 tokens');
    await expect(item.getByTestId('weight-2')).toHaveText('12 tokens');
    await expect(item.getByTestId('outcome')).toHaveText('Passed: “Yes”');
    await otherContext.close();
    expect(consoleErrors).toEqual([]);
  });

  test('a notice and a community thread answered by the seller, each on its own page', async ({
    page,
    browser,
    request,
    context,
    baseURL,
    consoleErrors,
  }) => {
    test.setTimeout(150_000);
    const productId = governanceProjectId();
    const reader = await signInApprovedInvestor(request, context, baseURL!, 'community-reader@example.com');
    // Enough tokens for the project's top community badge.
    giveHolding('community-reader@example.com', productId, 600);
    const seller = await createEnrolledUser(request, 'seller@example.com');
    await approveIdentity(request, seller.accessToken, 'seller@example.com');
    moa('user:role', 'seller@example.com', 'SELLER');
    moa('seller:assign', 'seller@example.com', String(productId));
    moa(
      'notice:post',
      String(productId),
      '--pin',
      '--seller',
      'seller@example.com',
      'Venue confirmed',
      'The concert hall is booked.',
    );

    // Notices: reached from the project page, each opening its own page, read once opened.
    await page.goto(`/projects/${productId}`);
    await page.getByRole('link', { name: 'Updates' }).click();
    await expectHeading(page, /^Notices$/);
    const notice = page.getByTestId('notice').filter({ hasText: 'Venue confirmed' });
    await expect(notice).toContainText('Pinned');
    await expect(notice).toContainText('New');
    await expect(notice).toContainText('Project team');
    await notice.getByRole('link', { name: 'Venue confirmed' }).click();
    await expect(page).toHaveURL(new RegExp(`/governance/notice/${productId}/\\d+$`));
    await expect(page.getByRole('heading', { name: 'Venue confirmed' })).toBeVisible();
    await expect(page.getByText('The concert hall is booked.')).toBeVisible();
    await expect(page.getByTestId('notice')).not.toContainText('New');
    await page.getByRole('link', { name: '← All notices' }).click();
    await expect(notice).toContainText('Pinned');
    await expect(notice).not.toContainText('New');

    // Community: a thread on its own page, with an answer from the seller.
    await page.goto(`/projects/${productId}`);
    await page.getByRole('link', { name: 'Discussion' }).click();
    await expectHeading(page, /^Community$/);
    await page.getByLabel('Title').fill('Merch at the venue?');
    await page.getByLabel('Text').fill('Will there be a merch stand?');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const thread = page.getByTestId('thread').filter({ hasText: 'Merch at the venue?' });
    await expect(thread.getByTestId('author-badge')).toContainText('Founding holder');

    const threads = await request.get(`/api/v1/governance/${productId}/threads`, {
      headers: { authorization: `Bearer ${seller.accessToken}` },
    });
    const { threads: list } = (await threads.json()) as { threads: Array<{ id: number; title: string }> };
    const threadId = list.find((candidate) => candidate.title === 'Merch at the venue?')!.id;
    const answered = await request.post(`/api/v1/governance/${productId}/threads/${threadId}/answers`, {
      headers: { authorization: `Bearer ${seller.accessToken}` },
      data: { body: 'Yes, next to the entrance.' },
    });
    expect(answered.status()).toBe(201);

    await page.reload();
    await thread.getByRole('link', { name: 'Merch at the venue?', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/governance/community/${productId}/${threadId}$`));
    const sellerAnswer = page.getByTestId('answer').filter({ hasText: 'Yes, next to the entrance.' });
    await expect(sellerAnswer.getByTestId('author-source')).toHaveText('Project team');

    // The author edits their post; anyone may report someone else's to the operator.
    const own = page.getByTestId('thread');
    await own.getByRole('button', { name: 'Edit' }).click();
    await own.getByLabel('Title').fill('Merch stand at the venue?');
    await own.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: 'Merch stand at the venue?' })).toBeVisible();
    await expect(own).toContainText('(edited)');
    await sellerAnswer.getByRole('button', { name: 'Report' }).click();
    await sellerAnswer.getByLabel('What is wrong with this post?').fill('Advertising');
    await sellerAnswer.getByRole('button', { name: 'Send the report' }).click();
    await expect(page.getByText('Thank you. The Moa team will look at it.')).toBeVisible();

    // An answer of one's own: edited, then deleted.
    await page.getByLabel('Your answer').fill('See you there.');
    await page.getByRole('button', { name: 'Answer', exact: true }).click();
    // The newest answer, found by its text before the edit form replaces that text.
    await expect(page.getByTestId('answer').last()).toContainText('See you there.');
    const mine = page.getByTestId('answer').last();
    await mine.getByRole('button', { name: 'Edit' }).click();
    await mine.getByLabel('Text').fill('See you all there.');
    await mine.getByRole('button', { name: 'Save' }).click();
    const edited = page.getByTestId('answer').filter({ hasText: 'See you all there.' });
    await expect(edited).toBeVisible();
    page.once('dialog', (dialog) => void dialog.accept());
    await edited.getByRole('button', { name: 'Delete' }).click();
    await expect(edited).toHaveCount(0);
    // The deletion's toast sits over the top of the page at 390 px until it goes (a pointer
    // resting on it would keep it).
    await page.mouse.move(5, 600);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await page.getByRole('link', { name: '← All posts' }).click();
    await expect(page.getByTestId('thread').filter({ hasText: 'Merch stand at the venue?' })).toContainText(
      'Answers (1)',
    );
    expect(consoleErrors).toEqual([]);

    // A link to a post in the holders' section, opened by someone holding none: what unlocks it.
    const readerHeaders = { authorization: `Bearer ${reader.accessToken}` };
    const { sections } = (await (
      await request.get(`/api/v1/governance/${productId}/threads`, { headers: readerHeaders })
    ).json()) as { sections: Array<{ type: string; sectionId: number; viewType: string }> };
    const holdersOnly = sections.find((section) => section.viewType === 'INVESTOR')!;
    const review = await request.post(`/api/v1/governance/${productId}/threads`, {
      headers: readerHeaders,
      data: { sectionId: holdersOnly.sectionId, title: 'Tasting notes', body: 'For holders.' },
    });
    const reviewId = ((await review.json()) as { id: number }).id;
    const otherContext = await browser.newContext({ baseURL: baseURL! });
    const other = await otherContext.newPage();
    await signInApprovedInvestor(request, otherContext, baseURL!, 'no-tokens@example.com');
    await other.goto(`/governance/community/${productId}/${reviewId}`);
    await expect(other.getByTestId('governance-locked')).toContainText('Only holders');
    // The locked page still names its project and leads back to it.
    await expect(other.getByRole('navigation', { name: 'Governance' }).getByRole('link')).toHaveAttribute(
      'href',
      `/projects/${productId}`,
    );
    await otherContext.close();
  });

  test('the governance pages open offline from the device, with voting and posting disabled', async ({
    page,
    request,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const productId = governanceProjectId();
    await signInApprovedInvestor(request, context, baseURL!, 'offline-holder@example.com');
    giveHolding('offline-holder@example.com', productId, 40);
    moa('notice:post', String(productId), 'Harvest report', 'The herd is healthy.');
    moa(
      'agenda:open',
      String(productId),
      '+2h',
      '0',
      '50',
      'Feed supplier',
      'Choose the supplier.',
      'Local',
      'Imported',
    );

    // Online: a proposal with a ballot, the agendas, a notice, a thread and its page; each is
    // written to the device in the background (a person reads for longer than that takes).
    const saved = (key: string, text: string) =>
      expect
        .poll(async () =>
          (await savedQueries(page)).some(
            (query) => query.key === `["governance",${productId},${key}]` && query.data.includes(text),
          ),
        )
        .toBe(true);
    await page.goto(`/governance/proposal/${productId}`);
    await page.getByRole('button', { name: 'Open a proposal' }).click();
    await page.getByLabel('Title').fill('Winter barn');
    await page.getByLabel('Text').fill('Build a winter barn.');
    await page.getByLabel('Option 1').fill('Build');
    await page.getByLabel('Option 2').fill('Wait');
    await page.getByLabel('Show results while voting is open').check();
    await page.getByRole('button', { name: 'Open the proposal' }).click();
    const proposal = page.getByTestId('voting-item').filter({ hasText: 'Winter barn' });
    await proposal.getByLabel('Build', { exact: true }).check();
    await proposal.getByRole('button', { name: 'Cast my vote' }).click();
    await expect(proposal.getByTestId('my-ballot')).toHaveText('You voted “Build” with 40 tokens.');
    await expect(proposal.getByTestId('weight-1')).toContainText('40 tokens');
    await saved('"votings","PROPOSAL"', '"myBallot":{');

    await page.goto(`/governance/agenda/${productId}`);
    await expect(page.getByTestId('voting-item').filter({ hasText: 'Feed supplier' })).toBeVisible();
    await saved('"votings","AGENDA"', 'Feed supplier');

    await page.goto(`/governance/community/${productId}`);
    await page.getByLabel('Title').fill('Barn colours');
    await page.getByLabel('Text').fill('Red or green?');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByRole('link', { name: 'Barn colours', exact: true }).click();
    await page.getByLabel('Your answer').fill('Red, like the old one.');
    await page.getByRole('button', { name: 'Answer', exact: true }).click();
    await expect(page.getByTestId('answer')).toContainText('Red, like the old one.');
    const threadPath = new URL(page.url()).pathname;
    await saved('"threads","ALL"', 'Barn colours');
    await saved(`"thread",${threadPath.split('/').pop()}`, 'Red, like the old one.');

    await page.goto(`/governance/notice/${productId}`);
    await page.getByRole('link', { name: 'Harvest report' }).click();
    await expect(page.getByText('The herd is healthy.')).toBeVisible();
    const noticePath = new URL(page.url()).pathname;
    await saved(`"notice",${noticePath.split('/').pop()}`, 'The herd is healthy.');
    await page.getByRole('link', { name: '← All notices' }).click();
    await expect(page.getByTestId('notice').filter({ hasText: 'Harvest report' })).toBeVisible();
    await saved('"notices"', 'Harvest report');
    await waitForServiceWorker(page);

    await context.setOffline(true);
    try {
      const offline = () =>
        expect(page.getByTestId('governance-offline')).toContainText('This is the copy saved on this device');
      await page.reload();
      await expectHeading(page, /^Notices$/);
      await offline();
      await expect(page.getByTestId('notice').filter({ hasText: 'Harvest report' })).toBeVisible();

      await page.goto(noticePath);
      await expect(page.getByText('The herd is healthy.')).toBeVisible();
      await offline();

      await page.goto(`/governance/community/${productId}`);
      await expectHeading(page, /^Community$/);
      await offline();
      await expect(page.getByRole('button', { name: 'Post', exact: true })).toBeDisabled();
      await expect(page.getByText('You are offline: connect to post.')).toBeVisible();

      await page.goto(threadPath);
      await expect(page.getByRole('heading', { name: 'Barn colours' })).toBeVisible();
      await expect(page.getByTestId('answer')).toContainText('Red, like the old one.');
      await offline();
      await expect(page.getByRole('button', { name: 'Answer', exact: true })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Edit' }).first()).toBeDisabled();

      await page.goto(`/governance/proposal/${productId}`);
      await offline();
      const saved = page.getByTestId('voting-item').filter({ hasText: 'Winter barn' });
      await expect(saved.getByTestId('my-ballot')).toHaveText('You voted “Build” with 40 tokens.');
      await expect(saved.getByTestId('weight-1')).toContainText('40 tokens');

      await page.goto(`/governance/agenda/${productId}`);
      await offline();
      const agenda = page.getByTestId('voting-item').filter({ hasText: 'Feed supplier' });
      await expect(agenda.getByText('Votes are never saved to send later')).toBeVisible();
      await expect(agenda.getByRole('button', { name: 'Cast my vote' })).toBeDisabled();
    } finally {
      await context.setOffline(false);
    }
  });

  for (const language of ['en', 'ko'] as const) {
    test(`at 390 px in ${language}, each governance page names its project and links back to it`, async ({
      page,
      request,
      context,
      baseURL,
      consoleErrors,
    }) => {
      test.setTimeout(120_000);
      expect(page.viewportSize()?.width).toBe(390);
      await page.addInitScript((locale) => {
        if (!localStorage.getItem('moa.locale')) localStorage.setItem('moa.locale', locale);
      }, language);
      const productId = governanceProjectId();
      const project = projectNameAndLogo(productId);
      await signInApprovedInvestor(request, context, baseURL!, `governance-header-${language}@example.com`);

      for (const path of ['notice', 'community', 'proposal', 'agenda']) {
        // Opened straight from a link: the project page was never seen on this device.
        await page.goto(`/governance/${path}/${productId}`);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
        const header = page.getByTestId('governance-project');
        await expect(header).toHaveAccessibleName(project.name);
        await expect(header).toHaveAttribute('href', `/projects/${productId}`);
        const logo = header.locator('img');
        await expect(logo).toHaveAttribute('src', project.logo);
        await expect(logo).toHaveAttribute('alt', '');
        await expect(logo).toBeVisible();
        await expect
          .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeGreaterThan(0);
        // Nothing wider than the phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }

      await page.getByRole('link', { name: project.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/projects/${productId}$`));
      await expect(page.getByRole('heading', { level: 1, name: project.name })).toBeVisible();
      expect(consoleErrors).toEqual([]);
    });
  }
});
