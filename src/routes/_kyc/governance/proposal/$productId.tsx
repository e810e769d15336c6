import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../lib/head';
import { ComingSoon } from '../../../../ui/coming-soon';

export const Route = createFileRoute('/_kyc/governance/proposal/$productId')({
  head: () => pageHead('Proposals'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Proposals'} eyebrow={'Governance'}>
      <p>Holders of a project open proposals and vote on them, weighted by what they held when the proposal opened.</p>
      <p>Governance opens soon.</p>
    </ComingSoon>
  );
}
