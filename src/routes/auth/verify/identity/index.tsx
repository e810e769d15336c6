import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { maySubmit, type KycStatusResponse } from '../../../../domain/kyc';
import { validateRedirectSearch } from '../../../../domain/search';
import { IdentityForm } from '../../../../features/kyc/components/identity-form';
import { SignInFirst } from '../../../../features/kyc/components/sign-in-first';
import { SumsubWidget } from '../../../../features/kyc/components/sumsub-widget';
import { identityTokenQueryOptions, kycKeys, kycStatusQueryOptions } from '../../../../features/kyc/queries';
import { meQueryOptions, sessionKeys } from '../../../../features/session/queries';
import { pageHead } from '../../../../lib/head';
import { t } from '../../../../lib/i18n';
import { hasSessionToken } from '../../../../lib/session';
import { FormError } from '../../../../ui/field';
import { Loading } from '../../../../features/kyc/components/loading';
import { AuthCard } from '../../-components/auth-card';

const isReadyForCheck = (me: Awaited<ReturnType<NonNullable<ReturnType<typeof meQueryOptions>['queryFn']>>>) =>
  Boolean(me && me.userPayload.isOtpEnabled && me.userPayload.role !== 'UNVERIFIED');

export const Route = createFileRoute('/auth/verify/identity/')({
  staticData: { texts: ['identity', 'validation'] },
  validateSearch: validateRedirectSearch,
  // Preloads the identity-check token (spec section 2) once the user may start a check.
  loader: async ({ context }) => {
    if (!hasSessionToken()) return;
    const me = await context.queryClient.ensureQueryData(meQueryOptions()).catch(() => null);
    if (isReadyForCheck(me)) void context.queryClient.prefetchQuery(identityTokenQueryOptions());
  },
  head: () => pageHead(t('identity.title')),
  component: Page,
});

function Page() {
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useQuery(meQueryOptions());
  const isReady = isReadyForCheck(me.data ?? null);
  const status = useQuery({ ...kycStatusQueryOptions(), enabled: isReady });
  const isOpen = status.data ? maySubmit(status.data) : false;
  const token = useQuery({
    ...identityTokenQueryOptions(),
    enabled: isReady && isOpen && status.data?.provider === 'sumsub',
  });

  const toResult = async (next?: KycStatusResponse) => {
    if (next) queryClient.setQueryData(kycKeys.status(), next);
    else await queryClient.invalidateQueries({ queryKey: kycKeys.status() });
    await queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
    await navigate({ to: '/auth/verify/identity/success', search: { redirect } });
  };

  let body;
  if (me.isPending) body = <Loading label={t('identity.loading')} />;
  else if (!isReady) body = <SignInFirst from="/auth/verify/identity/" />;
  else if (status.isError) body = <FormError message={status.error.message} />;
  else if (!status.data) body = <Loading label={t('identity.loading')} />;
  else if (!isOpen) {
    body = (
      <div className="space-y-4">
        <p className="text-ink-soft">{t('identity.sent')}</p>
        <Link to="/auth/verify/identity/success" search={{ redirect }} className="btn-primary">
          {t('identity.seeResult')}
        </Link>
      </div>
    );
  } else if (status.data.provider === 'sumsub') {
    body = token.isError ? (
      <FormError message={token.error.message} />
    ) : token.data?.token && token.data.sdkUrl ? (
      <SumsubWidget token={token.data.token} sdkUrl={token.data.sdkUrl} onSubmitted={() => void toResult()} />
    ) : (
      <Loading label={t('identity.loadingCheck')} />
    );
  } else {
    body = (
      <>
        {status.data.message && status.data.reviewStatus !== 'init' ? (
          <div className="mb-6 rounded-md bg-gold-100 p-4">
            <p className="text-sm font-semibold text-ink">
              {status.data.reviewStatus === 'onHold' ? t('identity.stillNeeded') : t('identity.toFix')}
            </p>
            <p className="mt-1 text-ink">{status.data.message}</p>
          </div>
        ) : null}
        <IdentityForm previous={status.data.submission} onSubmitted={(next) => toResult(next)} />
      </>
    );
  }

  return (
    <AuthCard eyebrow={t('identity.eyebrow')} title={t('identity.title')} intro={t('identity.intro')} wide>
      {body}
    </AuthCard>
  );
}
