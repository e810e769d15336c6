import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { isCode, isRecoveryCode } from '../../../domain/auth';
import { validateRedirectSearch } from '../../../domain/search';
import { signOut } from '../../../features/account/mutations';
import { forgetThisDevice } from '../../../features/notifications/push';
import { useVerifyOtp } from '../../../features/otp/mutations';
import { adoptAccessToken } from '../../../features/session/queries';
import { pageHead } from '../../../lib/head';
import { t } from '../../../lib/i18n';
import { hasSessionToken, signOutLocally } from '../../../lib/session';
import { CodeField, Field } from '../../../ui/field';
import { AuthCard } from '../-components/auth-card';

export const Route = createFileRoute('/auth/otp/verify')({
  staticData: { texts: ['auth', 'validation'] },
  validateSearch: validateRedirectSearch,
  beforeLoad: ({ location }) => {
    if (!hasSessionToken()) throw redirect({ to: '/auth/signin', search: { redirect: location.href } });
  },
  head: () => pageHead(t('otpVerify.title')),
  component: Page,
});

function Page() {
  const { redirect: target } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isRecovery, setIsRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const verify = useVerifyOtp({
    onSuccess: async (response) => {
      await adoptAccessToken(queryClient, response);
      await navigate({ to: target ?? '/account/overview' });
    },
    onError: (failure) => setError(failure.message),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isRecovery ? !isRecoveryCode(value) : !isCode(value)) {
      setError(isRecovery ? t('otpVerify.recoveryFormat') : t('otp.codeFormat'));
      return;
    }
    setError(null);
    verify.mutate(isRecovery ? { recoveryCode: value.trim() } : { code: value });
  };

  return (
    <AuthCard
      eyebrow={t('otp.eyebrow')}
      title={t('otpVerify.title')}
      intro={isRecovery ? t('otpVerify.recoveryIntro') : t('otpVerify.intro')}
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        {isRecovery ? (
          <Field
            key="recovery"
            label={t('otpVerify.recoveryLabel')}
            name="recoveryCode"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={error}
            autoFocus
            required
          />
        ) : (
          <CodeField
            key="code"
            label={t('otpVerify.codeLabel')}
            name="code"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={error}
            autoFocus
            required
          />
        )}
        <button type="submit" className="btn-primary w-full" disabled={verify.isPending}>
          {verify.isPending ? t('otp.checking') : t('otpVerify.submit')}
        </button>
      </form>
      <div className="mt-6 flex flex-wrap justify-between gap-3 text-sm">
        <button
          type="button"
          className="text-link"
          onClick={() => {
            setIsRecovery((current) => !current);
            setValue('');
            setError(null);
          }}
        >
          {isRecovery ? t('otpVerify.useCode') : t('otpVerify.useRecovery')}
        </button>
        <button
          type="button"
          className="text-link"
          onClick={() => void forgetThisDevice().then(signOut).finally(signOutLocally)}
        >
          {t('otpVerify.otherAccount')}
        </button>
      </div>
    </AuthCard>
  );
}
