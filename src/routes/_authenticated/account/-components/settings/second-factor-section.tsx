import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { UserPayload } from '../../../../../domain/auth';
import { isCode } from '../../../../../domain/codes';
import { RecoveryCodes } from '../../../../../features/otp/components/recovery-codes';
import { useRegenerateRecoveryCodes, useVerifyOtp } from '../../../../../features/otp/mutations';
import { adoptAccessToken } from '../../../../../features/session/queries';
import { t } from '../../../../../lib/i18n';
import { CodeField } from '../../../../../ui/field';
import { Section } from './section';
import { useIsLocked } from './use-is-locked';

export function SecondFactorSection({ user }: { user: UserPayload }) {
  const isLocked = useIsLocked(user);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'regenerate' | 'reset' | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const regenerate = useRegenerateRecoveryCodes({
    onSuccess: (response) => {
      setCodes(response.recoveryCodes);
      setMode(null);
      setCode('');
    },
    onError: (failure) => setError(failure.message),
  });
  // A fresh code first; the setup page then issues the new keys.
  const reset = useVerifyOtp({
    onSuccess: async (response) => {
      await adoptAccessToken(queryClient, response);
      await navigate({ to: '/auth/otp/setup', search: { redirect: '/account/account-settings' } });
    },
    onError: (failure) => setError(failure.message),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isCode(code)) return setError(t('otp.codeFormat'));
    setError(null);
    if (mode === 'regenerate') regenerate.mutate(code);
    else reset.mutate({ code });
  };

  return (
    <Section title={t('settings.secondFactor')} description={t('settings.secondFactorHint')}>
      <p className="flex items-center gap-2 text-ink">
        <span className="i-lucide-shield-check text-jade-700" aria-hidden="true" />
        {user.isOtpEnabled ? t('settings.secondFactorOn') : t('settings.secondFactorOff')}
      </p>
      {codes ? (
        <div className="mt-4 space-y-3">
          <p className="text-sm font-semibold text-ink">{t('settings.newRecoveryCodes')}</p>
          <RecoveryCodes codes={codes} />
        </div>
      ) : null}
      {mode ? (
        <form onSubmit={submit} noValidate className="mt-4 space-y-4 rounded-md bg-paper p-4">
          <CodeField
            label={t('settings.currentCode')}
            hint={mode === 'reset' ? t('settings.resetHint') : t('settings.regenerateHint')}
            name="currentCode"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={error}
            autoFocus
          />
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={regenerate.isPending || reset.isPending}>
              {mode === 'reset' ? t('settings.resetSubmit') : t('settings.regenerateSubmit')}
            </button>
            <button type="button" className="btn-ghost" onClick={() => setMode(null)}>
              {t('settings.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          <button
            type="button"
            className="btn-secondary"
            disabled={isLocked}
            onClick={() => {
              setMode('regenerate');
              setCodes(null);
              setError(null);
            }}
          >
            {t('settings.regenerate')}
          </button>
          <button
            type="button"
            className="btn-secondary"
            disabled={isLocked}
            onClick={() => {
              setMode('reset');
              setCodes(null);
              setError(null);
            }}
          >
            {t('settings.reset')}
          </button>
        </div>
      )}
    </Section>
  );
}
