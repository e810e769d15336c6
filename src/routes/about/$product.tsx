import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/head';
import { ComingSoon } from '../../ui/coming-soon';

export const Route = createFileRoute('/about/$product')({
  head: () => pageHead('About Moa'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title="About Moa" eyebrow="About">
      <p>
        The story behind each part of Moa (who we are, how offerings are chosen, and why Korean culture) is being
        written for this page.
      </p>
    </ComingSoon>
  );
}
