import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../lib/head';
import { ComingSoon } from '../../../ui/coming-soon';

export const Route = createFileRoute('/_kyc/projects/$productId')({
  head: () => pageHead('Project'),
  component: Page,
});

function Page() {
  return (
    <ComingSoon title={'Project'} eyebrow={'Project'}>
      <p>
        The full offering: gallery, funding progress, deal terms, the team, gifts and badges, FAQs, risks and documents.
      </p>
      <p>Project pages open together with the catalogue.</p>
    </ComingSoon>
  );
}
