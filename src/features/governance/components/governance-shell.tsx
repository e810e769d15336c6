import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { SectionAccess } from '../../../domain/governance';
import { formatDateTime } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { useIsOnline } from '../../../lib/use-online';
import { BadgeMark } from './badge-mark';

/** The frame of the four governance pages: title, the way back, and the offline notice. */
export function GovernanceShell({
  productId,
  title,
  fetchedAt,
  back,
  children,
}: {
  productId: number;
  title: string;
  fetchedAt: number;
  /** On a notice's or a thread's own page: the way back to its list (the project stays one more link away). */
  back?: ReactNode;
  children: ReactNode;
}) {
  const isOnline = useIsOnline();
  return (
    <article className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <nav className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={t('governance.eyebrow')}>
        {back}
        <Link to="/projects/$productId" params={{ productId }} className="text-link">
          {t('governance.backToProject')}
        </Link>
      </nav>
      <p className="mt-4 text-xs font-semibold uppercase tracking-wide text-brand-700">{t('governance.eyebrow')}</p>
      <h1 className="mt-1 text-2xl font-bold text-ink sm:text-3xl">{title}</h1>
      {!isOnline ? (
        <p
          role="status"
          data-testid="governance-offline"
          className="mt-4 rounded-lg bg-gold-100 px-4 py-3 text-sm text-ink"
        >
          {t('governance.offline', { time: fetchedAt > 0 ? formatDateTime(new Date(fetchedAt).toISOString()) : '—' })}
        </p>
      ) : null}
      <div className="mt-6 space-y-4">{children}</div>
    </article>
  );
}

const unlockKey = {
  PRE_KYC: 'governance.unlock.PRE_KYC',
  POST_KYC: 'governance.unlock.POST_KYC',
  INVESTOR: 'governance.unlock.INVESTOR',
} as const;

/** What unlocks a section the user may not see yet. */
export function LockedSection({ section }: { section: SectionAccess }) {
  return (
    <div className="card p-5" role="note">
      <p className="font-semibold text-ink">{t('governance.locked')}</p>
      <p className="mt-1 text-sm text-ink-soft">{t(unlockKey[section.viewType])}</p>
    </div>
  );
}

/** Server-sanitized HTML of a post, notice or proposal. */
export function PostBody({ html }: { html: string }) {
  return (
    <div className="prose-sm mt-2 whitespace-pre-wrap text-sm text-ink" dangerouslySetInnerHTML={{ __html: html }} />
  );
}

export function AuthorLine({
  author,
  at,
}: {
  author: { name: string | null; source: 'INVESTOR' | 'ADMIN' | 'SELLER'; badge: string | null };
  at: string;
}) {
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-ink-muted">
      <span className="font-semibold text-ink-soft" data-testid="author-name">
        {author.name ?? t('governance.member')}
      </span>
      {author.badge ? <BadgeMark name={author.badge} /> : null}
      <span className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-800" data-testid="author-source">
        {t(`governance.source.${author.source}`)}
      </span>
      <time dateTime={at}>{formatDateTime(at)}</time>
    </p>
  );
}

/** A notice or post opened from a link, in a section the reader may not see (yet): what the server said unlocks it. */
export function LockedItem({ reason }: { reason: string }) {
  return (
    <div className="card p-5" role="note" data-testid="governance-locked">
      <p className="font-semibold text-ink">{t('governance.locked')}</p>
      <p className="mt-1 text-sm text-ink-soft">{reason}</p>
    </div>
  );
}
