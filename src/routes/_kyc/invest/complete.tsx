import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/head';
import { ComingSoon } from '../../../ui/coming-soon';

export const Route = createFileRoute('/_kyc/invest/complete')({
  head: () => pageHead('Investment received'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Investment received'} eyebrow={'Investing'}>
      <p>Once your payment is confirmed, your tokens appear in your account.</p>
      <p>Investing opens soon.</p>
    </ComingSoon>
  );
}
