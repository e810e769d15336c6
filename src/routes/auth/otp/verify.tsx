import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/head';
import { ComingSoon } from '../../../ui/coming-soon';
import { redirectSearchSchema } from '../../../domain/search';

export const Route = createFileRoute('/auth/otp/verify')({
  validateSearch: redirectSearchSchema,
  head: () => pageHead('Enter your code'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Enter your code'} eyebrow={'Two-step sign-in'}>
      <p>Enter the 6-digit code from your authenticator app, or one of your recovery codes, to finish signing in.</p>
      <p>Verification opens together with sign-in.</p>
    </ComingSoon>
  );
}
