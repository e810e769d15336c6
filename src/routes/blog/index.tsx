import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/head';
import { ComingSoon } from '../../ui/coming-soon';

export const Route = createFileRoute('/blog/')({
  head: () => pageHead('Blog'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Blog'} eyebrow={'Stories'}>
      <p>
        Field notes from the people behind our offerings: how a K-pop catalogue earns royalties, what a hanwoo herd
        costs to raise, why a Seoul kitchen is worth backing.
      </p>
      <p>Posts will open here, and stay readable offline once you have opened them.</p>
    </ComingSoon>
  );
}
