import { createEnrolledUser } from './auth-helpers';
import { approveIdentity } from './catalogue-helpers';
import { expect, test } from './fixtures';
import { giveHolding, governanceProjectId, projectNameAndLogo } from './governance-helpers';
import { auditEntries, newAdmin, shot, signInAs } from './operator-helpers';

for (const width of [390, 1280]) {
  test.describe(`the console's revenue and governance at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('one admin proposes a distribution, a second approves it, and the holder sees the payout', async ({
      page,
      context,
      request,
      baseURL,
      consoleErrors,
    }) => {
      test.setTimeout(180_000);
      const productId = governanceProjectId();
      const { name } = projectNameAndLogo(productId);
      const proposer = await newAdmin(request, `treasurer-${width}@example.com`);
      const approver = await newAdmin(request, `checker-${width}@example.com`);
      const holderEmail = `payee-${width}@example.com`;
      const holder = await createEnrolledUser(request, holderEmail);
      await approveIdentity(request, holder.accessToken, holderEmail);
      giveHolding(holderEmail, productId, 5000);

      await signInAs(context, baseURL!, proposer.accessToken);
      await page.goto('/operator/revenue');
      await expect(page.getByRole('heading', { level: 1, name: 'Revenue distribution' })).toBeVisible();
      await page.getByLabel('Project').selectOption(String(productId));
      // A different amount at each width: the same project, date and amount again is a repeat.
      await page.getByLabel(/^Amount/).fill(width === 390 ? '1,234' : '1,235');
      await expect(page.getByText(/^Exactly /)).toBeVisible();
      const commit = page.getByRole('button', { name: 'Commit the distribution' });
      await expect(commit).toHaveCount(0);
      await page.getByRole('button', { name: 'Preview the shares' }).click();
      await expect(page.getByRole('heading', { name: /^Shares of \d+ holders$/ })).toBeVisible();
      const share =
        width >= 1024
          ? page.getByRole('row', { name: new RegExp(holderEmail) })
          : page.getByRole('listitem').filter({ hasText: holderEmail });
      await expect(share).toContainText('5,000');
      await expect(page.getByTestId('distribution-total')).toContainText('the shares add up to the amount');
      await shot(page, `revenue-preview-${width}`);
      // A double click sends one key: one proposal.
      await commit.dblclick();
      const outcome = page.getByTestId('distribution-outcome');
      await expect(outcome).toContainText('Proposed: it is committed when a second admin approves it.');
      await expect(commit).toBeDisabled();
      await shot(page, `revenue-proposed-${width}`);
      await outcome.getByRole('link', { name: 'Open Approvals' }).click();
      const mine = page.getByRole('listitem').filter({ hasText: `holders of project ${productId}` });
      await expect(mine).toHaveCount(1);
      await expect(mine).toContainText('You proposed this');

      await signInAs(context, baseURL!, approver.accessToken);
      await page.goto('/operator/approvals');
      const proposal = page.getByRole('listitem').filter({ hasText: `holders of project ${productId}` });
      await expect(proposal).toHaveCount(1);
      await proposal.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText('Approved: the action was applied.')).toBeVisible();

      await signInAs(context, baseURL!, holder.accessToken);
      await page.goto('/account/overview');
      const payouts = page.locator('li').filter({ hasText: `${name} · ` });
      await expect(payouts).toHaveCount(1);
      await shot(page, `revenue-holder-${width}`);

      // The audit log names each step's operator: the proposal, the approval, the distribution.
      await signInAs(context, baseURL!, approver.accessToken);
      await page.goto(`/operator/audit?actor=${encodeURIComponent(`treasurer-${width}@example.com`)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      const about = `holders of project ${productId}`;
      await expect(auditEntries(page, width, 'APPROVAL_PROPOSED', `operator:treasurer-${width}@`, about)).toHaveCount(
        1,
      );
      await expect(auditEntries(page, width, 'APPROVAL_APPROVED', `operator:checker-${width}@`, about)).toHaveCount(1);
      await expect(
        auditEntries(page, width, 'REVENUE_DISTRIBUTED', `approved by operator:checker-${width}@example.com`),
      ).toHaveCount(1);
      await shot(page, `revenue-audit-${width}`);
      expect(consoleErrors).toEqual([]);
    });

    test('an admin opens an agenda from the console and holders find it on the project’s agendas', async ({
      page,
      context,
      request,
      baseURL,
      consoleErrors,
    }) => {
      test.setTimeout(120_000);
      const productId = governanceProjectId();
      const admin = await newAdmin(request, `chair-${width}@example.com`);
      const voterEmail = `voter-${width}@example.com`;
      const voter = await createEnrolledUser(request, voterEmail);
      await approveIdentity(request, voter.accessToken, voterEmail);
      giveHolding(voterEmail, productId, 30);
      const title = `Encore budget ${width}`;

      await signInAs(context, baseURL!, admin.accessToken);
      await page.goto(`/operator/governance?tab=agendas&project=${productId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Governance' })).toBeVisible();
      // The schema's own rule, before anything is sent: two options at least.
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Text').fill('Shall the encore budget grow by a tenth?');
      await page.getByPlaceholder('Option 1').fill('Yes');
      await page.getByRole('button', { name: 'Open the agenda' }).click();
      await expect(page.getByRole('alert')).toContainText('options');
      await page.getByPlaceholder('Option 2').fill('No');
      await page.getByLabel('Shielded until the close').check();
      await page.getByRole('button', { name: 'Open the agenda' }).click();
      await expect(page.getByText('Agenda opened.')).toBeVisible();
      const listed = page.getByRole('listitem').filter({ hasText: title });
      await expect(listed).toContainText('Open');
      await expect(listed.getByRole('button', { name: 'Close now' })).toBeVisible();
      await shot(page, `governance-agendas-${width}`);
      await page.getByRole('tab', { name: 'Reported posts' }).click();
      await expect(page).toHaveURL(/tab=moderation/);
      await shot(page, `governance-moderation-${width}`);

      // A holder finds it on the project's agendas, results shielded until the close.
      await signInAs(context, baseURL!, voter.accessToken);
      await page.goto(`/governance/agenda/${productId}`);
      await expect(page.getByTestId('voting-item').filter({ hasText: title })).toBeVisible();
      await shot(page, `governance-holder-${width}`);
      expect(consoleErrors).toEqual([]);
    });
  });
}
