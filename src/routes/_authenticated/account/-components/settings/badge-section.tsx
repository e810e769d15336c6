import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { UserPayload } from '../../../../../domain/auth';
import { useSetBadgeHidden } from '../../../../../features/account/mutations';
import { badgeQueryOptions } from '../../../../../features/account/queries';
import { t } from '../../../../../lib/i18n';
import { CommunityBadge } from '../../../../../ui/community-badge';
import { Section } from './section';
import { useIsLocked } from './use-is-locked';
import { useProfileUpdate } from './use-profile-update';

export function BadgeSection({ user }: { user: UserPayload }) {
  const isLocked = useIsLocked(user);
  const { data } = useQuery(badgeQueryOptions());
  const badge = data?.badge ?? null;
  const apply = useProfileUpdate();
  const toggle = useSetBadgeHidden({
    onSuccess: apply,
    onError: (failure) => toast.error(failure.message),
  });
  return (
    <Section title={t('settings.badge')} description={t('settings.badgeHint')}>
      <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-ink-soft" data-testid="badge-current">
        {badge ? (
          <>
            {t('settings.badgeYours')}
            <CommunityBadge name={badge.name} project={badge.productName} />
            <span>{t('settings.badgeFrom', { project: badge.productName })}</span>
          </>
        ) : (
          t('settings.badgeNone')
        )}
      </p>
      <label className="flex items-center justify-between gap-4">
        <span className="text-ink">{t('settings.badgeShow')}</span>
        <input
          type="checkbox"
          role="switch"
          className="focus-ring h-6 w-6 shrink-0 accent-brand-800"
          checked={!user.isHideBadge}
          disabled={toggle.isPending || isLocked}
          onChange={(event) => toggle.mutate(!event.target.checked)}
        />
      </label>
    </Section>
  );
}
