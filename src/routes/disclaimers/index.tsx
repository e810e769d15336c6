import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/head';
import { ComingSoon } from '../../ui/coming-soon';

export const Route = createFileRoute('/disclaimers/')({
  head: () => pageHead('Disclaimers'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Disclaimers'} eyebrow={'Legal'}>
      <p>
        Investing in tokenized real-world assets carries risk: you can lose some or all of the money you invest, returns
        are not guaranteed and tokens may be hard to sell.
      </p>
      <p>The full disclaimers for every offering type are being finalised and will be published on this page.</p>
    </ComingSoon>
  );
}
