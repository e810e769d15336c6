import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/head';
import { ComingSoon } from '../../../ui/coming-soon';

export const Route = createFileRoute('/_authenticated/account/address-book')({
  head: () => pageHead('Address book'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Address book'} eyebrow={'Your account'}>
      <p>Saved wallet addresses and postal addresses for gifts.</p>
      <p>The address book opens soon.</p>
    </ComingSoon>
  );
}
