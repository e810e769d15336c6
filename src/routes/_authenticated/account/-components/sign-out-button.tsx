import { useSignOut } from '../../../../features/account/mutations';
import { forgetThisDevice } from '../../../../features/notifications/push';
import { t } from '../../../../lib/i18n';
import { signOutLocally } from '../../../../lib/session';

/**
 * Signs out here. It also works offline: the session then ends on this device (the cookie and
 * everything saved for this investor are removed) even if the server could not be told. This
 * device's push subscription is forgotten first, while the session can still say so.
 */
export function SignOutButton({ className = 'btn-secondary !min-h-11' }: { className?: string }) {
  const mutation = useSignOut({ onMutate: forgetThisDevice, onSettled: signOutLocally });
  return (
    <button type="button" className={className} disabled={mutation.isPending} onClick={() => mutation.mutate()}>
      <span className="i-lucide-log-out" aria-hidden="true" />
      {t('settings.signOut')}
    </button>
  );
}
