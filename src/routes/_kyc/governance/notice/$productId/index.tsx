import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { GovernanceShell, LockedSection } from '../../../../../features/governance/components/governance-shell';
import { NoticeMarks } from '../../../../../features/governance/components/notice';
import { noticesOptions } from '../../../../../features/governance/queries';
import type { Notice } from '../../../../../domain/governance';
import { formatDateTime } from '../../../../../lib/dates';
import { productDetailOptions } from '../../../../../features/projects/queries';
import { pageHead } from '../../../../../lib/head';
import { t } from '../../../../../lib/i18n';
import { RequestError } from '../../../../../lib/request-error';
import { productIdParams } from '../../../../../lib/route-params';

export const Route = createFileRoute('/_kyc/governance/notice/$productId/')({
  staticData: { texts: ['governance'] },
  params: productIdParams,
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(noticesOptions(params.productId));
    } catch (error) {
      if (error instanceof RequestError && error.code === 'NOT_FOUND') throw notFound();
      throw error;
    }
  },
  head: () => pageHead(t('governance.notices')),
  component: Page,
});

/** A notice in the list (pinned first, then newest): its title opens its own page. */
function NoticeItem({ notice, productId }: { notice: Notice; productId: number }) {
  return (
    <section className="card p-5" data-testid="notice" aria-labelledby={`notice-${notice.id}`}>
      <NoticeMarks notice={notice} />
      <h2 id={`notice-${notice.id}`} className="mt-1 text-lg font-bold text-ink">
        <Link
          to="/governance/notice/$productId/$noticeId"
          params={{ productId, noticeId: notice.id }}
          className="focus-ring hover:underline"
        >
          {notice.title}
        </Link>
      </h2>
      <p className="text-xs text-ink-muted">
        {t(`governance.source.${notice.source}`)} · {formatDateTime(notice.createdAt)}
      </p>
    </section>
  );
}

function Page() {
  const { productId } = Route.useParams();
  const { data: project } = useQuery(productDetailOptions(productId));
  const { data, dataUpdatedAt } = useSuspenseQuery(noticesOptions(productId));
  return (
    <GovernanceShell productId={productId} project={project} title={t('governance.notices')} fetchedAt={dataUpdatedAt}>
      {!data.section.unlocked ? <LockedSection section={data.section} /> : null}
      {data.section.unlocked && data.notices.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('governance.noNotices')}</p>
      ) : null}
      {data.notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} productId={productId} />
      ))}
    </GovernanceShell>
  );
}
