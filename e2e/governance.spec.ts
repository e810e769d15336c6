import { createEnrolledUser } from './auth-helpers';
import { approveIdentity, moa, signInApprovedInvestor } from './catalogue-helpers';
import { expect, expectHeading, test } from './fixtures';
import { endVotingNow, giveHolding, governanceProjectId } from './governance-helpers';

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

  test('a notice, and a community thread answered by the seller', async ({
    page,
    request,
    context,
    baseURL,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const productId = governanceProjectId();
    await signInApprovedInvestor(request, context, baseURL!, 'community-reader@example.com');
    moa('notice:post', String(productId), '--pin', 'Venue confirmed', 'The concert hall is booked.');

    await page.goto(`/governance/notice/${productId}`);
    await expectHeading(page, /^Notices$/);
    const notice = page.getByTestId('notice').filter({ hasText: 'Venue confirmed' });
    await expect(notice).toContainText('Pinned');
    await expect(notice).toContainText('New');
    await notice.getByRole('button', { name: 'Venue confirmed' }).click();
    await expect(notice).toContainText('The concert hall is booked.');
    await expect(notice).not.toContainText('New');

    await page.goto(`/governance/community/${productId}`);
    await expectHeading(page, /^Community$/);
    await page.getByLabel('Title').fill('Merch at the venue?');
    await page.getByLabel('Text').fill('Will there be a merch stand?');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const thread = page.getByTestId('thread').filter({ hasText: 'Merch at the venue?' });
    await expect(thread).toBeVisible();

    const seller = await createEnrolledUser(request, 'seller@example.com');
    await approveIdentity(request, seller.accessToken, 'seller@example.com');
    moa('user:role', 'seller@example.com', 'SELLER');
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
    await thread.getByRole('button', { name: 'Answers (1)' }).click();
    const answer = thread.getByTestId('answer');
    await expect(answer).toContainText('Yes, next to the entrance.');
    await expect(answer.getByTestId('author-source')).toHaveText('Project team');
    expect(consoleErrors).toEqual([]);
  });
});
