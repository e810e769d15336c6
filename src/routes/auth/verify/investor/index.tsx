import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../lib/head';
import { ComingSoon } from '../../../../ui/coming-soon';
import { redirectSearchSchema } from '../../../../domain/search';

export const Route = createFileRoute('/auth/verify/investor/')({
  validateSearch: redirectSearchSchema,
  head: () => pageHead('Verify your investor status'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Verify your investor status'} eyebrow={'Accredited investors'}>
      <p>
        Some offerings are open only to accredited investors. You will show your basis (income, net worth, a
        professional credential or entity assets) with evidence, and certify it.
      </p>
      <p>Investor verification opens soon.</p>
    </ComingSoon>
  );
}
