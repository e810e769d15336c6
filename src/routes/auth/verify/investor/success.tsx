import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { InvestorStatusResponse } from '../../../../domain/kyc';
import { redirectSearchSchema } from '../../../../domain/search';
import { Loading } from '../../../../features/kyc/components/loading';
import { SignInFirst } from '../../../../features/kyc/components/sign-in-first';
import { investorStatusQueryOptions } from '../../../../features/kyc/queries';
import { kycTexts } from '../../../../features/kyc/texts';
import { meQueryOptions } from '../../../../features/session/queries';
import { pageHead } from '../../../../lib/head';
import { FormError } from '../../../../ui/field';
import { AuthCard } from '../../-components/auth-card';

export const Route = createFileRoute('/auth/verify/investor/success')({
  validateSearch: redirectSearchSchema,
  head: () => pageHead(kycTexts.investorResultTitle),
  component: Page,
});

function words(status: InvestorStatusResponse): { title: string; body: string } {
  switch (status.status) {
    case 'NONE':
      return { title: 'Not started yet', body: 'You have not asked for investor verification.' };
    case 'PENDING':
      return {
        title: 'Submitted and waiting for review',
        body: 'Our team reviews your evidence, usually within two business days. This page updates by itself.',
      };
    case 'GREEN':
      return {
        title: 'Approved',
        body: 'You are verified as an accredited investor. Regulation D offerings are open to you.',
      };
    case 'RED':
      return status.rejectType === 'RETRY'
        ? { title: 'Something needs fixing', body: 'Read what to fix below, then send your evidence again.' }
        : {
            title: 'We could not verify your investor status',
            body: 'This decision is final. If you think it is wrong, contact our support team.',
          };
  }
}

function Page() {
  const { redirect } = Route.useSearch();
  const me = useQuery(meQueryOptions());
  const isSignedIn = Boolean(me.data && me.data.userPayload.isOtpEnabled && me.data.userPayload.role !== 'UNVERIFIED');
  const status = useQuery({ ...investorStatusQueryOptions(), enabled: isSignedIn });

  let body;
  if (me.isPending) body = <Loading label="Loading…" />;
  else if (!isSignedIn) body = <SignInFirst from="/auth/verify/investor/success" />;
  else if (status.isError) body = <FormError message={status.error.message} />;
  else if (!status.data) body = <Loading label="Loading…" />;
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
            <p className="text-sm font-semibold text-ink">What to fix</p>
            <p className="mt-1 text-ink">{status.data.message}</p>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-3">
          {canRetry ? (
            <Link to="/auth/verify/investor" search={{ redirect }} className="btn-primary">
              {status.data.status === 'NONE' ? 'Start investor verification' : 'Fix and send again'}
            </Link>
          ) : null}
          {status.data.status === 'RED' && !canRetry ? (
            <Link to="/contact-us" className="btn-primary">
              Contact support
            </Link>
          ) : null}
          <Link to={redirect ?? '/projects'} className="btn-secondary">
            Back to projects
          </Link>
        </div>
      </div>
    );
  }
  return (
    <AuthCard eyebrow={kycTexts.investorEyebrow} title={kycTexts.investorResultTitle} wide>
      {body}
    </AuthCard>
  );
}
