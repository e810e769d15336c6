import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../lib/head';
import { ComingSoon } from '../ui/coming-soon';

export const Route = createFileRoute('/landing')({
  head: () => pageHead('Own a piece of the culture you love'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Own a piece of the culture you love'} eyebrow={'Why Moa'}>
      <p>
        Moa turns the things that make Korean culture travel the world (chart-topping music catalogues, drama and film
        rights, restaurants, hanwoo herds and craft houses) into tokens you can own from a few dollars up.
      </p>
      <p>
        The full story of how an offering is chosen, verified and paid out is being written up for this page. Until
        then, the home page and How Moa works cover the essentials.
      </p>
    </ComingSoon>
  );
}
