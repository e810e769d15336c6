import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { VotingPage, loadVotings } from '../../../../features/governance/components/voting-page';
import { productDetailOptions } from '../../../../features/projects/queries';
import { pageHead } from '../../../../lib/head';
import { t } from '../../../../lib/i18n';
import { productIdParams } from '../../../../lib/route-params';
import { PushOfferAfterVote } from '../-components/push-offer-after-vote';

export const Route = createFileRoute('/_kyc/governance/proposal/$productId')({
  staticData: { prerender: true, texts: ['governance', 'notifications'] },
  params: productIdParams,
  loader: ({ context, params }) => loadVotings(context.queryClient, params.productId, 'PROPOSAL'),
  head: () => pageHead(t('governance.proposals')),
  component: Page,
});

function Page() {
  const { productId } = Route.useParams();
  const { data: project } = useQuery(productDetailOptions(productId));
  return (
    <>
      <VotingPage productId={productId} kind="PROPOSAL" project={project} />
      <PushOfferAfterVote productId={productId} kind="PROPOSAL" />
    </>
  );
}
