import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/head';
import { ComingSoon } from '../../ui/coming-soon';

export const Route = createFileRoute('/about/infrastructure')({
  head: () => pageHead('How Moa works'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'How Moa works'} eyebrow={'About'}>
      <p>
        Custody of the underlying assets, how tokens are issued and recorded, how we verify every investor, how payments
        are confirmed, and how holders vote on what happens next.
      </p>
      <p>A plain-words walkthrough of each of these is being written for this page.</p>
    </ComingSoon>
  );
}
