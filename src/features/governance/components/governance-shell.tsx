import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { SectionAccess } from '../../../domain/governance';
import { formatDateTime } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { useIsOnline } from '../../../lib/use-online';

/** The frame of the four governance pages: title, the way back, and the offline notice. */
export function GovernanceShell({
  productId,
  title,
  fetchedAt,
  children,
}: {
  productId: number;
  title: string;
  fetchedAt: number;
  children: ReactNode;
}) {
  const isOnline = useIsOnline();
  return (
    <article className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <Link to="/projects/$productId" params={{ productId }} className="text-link text-sm">
        {t('governance.backToProject')}
      </Link>
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
    <p className="text-xs text-ink-muted">
      <span className="font-semibold text-ink-soft">{author.name ?? t('governance.member')}</span>{' '}
      <span className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-800" data-testid="author-source">
        {t(`governance.source.${author.source}`)}
      </span>
      {author.badge ? <span className="ml-1">· {author.badge}</span> : null} · {formatDateTime(at)}
    </p>
  );
}
