import { useState } from 'react';
import { useSignOutEverywhere } from '../../../../../features/account/mutations';
import { forgetThisDevice } from '../../../../../features/notifications/push';
import { t } from '../../../../../lib/i18n';
import { useNetworkAction } from '../../../../../lib/offline';
import { signOutLocally } from '../../../../../lib/session';
import { FormError } from '../../../../../ui/field';
import { Section } from './section';

/** Signing out of this device is in the account frame; here, every device at once. */
export function SessionsSection() {
  const [error, setError] = useState<string | null>(null);
  const { isAvailable } = useNetworkAction();
  // This device stops receiving the account's push first, while the session can still say so.
  const all = useSignOutEverywhere({
    onMutate: forgetThisDevice,
    onSuccess: signOutLocally,
    onError: (failure) => setError(failure.message),
  });
  return (
    <Section title={t('settings.sessions')} description={t('settings.sessionsHint')}>
      <FormError message={error} />
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-secondary"
          disabled={all.isPending || !isAvailable}
          onClick={() => all.mutate()}
        >
          {t('settings.signOutAll')}
        </button>
      </div>
    </Section>
  );
}
