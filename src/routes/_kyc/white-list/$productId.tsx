import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/head';
import { ComingSoon } from '../../../ui/coming-soon';

export const Route = createFileRoute('/_kyc/white-list/$productId')({
  head: () => pageHead('Request access'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Request access'} eyebrow={'Restricted offering'}>
      <p>
        Some offerings are open only to investors on their allowed list. Here you will ask for access and see the
        answer.
      </p>
      <p>Access requests open together with the catalogue.</p>
    </ComingSoon>
  );
}
