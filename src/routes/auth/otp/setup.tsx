import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/head';
import { ComingSoon } from '../../../ui/coming-soon';
import { redirectSearchSchema } from '../../../domain/search';

export const Route = createFileRoute('/auth/otp/setup')({
  validateSearch: redirectSearchSchema,
  head: () => pageHead('Set up your authenticator'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Set up your authenticator'} eyebrow={'Two-step sign-in'}>
      <p>
        You will scan a QR code (or copy a key) into your authenticator app, enter the first code it shows, and save a
        set of recovery codes.
      </p>
      <p>Setup opens together with sign-in.</p>
    </ComingSoon>
  );
}
