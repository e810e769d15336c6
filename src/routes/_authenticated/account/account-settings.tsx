import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/head';
import { ComingSoon } from '../../../ui/coming-soon';

export const Route = createFileRoute('/_authenticated/account/account-settings')({
  head: () => pageHead('Account settings'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Account settings'} eyebrow={'Your account'}>
      <p>Your name, email, badge visibility and two-step sign-in, and signing out of every device.</p>
      <p>Settings open together with sign-in.</p>
    </ComingSoon>
  );
}
