import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../lib/head';
import { ComingSoon } from '../../../../ui/coming-soon';

export const Route = createFileRoute('/_kyc/governance/notice/$productId')({
  head: () => pageHead('Notices'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Notices'} eyebrow={'Governance'}>
      <p>Announcements from Moa and the project team to everyone who holds or follows the project.</p>
      <p>Governance opens soon.</p>
    </ComingSoon>
  );
}
