import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../lib/head';
import { ComingSoon } from '../../../../ui/coming-soon';
import { redirectSearchSchema } from '../../../../domain/search';

export const Route = createFileRoute('/auth/verify/investor/success')({
  validateSearch: redirectSearchSchema,
  head: () => pageHead('Your investor verification'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Your investor verification'} eyebrow={'Accredited investors'}>
      <p>This page will show where your investor verification stands and what it unlocks.</p>
      <p>Investor verification opens soon.</p>
    </ComingSoon>
  );
}
