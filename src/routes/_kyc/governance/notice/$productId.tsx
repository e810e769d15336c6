import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { GovernanceShell, LockedSection, PostBody } from '../../../../features/governance/components/governance-shell';
import { useMarkNoticeRead } from '../../../../features/governance/mutations';
import { noticesOptions } from '../../../../features/governance/queries';
import type { Notice } from '../../../../domain/governance';
import { formatDateTime } from '../../../../lib/dates';
import { pageHead } from '../../../../lib/head';
import { t } from '../../../../lib/i18n';
import { RequestError } from '../../../../lib/request-error';
import { productIdParams } from '../../../../lib/route-params';
import { useIsOnline } from '../../../../lib/use-online';

export const Route = createFileRoute('/_kyc/governance/notice/$productId')({
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

function NoticeItem({ notice, productId }: { notice: Notice; productId: number }) {
  const [open, setOpen] = useState(false);
  const markRead = useMarkNoticeRead(productId);
  const isOnline = useIsOnline();
  const { mutate } = markRead;
  useEffect(() => {
    if (open && !notice.isRead && isOnline) mutate(notice.id);
  }, [open, notice.isRead, notice.id, isOnline, mutate]);
  return (
    <section className="card p-5" data-testid="notice" aria-labelledby={`notice-${notice.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        {notice.isPinned ? (
          <span className="rounded-full bg-gold-100 px-2 py-0.5 text-xs font-semibold">{t('governance.pinned')}</span>
        ) : null}
        {!notice.isRead ? (
          <span className="rounded-full bg-coral-600 px-2 py-0.5 text-xs font-semibold text-white">
            {t('governance.unread')}
          </span>
        ) : null}
      </div>
      <h2 id={`notice-${notice.id}`} className="mt-1 text-lg font-bold text-ink">
        <button type="button" className="focus-ring text-left" aria-expanded={open} onClick={() => setOpen(!open)}>
          {notice.title}
        </button>
      </h2>
      <p className="text-xs text-ink-muted">
        {t(`governance.source.${notice.source}`)} · {formatDateTime(notice.createdAt)}
      </p>
      {open ? <PostBody html={notice.body} /> : null}
    </section>
  );
}

function Page() {
  const { productId } = Route.useParams();
  const { data, dataUpdatedAt } = useSuspenseQuery(noticesOptions(productId));
  return (
    <GovernanceShell productId={productId} title={t('governance.notices')} fetchedAt={dataUpdatedAt}>
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
