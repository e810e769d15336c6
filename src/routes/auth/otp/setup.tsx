import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { isCode } from '../../../domain/codes';
import { validateRedirectSearch } from '../../../domain/search';
import { useConfirmOtpSetup } from '../../../features/otp/mutations';
import { otpKeysQueryOptions } from '../../../features/otp/queries';
import { QrCode } from '../../../ui/qr-code';
import { RecoveryCodes } from '../../../features/otp/components/recovery-codes';
import { adoptAccessToken, meQueryOptions } from '../../../features/session/queries';
import { pageHead } from '../../../lib/head';
import { t } from '../../../lib/i18n';
import { hasSessionToken } from '../../../lib/session';
import { CodeField, FormError } from '../../../ui/field';
import { AuthCard } from '../-components/auth-card';

export const Route = createFileRoute('/auth/otp/setup')({
  staticData: { texts: ['auth', 'validation'] },
  validateSearch: validateRedirectSearch,
  beforeLoad: async ({ context, location, search }) => {
    if (!hasSessionToken()) throw redirect({ to: '/auth/signin', search: { redirect: location.href } });
    const me = await context.queryClient.ensureQueryData(meQueryOptions());
    if (!me) throw redirect({ to: '/auth/signin', search: { redirect: location.href } });
    // Set up already, but not passed in this session: the code comes first.
    if (me.userPayload.isOtpEnabled && me.userPayload.role === 'UNVERIFIED') {
      throw redirect({ to: '/auth/otp/verify', search: { redirect: search.redirect } });
    }
  },
  // Preloads the keys; a failure is shown by the page, not thrown into the error page.
  loader: ({ context }) => context.queryClient.prefetchQuery(otpKeysQueryOptions()),
  head: () => pageHead(t('otpSetup.title')),
  component: Page,
});

function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function Page() {
  const { redirect: target } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const keys = useQuery({ ...otpKeysQueryOptions(), enabled: recoveryCodes === null });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [isSaved, setIsSaved] = useState(false);
  const [isCopied, setIsCopied] = useState(false);

  const confirm = useConfirmOtpSetup({
    onSuccess: async (response) => {
      setRecoveryCodes(response.recoveryCodes);
      window.scrollTo({ top: 0 });
      await adoptAccessToken(queryClient, response);
    },
    onError: (error) => setCodeError(error.message),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isCode(code)) {
      setCodeError(t('otp.codeFormat'));
      return;
    }
    setCodeError(null);
    confirm.mutate(code);
  };

  if (recoveryCodes) {
    return (
      <AuthCard eyebrow={t('otp.eyebrow')} title={t('otpSetup.savedTitle')} intro={t('otpSetup.savedIntro')} wide>
        <RecoveryCodes codes={recoveryCodes} />
        <label className="mt-6 flex items-start gap-3 text-ink">
          <input
            type="checkbox"
            className="focus-ring mt-1 h-5 w-5 shrink-0 accent-brand-800"
            checked={isSaved}
            onChange={(event) => setIsSaved(event.target.checked)}
          />
          <span>{t('otpSetup.savedConfirm')}</span>
        </label>
        <button
          type="button"
          className="btn-primary mt-6 w-full sm:w-auto"
          disabled={!isSaved}
          onClick={() => void navigate({ to: target ?? '/account/overview' })}
        >
          {t('otpSetup.continue')}
          <span className="i-lucide-arrow-right" aria-hidden="true" />
        </button>
      </AuthCard>
    );
  }

  return (
    <AuthCard eyebrow={t('otp.eyebrow')} title={t('otpSetup.title')} intro={t('otpSetup.intro')} wide>
      {keys.isError ? (
        <div className="space-y-4">
          <FormError message={keys.error.message} />
          <Link to="/account/account-settings" className="text-link">
            {t('otpSetup.toSettings')}
          </Link>
        </div>
      ) : (
        <div className="space-y-8">
          <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
            {keys.data ? (
              <QrCode value={keys.data.otpUrl} label={t('otpSetup.qrLabel')} />
            ) : (
              <div className="h-48 w-48 animate-pulse rounded-md bg-paper" aria-hidden="true" />
            )}
            <div className="min-w-0 flex-1 space-y-3">
              <h2 className="text-base font-semibold text-ink">{t('otpSetup.scanTitle')}</h2>
              <p className="text-sm text-ink-soft">{t('otpSetup.scanBody')}</p>
              <p className="text-sm font-semibold text-ink" id="otp-secret-label">
                {t('otpSetup.secretLabel')}
              </p>
              <div className="flex flex-wrap items-center gap-2">
                <code
                  className="break-all rounded-md bg-paper px-3 py-2 font-mono text-sm text-ink"
                  aria-labelledby="otp-secret-label"
                  data-testid="otp-secret"
                >
                  {keys.data ? groupSecret(keys.data.secretKey) : '…'}
                </code>
                <button
                  type="button"
                  className="btn-secondary !min-h-9 !px-3"
                  disabled={!keys.data}
                  onClick={() => {
                    if (keys.data)
                      void navigator.clipboard?.writeText(keys.data.secretKey).then(() => setIsCopied(true));
                  }}
                >
                  <span className={isCopied ? 'i-lucide-check' : 'i-lucide-copy'} aria-hidden="true" />
                  {isCopied ? t('otpSetup.copied') : t('otpSetup.copy')}
                </button>
              </div>
            </div>
          </div>
          <form onSubmit={submit} noValidate className="space-y-5 border-t border-line pt-6">
            <CodeField
              label={t('otpSetup.codeLabel')}
              hint={t('otpSetup.codeHint')}
              name="code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={codeError}
              required
            />
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={confirm.isPending || !keys.data}>
              {confirm.isPending ? t('otp.checking') : t('otpSetup.submit')}
            </button>
          </form>
        </div>
      )}
    </AuthCard>
  );
}
