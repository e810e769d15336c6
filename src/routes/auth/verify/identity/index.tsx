import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../../lib/head';
import { ComingSoon } from '../../../../ui/coming-soon';
import { redirectSearchSchema } from '../../../../domain/search';

export const Route = createFileRoute('/auth/verify/identity/')({
  validateSearch: redirectSearchSchema,
  head: () => pageHead('Verify your identity'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Verify your identity'} eyebrow={'Identity check'}>
      <p>
        Before you invest, the law asks us to confirm who you are: your legal name, date of birth, country of residence,
        an identity document and a selfie.
      </p>
      <p>The identity check opens soon.</p>
    </ComingSoon>
  );
}
