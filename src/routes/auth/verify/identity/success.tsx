import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../lib/head';
import { ComingSoon } from '../../../../ui/coming-soon';
import { redirectSearchSchema } from '../../../../domain/search';

export const Route = createFileRoute('/auth/verify/identity/success')({
  validateSearch: redirectSearchSchema,
  head: () => pageHead('Your identity check'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Your identity check'} eyebrow={'Identity check'}>
      <p>
        This page will tell you where your review stands: submitted, in review, on hold, approved, or what to fix if
        something was missing.
      </p>
      <p>The identity check opens soon.</p>
    </ComingSoon>
  );
}
