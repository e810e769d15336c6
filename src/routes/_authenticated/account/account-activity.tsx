import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/head';
import { ComingSoon } from '../../../ui/coming-soon';

export const Route = createFileRoute('/_authenticated/account/account-activity')({
  head: () => pageHead('Account activity'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Account activity'} eyebrow={'Your account'}>
      <p>Every sign-in, security change and review decision on your account, with when and from where.</p>
      <p>Activity opens together with sign-in.</p>
    </ComingSoon>
  );
}
