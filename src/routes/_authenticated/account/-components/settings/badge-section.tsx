import { toast } from 'sonner';
import type { UserPayload } from '../../../../../domain/auth';
import { useSetBadgeHidden } from '../../../../../features/account/mutations';
import { t } from '../../../../../lib/i18n';
import { Section } from './section';
import { useIsLocked } from './use-is-locked';
import { useProfileUpdate } from './use-profile-update';

export function BadgeSection({ user }: { user: UserPayload }) {
  const isLocked = useIsLocked(user);
  const apply = useProfileUpdate();
  const toggle = useSetBadgeHidden({
    onSuccess: apply,
    onError: (failure) => toast.error(failure.message),
  });
  return (
    <Section title={t('settings.badge')} description={t('settings.badgeHint')}>
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
