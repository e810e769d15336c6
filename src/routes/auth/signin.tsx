import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/head';
import { ComingSoon } from '../../ui/coming-soon';
import { redirectSearchSchema } from '../../domain/search';

export const Route = createFileRoute('/auth/signin')({
  validateSearch: redirectSearchSchema,
  head: () => pageHead('Sign in to Moa'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Sign in to Moa'} eyebrow={'Welcome'}>
      <p>
        Sign in with Google or with a one-time code sent to your email. After signing in you set up a second factor,
        then verify your identity before investing.
      </p>
      <p>Sign-in is being connected and opens soon.</p>
    </ComingSoon>
  );
}
