import { t } from '../lib/i18n';

/**
 * The community badge shown beside an investor's name (header, account, community posts). It only
 * renders what it is given: whoever knows the investor passes the badge's name, or nothing when
 * there is none or the investor hides it. `project` names where it was earned, in its tooltip.
 */
export function CommunityBadge({
  name,
  project,
  className = '',
}: {
  name: string;
  project?: string;
  className?: string;
}) {
  const title = project ? t('badge.earnedIn', { badge: name, project }) : undefined;
  return (
    <span
      className={`inline-flex max-w-full shrink-0 items-center gap-1 rounded-full bg-gold-100 px-2 py-0.5 align-middle text-xs font-semibold leading-5 text-gold-700 ring-1 ring-inset ring-gold-500/40 ${className}`}
      title={title}
      data-testid="community-badge"
    >
      <span className="i-lucide-award shrink-0" aria-hidden="true" />
      <span className="sr-only">{t('badge.label')}: </span>
      <span className="truncate">{name}</span>
    </span>
  );
}
