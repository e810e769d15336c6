import { useMutation } from '@tanstack/react-query';
import { signOut } from '../../../../features/account/api';
import { t } from '../../../../lib/i18n';
import { signOutLocally } from '../../../../lib/session';

/**
 * Signs out here. It also works offline: the session then ends on this device (the cookie and
 * everything saved for this investor are removed) even if the server could not be told.
 */
export function SignOutButton({ className = 'btn-secondary !min-h-11' }: { className?: string }) {
  const mutation = useMutation({ mutationFn: signOut, onSettled: signOutLocally, networkMode: 'always' });
  return (
    <button type="button" className={className} disabled={mutation.isPending} onClick={() => mutation.mutate()}>
      <span className="i-lucide-log-out" aria-hidden="true" />
      {t('settings.signOut')}
    </button>
  );
}
