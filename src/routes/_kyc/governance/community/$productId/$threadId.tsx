import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { ThreadView } from '../../../../../features/governance/components/community';
import { GovernanceShell } from '../../../../../features/governance/components/governance-shell';
import { threadOptions } from '../../../../../features/governance/queries';
import { threadParams } from '../../../../../features/governance/route-params';
import { productDetailOptions } from '../../../../../features/projects/queries';
import { pageHead } from '../../../../../lib/head';
import { t } from '../../../../../lib/i18n';
import { ItemError } from '../../-components/item-route';
import { loadItem } from '../../-components/load-item';

export const Route = createFileRoute('/_kyc/governance/community/$productId/$threadId')({
  staticData: { texts: ['catalogue', 'governance'] },
  params: threadParams,
  loader: ({ context, params }) =>
    loadItem(() => context.queryClient.ensureQueryData(threadOptions(params.productId, params.threadId))),
  head: () => pageHead(t('governance.thread')),
  errorComponent: (props) => <ItemError title="governance.thread" {...props} />,
  component: Page,
});

function Page() {
  const { productId, threadId } = Route.useParams();
  const { data: project } = useQuery(productDetailOptions(productId));
  const navigate = useNavigate();
  const { data, dataUpdatedAt } = useSuspenseQuery(threadOptions(productId, threadId));
  return (
    <GovernanceShell
      productId={productId}
      project={project}
      title={t('governance.community')}
      fetchedAt={dataUpdatedAt}
      back={
        <Link to="/governance/community/$productId" params={{ productId }} className="text-link">
          {t('governance.backToCommunity')}
        </Link>
      }
    >
      <ThreadView
        productId={productId}
        detail={data}
        onDeleted={() => void navigate({ to: '/governance/community/$productId', params: { productId } })}
      />
    </GovernanceShell>
  );
}
