import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/head';
import { ComingSoon } from '../../ui/coming-soon';

export const Route = createFileRoute('/terms-of-service/')({
  head: () => pageHead('Terms of service'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Terms of service'} eyebrow={'Legal'}>
      <p>
        These terms will set out what Moa does for you, what you agree to when you invest, and how disputes are
        resolved.
      </p>
      <p>The complete terms will be published here and at their legal address.</p>
    </ComingSoon>
  );
}
