import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { Notice } from '../../../domain/governance';
import { formatDateTime } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { useIsOnline } from '../../../lib/use-online';
import { useMarkNoticeRead } from '../mutations';
import { PostBody } from './governance-shell';

/** "Pinned" and "New" beside a notice's title. */
export function NoticeMarks({ notice }: { notice: Notice }) {
  if (!notice.isPinned && notice.isRead) return null;
  return (
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
  );
}

/** One notice on its own page; opening it online marks it read for this investor. */
export function NoticeView({ notice }: { notice: Notice }) {
  const isOnline = useIsOnline();
  const { mutate } = useMarkNoticeRead(notice.productId);
  useEffect(() => {
    if (!notice.isRead && isOnline) mutate(notice.id);
  }, [notice.isRead, notice.id, isOnline, mutate]);
  return (
    <section className="card p-5" data-testid="notice" aria-labelledby={`notice-${notice.id}`}>
      <NoticeMarks notice={notice} />
      <h2 id={`notice-${notice.id}`} className="mt-1 text-xl font-bold text-ink">
        {notice.title}
      </h2>
      <p className="text-xs text-ink-muted">
        {t(`governance.source.${notice.source}`)} · {formatDateTime(notice.createdAt)}
      </p>
      <PostBody html={notice.body} />
      {notice.agendaId !== null ? (
        <p className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-sm text-ink">
          {t('governance.carriesOutAgenda')}{' '}
          <Link
            to="/governance/agenda/$productId"
            params={{ productId: notice.productId }}
            hash={`voting-${notice.agendaId}`}
            className="text-link font-semibold"
          >
            {t('governance.seeAgenda')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
