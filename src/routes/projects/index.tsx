import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/head';
import { ComingSoon } from '../../ui/coming-soon';

export const Route = createFileRoute('/projects/')({
  head: () => pageHead('Projects'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Projects'} eyebrow={'Browse'}>
      <p>
        Every offering on Moa will be listed here with its price per token, how much of its goal is raised, how long the
        sale runs and how many investors have joined.
      </p>
      <p>
        The catalogue is being connected to live offerings. Filters by theme and sale status, and infinite scrolling,
        come with it.
      </p>
    </ComingSoon>
  );
}
