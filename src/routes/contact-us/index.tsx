import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/head';
import { ComingSoon } from '../../ui/coming-soon';

export const Route = createFileRoute('/contact-us/')({
  head: () => pageHead('Contact us'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Contact us'} eyebrow={'Help'}>
      <p>
        Questions about an offering, your account or a payment? A contact form that reaches our operators, and confirms
        to you that it did, is on its way.
      </p>
      <p>Until it opens, the FAQ answers the most common questions.</p>
    </ComingSoon>
  );
}
