import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/head';
import { ComingSoon } from '../../../ui/coming-soon';

export const Route = createFileRoute('/_authenticated/account/bank-details')({
  head: () => pageHead('Bank details'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Bank details'} eyebrow={'Your account'}>
      <p>The bank account where Moa pays your distributions.</p>
      <p>Managing bank details opens soon.</p>
    </ComingSoon>
  );
}
