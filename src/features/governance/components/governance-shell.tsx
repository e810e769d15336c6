import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { SectionAccess } from '../../../domain/governance';
import { formatDateTime } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { useIsOnline } from '../../../lib/use-online';
import { BadgeMark } from './badge-mark';

/** What a governance page shows of its project (the project page's own query). */
export type GovernanceProjectFace = { name: string; logo: string };

/** The frame of the four governance pages: the project, title, the way back, and the offline notice. */
export function GovernanceShell({
  productId,
  project,
  title,
  fetchedAt,
  back,
  children,
}: {
  productId: number;
  /**
   * The project's name and logo, from the project page's query (saved on the device like it);
   * undefined until known, and the page does not wait for it.
   */
  project: GovernanceProjectFace | undefined;
  title: string;
  fetchedAt: number;
  /** On a notice's or a thread's own page: the way back to its list (under the project's link). */
  back?: ReactNode;
  children: ReactNode;
}) {
  const isOnline = useIsOnline();
  return (
    <article className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <nav className="flex flex-col items-start gap-1 text-sm" aria-label={t('governance.eyebrow')}>
        <ProjectLink productId={productId} project={project} />
        {back}
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

/**
 * The project's logo and name, linking back to its page. Until the project is known (a page
 * opened offline before its project was ever seen) the link says where it leads instead.
 */
function ProjectLink({ productId, project }: { productId: number; project: GovernanceProjectFace | undefined }) {
  return (
    <Link
      to="/projects/$productId"
      params={{ productId }}
      className="focus-ring inline-flex min-h-11 max-w-full items-center gap-3 rounded-lg"
      data-testid="governance-project"
    >
      {project ? (
        <>
          {/* The name beside it says what the logo shows. */}
          <img src={project.logo} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded-lg" />
          <span className="min-w-0 break-words text-base font-semibold text-ink hover:underline">{project.name}</span>
        </>
      ) : (
        <span className="text-link">{t('governance.backToProject')}</span>
      )}
    </Link>
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
