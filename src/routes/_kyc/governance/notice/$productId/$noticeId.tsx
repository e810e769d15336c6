import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { GovernanceShell } from '../../../../../features/governance/components/governance-shell';
import { NoticeView } from '../../../../../features/governance/components/notice';
import { noticeOptions } from '../../../../../features/governance/queries';
import { noticeParams } from '../../../../../features/governance/route-params';
import { productDetailOptions } from '../../../../../features/projects/queries';
import { pageHead } from '../../../../../lib/head';
import { t } from '../../../../../lib/i18n';
import { ItemError } from '../../-components/item-route';
import { loadItem } from '../../-components/load-item';

export const Route = createFileRoute('/_kyc/governance/notice/$productId/$noticeId')({
  staticData: { texts: ['governance'] },
  params: noticeParams,
  loader: ({ context, params }) =>
    loadItem(() =>
      context.queryClient.ensureQueryData(noticeOptions(params.productId, params.noticeId, context.queryClient)),
    ),
  head: () => pageHead(t('governance.notice')),
  errorComponent: (props) => <ItemError title="governance.notice" {...props} />,
  component: Page,
});

function Page() {
  const { productId, noticeId } = Route.useParams();
  const { data: project } = useQuery(productDetailOptions(productId));
  const queryClient = useQueryClient();
  const { data, dataUpdatedAt } = useSuspenseQuery(noticeOptions(productId, noticeId, queryClient));
  return (
    <GovernanceShell
      productId={productId}
      project={project}
      title={t('governance.notice')}
      fetchedAt={dataUpdatedAt}
      back={
        <Link to="/governance/notice/$productId" params={{ productId }} className="text-link">
          {t('governance.backToNotices')}
        </Link>
      }
    >
      <NoticeView notice={data} />
    </GovernanceShell>
  );
}
