import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/head';
import { ComingSoon } from '../../../ui/coming-soon';
import { redirectSearchSchema } from '../../../domain/search';

export const Route = createFileRoute('/auth/otp/intro')({
  validateSearch: redirectSearchSchema,
  head: () => pageHead('Protect your account'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Protect your account'} eyebrow={'Two-step sign-in'}>
      <p>
        Moa asks for a 6-digit code from an authenticator app every time you sign in, so your holdings stay yours even
        if your email is compromised.
      </p>
      <p>Any TOTP authenticator works: Google Authenticator, Microsoft Authenticator, 1Password, Authy and others.</p>
    </ComingSoon>
  );
}
