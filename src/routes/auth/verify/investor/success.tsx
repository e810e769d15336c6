import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { InvestorStatusResponse } from '../../../../domain/kyc';
import { validateRedirectSearch } from '../../../../domain/search';
import { Loading } from '../../../../features/kyc/components/loading';
import { SignInFirst } from '../../../../features/kyc/components/sign-in-first';
import { investorStatusQueryOptions } from '../../../../features/kyc/queries';
import { meQueryOptions } from '../../../../features/session/queries';
import { pageHead } from '../../../../lib/head';
import { t } from '../../../../lib/i18n';
import { FormError } from '../../../../ui/field';
import { AuthCard } from '../../-components/auth-card';

export const Route = createFileRoute('/auth/verify/investor/success')({
  staticData: { texts: ['identity'] },
  validateSearch: validateRedirectSearch,
  head: () => pageHead(t('identity.investor.resultTitle')),
  component: Page,
});

function words(status: InvestorStatusResponse): { title: string; body: string } {
  switch (status.status) {
    case 'NONE':
      return { title: t('identity.investor.NONE.title'), body: t('identity.investor.NONE.body') };
    case 'PENDING':
      return {
        title: t('identity.investor.PENDING.title'),
        body: t('identity.investor.PENDING.body'),
      };
    case 'GREEN':
      return {
        title: t('identity.investor.GREEN.title'),
        body: t('identity.investor.GREEN.body'),
      };
    case 'RED':
      return status.rejectType === 'RETRY'
        ? { title: t('identity.investor.retry.title'), body: t('identity.investor.retry.body') }
        : {
            title: t('identity.investor.final.title'),
            body: t('identity.investor.final.body'),
          };
  }
}

function Page() {
  const { redirect } = Route.useSearch();
  const me = useQuery(meQueryOptions());
  const isSignedIn = Boolean(me.data && me.data.userPayload.isOtpEnabled && me.data.userPayload.role !== 'UNVERIFIED');
  const status = useQuery({ ...investorStatusQueryOptions(), enabled: isSignedIn });

  let body;
  if (me.isPending) body = <Loading label={t('identity.loading')} />;
  else if (!isSignedIn) body = <SignInFirst from="/auth/verify/investor/success" />;
  else if (status.isError) body = <FormError message={status.error.message} />;
  else if (!status.data) body = <Loading label={t('identity.loading')} />;
  else {
    const text = words(status.data);
    const canRetry =
      status.data.status === 'NONE' || (status.data.status === 'RED' && status.data.rejectType === 'RETRY');
    body = (
      <div className="space-y-5" aria-live="polite">
        <div>
          <h2 className="text-xl font-semibold text-ink">{text.title}</h2>
          <p className="mt-1 text-ink-soft">{text.body}</p>
        </div>
        {status.data.message && status.data.status === 'RED' ? (
          <div className="rounded-md bg-paper p-4">
            <p className="text-sm font-semibold text-ink">{t('identity.toFix')}</p>
            <p className="mt-1 text-ink">{status.data.message}</p>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-3">
          {canRetry ? (
            <Link to="/auth/verify/investor" search={{ redirect }} className="btn-primary">
              {status.data.status === 'NONE' ? t('identity.investor.start') : t('identity.review.resend')}
            </Link>
          ) : null}
          {status.data.status === 'RED' && !canRetry ? (
            <Link to="/contact-us" className="btn-primary">
              {t('identity.review.contactSupport')}
            </Link>
          ) : null}
          <Link to={redirect ?? '/projects'} className="btn-secondary">
            {t('identity.investor.backToProjects')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <AuthCard eyebrow={t('identity.investor.eyebrow')} title={t('identity.investor.resultTitle')} wide>
      {body}
    </AuthCard>
  );
}
