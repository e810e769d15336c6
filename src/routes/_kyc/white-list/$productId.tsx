import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { useRequestWhitelist } from '../../../features/projects/mutations';
import { productKeys, whitelistStateOptions } from '../../../features/projects/queries';
import { pageHead } from '../../../lib/head';
import { productIdParams } from '../../../lib/route-params';
import { t } from '../../../lib/i18n';
import { RequestError } from '../../../lib/request-error';
import { NetworkButton } from '../../../ui/network-button';

export const Route = createFileRoute('/_kyc/white-list/$productId')({
  staticData: { texts: ['catalogue'] },
  params: productIdParams,
  loader: async ({ context, params }) => {
    try {
      return await context.queryClient.ensureQueryData(whitelistStateOptions(params.productId));
    } catch (error) {
      if (error instanceof RequestError && error.code === 'NOT_FOUND') throw notFound();
      throw error;
    }
  },
  head: ({ loaderData }) => pageHead(loaderData ? `${t('whitelist.title')}: ${loaderData.name}` : t('whitelist.title')),
  component: WhitelistPage,
});

function WhitelistPage() {
  const { productId } = Route.useParams();
  const { data: state } = useSuspenseQuery(whitelistStateOptions(productId));
  const request = useRequestWhitelist(productId);
  const queryClient = useQueryClient();
  // The request is checked while it waits (see whitelistStateOptions); once allowed, the lists
  // that hid this project are stale.
  useEffect(() => {
    if (state.status === 'ALLOW') void queryClient.invalidateQueries({ queryKey: productKeys.lists() });
  }, [state.status, queryClient]);
  return (
    <section className="container py-10 sm:py-16">
      <p className="eyebrow">{t('whitelist.title')}</p>
      <div className="mt-3 flex items-center gap-4">
        <img src={state.logo} alt="" className="h-14 w-14 rounded-xl" width={56} height={56} />
        <h1 className="page-title">{state.name}</h1>
      </div>
      <div className="card mt-8 max-w-2xl p-6 sm:p-8">
        <p className="text-ink-soft">{t('whitelist.intro', { name: state.name })}</p>
        <p
          className={`mt-5 flex items-start gap-2 rounded-lg p-4 text-sm font-semibold ${
            state.status === 'ALLOW'
              ? 'bg-jade-50 text-jade-800'
              : state.status === 'REQUEST'
                ? 'bg-gold-100 text-gold-700'
                : 'bg-brand-50 text-brand-900'
          }`}
          role="status"
          aria-live="polite"
        >
          <span
            className={`mt-0.5 shrink-0 ${state.status === 'ALLOW' ? 'i-lucide-circle-check' : state.status === 'REQUEST' ? 'i-lucide-hourglass' : 'i-lucide-lock'}`}
            aria-hidden="true"
          />
          {t(`whitelist.status.${state.status}`)}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          {state.status === 'NONE' ? (
            <NetworkButton className="btn-primary" disabled={request.isPending} onClick={() => request.mutate()}>
              {t('whitelist.request')}
            </NetworkButton>
          ) : null}
          {state.status === 'ALLOW' ? (
            <Link to="/projects/$productId" params={{ productId }} className="btn-primary">
              {t('whitelist.open')}
            </Link>
          ) : null}
          <Link to="/projects" className="btn-secondary">
            {t('project.back')}
          </Link>
        </div>
      </div>
    </section>
  );
}
