import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound, useNavigate } from '@tanstack/react-router';
import { ThreadView } from '../../../../../features/governance/components/community';
import { GovernanceShell, LockedItem } from '../../../../../features/governance/components/governance-shell';
import { threadOptions } from '../../../../../features/governance/queries';
import { threadParams } from '../../../../../features/governance/route-params';
import { pageHead } from '../../../../../lib/head';
import { t } from '../../../../../lib/i18n';
import { RequestError } from '../../../../../lib/request-error';
import { ErrorPage } from '../../../../-components/error-page';

export const Route = createFileRoute('/_kyc/governance/community/$productId/$threadId')({
  params: threadParams,
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(threadOptions(params.productId, params.threadId));
    } catch (error) {
      if (error instanceof RequestError && error.code === 'NOT_FOUND') throw notFound();
      throw error;
    }
  },
  head: () => pageHead(t('governance.thread')),
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
    <GovernanceShell productId={productId} title={t('governance.thread')} fetchedAt={0}>
      <LockedItem reason={reason} />
    </GovernanceShell>
  );
}

function Page() {
  const { productId, threadId } = Route.useParams();
  const navigate = useNavigate();
  const { data, dataUpdatedAt } = useSuspenseQuery(threadOptions(productId, threadId));
  return (
    <GovernanceShell
      productId={productId}
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
