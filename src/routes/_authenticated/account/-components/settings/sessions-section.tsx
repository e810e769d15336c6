import { useState } from 'react';
import { useSignOut, useSignOutEverywhere } from '../../../../../features/account/mutations';
import { t } from '../../../../../lib/i18n';
import { signOutLocally } from '../../../../../lib/session';
import { FormError } from '../../../../../ui/field';
import { Section } from './section';

export function SessionsSection() {
  const [error, setError] = useState<string | null>(null);
  const one = useSignOut({ onSettled: signOutLocally });
  const all = useSignOutEverywhere({
    onSuccess: signOutLocally,
    onError: (failure) => setError(failure.message),
  });
  return (
    <Section title={t('settings.sessions')} description={t('settings.sessionsHint')}>
      <FormError message={error} />
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-primary" disabled={one.isPending} onClick={() => one.mutate()}>
          <span className="i-lucide-log-out" aria-hidden="true" />
          {t('settings.signOut')}
        </button>
        <button type="button" className="btn-secondary" disabled={all.isPending} onClick={() => all.mutate()}>
          {t('settings.signOutAll')}
        </button>
      </div>
    </Section>
  );
}
