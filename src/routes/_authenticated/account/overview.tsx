import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/head';
import { ComingSoon } from '../../../ui/coming-soon';
import { AccountNav } from './-components/account-nav';

export const Route = createFileRoute('/_authenticated/account/overview')({
  head: () => pageHead('Overview'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Overview'} eyebrow={'Your account'}>
      <p>
        Your portfolio at a glance: what you hold, what it is worth at the offering price, and what it has paid you.
      </p>
      <p>The overview is being built and opens with your first investment.</p>
      <AccountNav />
    </ComingSoon>
  );
}
