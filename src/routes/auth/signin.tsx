import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { emailSchema, isCode } from '../../domain/auth';
import { validateRedirectSearch } from '../../domain/search';
import { useRequestEmailCode, useSignInWithGoogle, useVerifyEmailCode } from '../../features/auth/mutations';
import { authConfigQueryOptions } from '../../features/auth/queries';
import { GoogleButton } from '../../features/auth/google-button';
import { adoptAccessToken } from '../../features/session/queries';
import { pageHead } from '../../lib/head';
import { t, validationText } from '../../lib/i18n';
import type { AccessTokenResponse } from '../../domain/auth';
import { CodeField, Field, FormError } from '../../ui/field';
import { AuthCard } from './-components/auth-card';

export const Route = createFileRoute('/auth/signin')({
  staticData: { texts: ['auth', 'site', 'validation'] },
  validateSearch: validateRedirectSearch,
  head: () => pageHead(t('signin.title')),
  component: SignInPage,
});

function SignInPage() {
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useQuery(authConfigQueryOptions());
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{ id: string; email: string } | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  // After the first factor, the second: verify it when set up, otherwise set it up.
  const finish = async (response: AccessTokenResponse) => {
    const me = await adoptAccessToken(queryClient, response);
    await navigate({ to: me?.userPayload.isOtpEnabled ? '/auth/otp/verify' : '/auth/otp/intro', search: { redirect } });
  };

  const sendCode = useRequestEmailCode({
    onSuccess: ({ challengeId }, address) => {
      setChallenge({ id: challengeId, email: address });
      setCode('');
      setCodeError(null);
    },
    onError: (error) => setEmailError(error.message),
  });
  const checkCode = useVerifyEmailCode({
    onSuccess: finish,
    onError: (error) => setCodeError(error.message),
  });
  const google = useSignInWithGoogle({ onSuccess: finish });

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(validationText(parsed.error.issues[0]?.message) ?? t('signin.emailInvalid'));
      return;
    }
    setEmailError(null);
    sendCode.mutate(parsed.data);
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!isCode(code)) {
      setCodeError(t('otp.codeFormat'));
      return;
    }
    setCodeError(null);
    checkCode.mutate({ challengeId: challenge!.id, code });
  };

  const googleClientId = config.data?.googleClientId;

  return (
    <AuthCard eyebrow={t('signin.eyebrow')} title={t('signin.title')} intro={t('signin.intro')}>
      {challenge ? (
        <form onSubmit={submitCode} noValidate className="space-y-5">
          <p className="text-ink-soft" aria-live="polite">
            {t('signin.codeSent', { email: challenge.email })}
          </p>
          <CodeField
            label={t('signin.codeLabel')}
            hint={t('signin.codeHint')}
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={codeError}
            autoFocus
            required
          />
          <button type="submit" className="btn-primary w-full" disabled={checkCode.isPending}>
            {checkCode.isPending ? t('signin.checking') : t('signin.submitCode')}
          </button>
          <div className="flex flex-wrap justify-between gap-3 text-sm">
            <button
              type="button"
              className="text-link"
              disabled={sendCode.isPending}
              onClick={() => sendCode.mutate(challenge.email)}
            >
              {t('signin.resend')}
            </button>
            <button type="button" className="text-link" onClick={() => setChallenge(null)}>
              {t('signin.otherEmail')}
            </button>
          </div>
        </form>
      ) : (
        <div className="space-y-6">
          {googleClientId ? (
            <>
              <GoogleButton clientId={googleClientId} onCredential={(credential) => google.mutate(credential)} />
              <FormError message={google.error?.message} />
              <div className="flex items-center gap-3 text-xs font-semibold uppercase tracking-wider text-ink-muted">
                <span className="h-px flex-1 bg-line" />
                {t('signin.or')}
                <span className="h-px flex-1 bg-line" />
              </div>
            </>
          ) : null}
          <form onSubmit={submitEmail} noValidate className="space-y-5">
            <Field
              label={t('signin.emailLabel')}
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={emailError}
              required
            />
            <button type="submit" className="btn-primary w-full" disabled={sendCode.isPending}>
              {sendCode.isPending ? t('signin.sending') : t('signin.sendCode')}
            </button>
          </form>
        </div>
      )}
      <p className="mt-8 text-sm text-ink-muted">{t('signin.next')}</p>
    </AuthCard>
  );
}
