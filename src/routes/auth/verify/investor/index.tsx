import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { isIdentityApproved } from '../../../../domain/kyc';
import { validateRedirectSearch } from '../../../../domain/search';
import { InvestorForm } from '../../../../features/kyc/components/investor-form';
import { Loading } from '../../../../features/kyc/components/loading';
import { SignInFirst } from '../../../../features/kyc/components/sign-in-first';
import { investorStatusQueryOptions, kycKeys } from '../../../../features/kyc/queries';
import { meQueryOptions } from '../../../../features/session/queries';
import { pageHead } from '../../../../lib/head';
import { t } from '../../../../lib/i18n';
import { FormError } from '../../../../ui/field';
import { AuthCard } from '../../-components/auth-card';

export const Route = createFileRoute('/auth/verify/investor/')({
  staticData: { texts: ['identity'] },
  validateSearch: validateRedirectSearch,
  head: () => pageHead(t('identity.investor.title')),
  component: Page,
});

function Page() {
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useQuery(meQueryOptions());
  const isSignedIn = Boolean(me.data && me.data.userPayload.isOtpEnabled && me.data.userPayload.role !== 'UNVERIFIED');
  const isApproved = isSignedIn && isIdentityApproved(me.data!.kycPayload);
  const status = useQuery({ ...investorStatusQueryOptions(), enabled: isApproved });

  let body;
  if (me.isPending) body = <Loading label={t('identity.loading')} />;
  else if (!isSignedIn) body = <SignInFirst from="/auth/verify/investor/" />;
  else if (!isApproved) {
    body = (
      <div className="space-y-4">
        <p className="text-ink-soft">{t('identity.investor.identityFirst')}</p>
        <Link to="/auth/verify/identity/success" className="btn-primary">
          {t('identity.investor.seeIdentity')}
        </Link>
      </div>
    );
  } else if (status.isError) body = <FormError message={status.error.message} />;
  else if (!status.data) body = <Loading label={t('identity.loading')} />;
  else if (status.data.status === 'NONE' || (status.data.status === 'RED' && status.data.rejectType === 'RETRY')) {
    body = (
      <>
        {status.data.message ? (
          <div className="mb-6 rounded-md bg-gold-100 p-4">
            <p className="text-sm font-semibold text-ink">{t('identity.toFix')}</p>
            <p className="mt-1 text-ink">{status.data.message}</p>
          </div>
        ) : null}
        <InvestorForm
          onSubmitted={async (next) => {
            queryClient.setQueryData(kycKeys.investor(), next);
            await navigate({ to: '/auth/verify/investor/success', search: { redirect } });
          }}
        />
      </>
    );
  } else {
    body = (
      <div className="space-y-4">
        <p className="text-ink-soft">{t('identity.investor.sent')}</p>
        <Link to="/auth/verify/investor/success" search={{ redirect }} className="btn-primary">
          {t('identity.seeResult')}
        </Link>
      </div>
    );
  }
  return (
    <AuthCard
      eyebrow={t('identity.investor.eyebrow')}
      title={t('identity.investor.title')}
      intro={t('identity.investor.intro')}
      wide
    >
      {body}
    </AuthCard>
  );
}
