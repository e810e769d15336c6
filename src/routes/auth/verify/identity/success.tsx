import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { validateRedirectSearch } from '../../../../domain/search';
import type { Me } from '../../../../domain/session';
import { Loading } from '../../../../features/kyc/components/loading';
import { ReviewState } from '../../../../features/kyc/components/review-state';
import { SignInFirst } from '../../../../features/kyc/components/sign-in-first';
import { kycStatusQueryOptions } from '../../../../features/kyc/queries';
import { meQueryOptions, sessionKeys } from '../../../../features/session/queries';
import { pageHead } from '../../../../lib/head';
import { t } from '../../../../lib/i18n';
import { FormError } from '../../../../ui/field';
import { AuthCard } from '../../-components/auth-card';

export const Route = createFileRoute('/auth/verify/identity/success')({
  staticData: { texts: ['identity'] },
  validateSearch: validateRedirectSearch,
  head: () => pageHead(t('identity.resultTitle')),
  component: Page,
});

function Page() {
  const { redirect } = Route.useSearch();
  const queryClient = useQueryClient();
  const me = useQuery(meQueryOptions());
  const isReady = Boolean(me.data && me.data.userPayload.isOtpEnabled && me.data.userPayload.role !== 'UNVERIFIED');
  // Polls by itself while the review runs (see kycStatusQueryOptions).
  const status = useQuery({ ...kycStatusQueryOptions(), enabled: isReady });

  // When the review moves, the guards must read the new state before the user follows a link:
  // the profile's copy is corrected at once, then read again from the server.
  const data = status.data;
  const known = me.data?.kycPayload;
  const isBehind =
    Boolean(data && known) &&
    (known!.reviewStatus !== data!.reviewStatus ||
      known!.reviewAnswer !== data!.reviewAnswer ||
      known!.rejectType !== data!.rejectType);
  useEffect(() => {
    if (!isBehind || !data) return;
    queryClient.setQueryData<Me | null>(sessionKeys.me(), (old) =>
      old
        ? {
            ...old,
            kycPayload: {
              reviewStatus: data.reviewStatus,
              reviewAnswer: data.reviewAnswer,
              rejectType: data.rejectType,
              reviewMessage: data.message,
            },
          }
        : old,
    );
    void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
  }, [isBehind, data, queryClient]);

  let body;
  if (me.isPending) body = <Loading label={t('identity.loading')} />;
  else if (!isReady) body = <SignInFirst from="/auth/verify/identity/success" />;
  else if (status.isError) body = <FormError message={status.error.message} />;
  else if (!status.data) body = <Loading label={t('identity.loading')} />;
  else body = <ReviewState status={status.data} redirect={redirect} />;

  return (
    <AuthCard eyebrow={t('identity.eyebrow')} title={t('identity.resultTitle')} wide>
      {body}
    </AuthCard>
  );
}
