import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/head';
import { ComingSoon } from '../../../ui/coming-soon';

export const Route = createFileRoute('/_kyc/invest/')({
  head: () => pageHead('Invest'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Invest'} eyebrow={'Investing'}>
      <p>Choose how many tokens to buy, sign the offering contract and pay by bank transfer or crypto.</p>
      <p>Investing opens soon.</p>
    </ComingSoon>
  );
}
