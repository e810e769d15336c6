import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../lib/head';
import { ComingSoon } from '../../../../ui/coming-soon';

export const Route = createFileRoute('/_kyc/governance/community/$productId')({
  head: () => pageHead('Community'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Community'} eyebrow={'Governance'}>
      <p>Discussion, reviews and updates, with answers from investors, the project team and Moa.</p>
      <p>Governance opens soon.</p>
    </ComingSoon>
  );
}
