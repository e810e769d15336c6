import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { GovernanceShell, LockedItem } from '../../../../../features/governance/components/governance-shell';
import { NoticeView } from '../../../../../features/governance/components/notice';
import { noticeOptions } from '../../../../../features/governance/queries';
import { noticeParams } from '../../../../../features/governance/route-params';
import { pageHead } from '../../../../../lib/head';
import { t } from '../../../../../lib/i18n';
import { RequestError } from '../../../../../lib/request-error';
import { ErrorPage } from '../../../../-components/error-page';

export const Route = createFileRoute('/_kyc/governance/notice/$productId/$noticeId')({
  params: noticeParams,
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(noticeOptions(params.productId, params.noticeId, context.queryClient));
    } catch (error) {
      if (error instanceof RequestError && error.code === 'NOT_FOUND') throw notFound();
      throw error;
    }
  },
  head: () => pageHead(t('governance.notice')),
  errorComponent: (props) =>
    props.error instanceof RequestError && props.error.code === 'SECTION_LOCKED' ? (
      <Locked reason={props.error.message} />
    ) : (
      <ErrorPage {...props} />
    ),
  component: Page,
});

/** A link to an item of a section the reader may not see: the way back and what unlocks it, not an error. */
function Locked({ reason }: { reason: string }) {
  const { productId } = Route.useParams();
  return (
    <GovernanceShell productId={productId} title={t('governance.notice')} fetchedAt={0}>
      <LockedItem reason={reason} />
    </GovernanceShell>
  );
}

function Page() {
  const { productId, noticeId } = Route.useParams();
  const queryClient = useQueryClient();
  const { data, dataUpdatedAt } = useSuspenseQuery(noticeOptions(productId, noticeId, queryClient));
  return (
    <GovernanceShell
      productId={productId}
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
