import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { signOut, signOutEverywhere } from '../../../../../features/account/mutations';
import { forgetThisDevice } from '../../../../../features/notifications/push';
import { t } from '../../../../../lib/i18n';
import { signOutLocally } from '../../../../../lib/session';
import { FormError } from '../../../../../ui/field';
import { Section } from './section';

export function SessionsSection() {
  const [error, setError] = useState<string | null>(null);
  // This device stops receiving the account's push first, while the session can still say so.
  const one = useMutation({ mutationFn: () => forgetThisDevice().then(signOut), onSettled: signOutLocally });
  const all = useMutation({
    mutationFn: () => forgetThisDevice().then(signOutEverywhere),
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
