import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/head';
import { ComingSoon } from '../../../ui/coming-soon';

export const Route = createFileRoute('/_authenticated/account/documents')({
  head: () => pageHead('Documents'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Documents'} eyebrow={'Your account'}>
      <p>Every contract you sign and every statement we issue, ready to download.</p>
      <p>Documents appear here once contract signing opens.</p>
    </ComingSoon>
  );
}
