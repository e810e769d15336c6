import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../lib/head';
import { ComingSoon } from '../ui/coming-soon';

export const Route = createFileRoute('/faq')({
  head: () => pageHead('Frequently asked questions'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Frequently asked questions'} eyebrow={'Help'}>
      <p>
        Answers about signing in, identity checks, investing, payments, gifts and governance, grouped and searchable,
        with a link to each answer.
      </p>
      <p>The answers are being written and will appear here.</p>
    </ComingSoon>
  );
}
