import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/head';
import { ComingSoon } from '../../ui/coming-soon';

export const Route = createFileRoute('/legal/privacy-policy')({
  head: () => pageHead('Privacy policy'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Privacy policy'} eyebrow={'Legal'}>
      <p>
        Moa collects only what the law and your investments require: who you are, how you pay and what you hold. We
        never sell it.
      </p>
      <p>The complete privacy policy will be published here.</p>
    </ComingSoon>
  );
}
