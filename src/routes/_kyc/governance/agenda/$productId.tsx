import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../lib/head';
import { ComingSoon } from '../../../../ui/coming-soon';

export const Route = createFileRoute('/_kyc/governance/agenda/$productId')({
  head: () => pageHead('Agendas'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Agendas'} eyebrow={'Governance'}>
      <p>Formal items put to a vote of all holders, with quorum and results computed when voting closes.</p>
      <p>Governance opens soon.</p>
    </ComingSoon>
  );
}
