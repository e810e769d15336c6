import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { milestonesFor, nextStepFor } from '../../../features/account/next-step';
import { useShownBadge } from '../../../features/account/queries';
import { balanceQueryOptions } from '../../../features/balance/queries';
import { PortfolioOverview } from '../../../features/portfolio/components/portfolio-overview';
import { myOrdersOptions } from '../../../features/invest/queries';
import { giftCheckQueryOptions, revenuesQueryOptions } from '../../../features/portfolio/queries';
import { meQueryOptions } from '../../../features/session/queries';
import { pageHead } from '../../../lib/head';
import { formatMoney } from '../../../lib/money';
import { Amount } from '../../../ui/amount';
import { t, type MessageKey } from '../../../lib/i18n';
import { CommunityBadge } from '../../../ui/community-badge';
import { NeedsAction } from './-components/needs-action';

/** Data the page can show without: its section stays out when it cannot be read. */
const optional = (read: Promise<unknown>) => read.catch(() => undefined);

export const Route = createFileRoute('/_authenticated/account/overview')({
  staticData: { prerender: true },
  // What decides the page's layout (the balance line, what needs action, the first-visit steps or
  // the portfolio) is read before the page shows, so nothing moves once it is on screen. Data this
  // device saved is used as it is (and refreshed behind), so the page still opens offline.
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(meQueryOptions());
    const canInvest = me ? nextStepFor(me.kycPayload).kind === 'invest' : false;
    await Promise.all([
      optional(queryClient.ensureQueryData(balanceQueryOptions())),
      canInvest ? optional(queryClient.ensureQueryData(myOrdersOptions())) : null,
      optional(
        queryClient
          .ensureQueryData(revenuesQueryOptions())
          .then((holdings) =>
            canInvest
              ? Promise.all(
                  holdings.products.map((product) =>
                    optional(queryClient.ensureQueryData(giftCheckQueryOptions(product.id))),
                  ),
                )
              : null,
          ),
      ),
    ]);
    return me;
  },
  head: () => pageHead(t('overview.title')),
  component: Page,
});

/** The cash balance in one line, with the way to it; silent until it is known. */
function BalanceSummary() {
  const { data } = useQuery(balanceQueryOptions());
  if (!data) return null;
  return (
    <section aria-labelledby="balance-summary" className="card flex flex-wrap items-center gap-x-6 gap-y-2 p-4 sm:p-5">
      <div className="min-w-0 flex-1">
        <h2 id="balance-summary" className="text-sm text-ink-muted">
          {t('overview.balance')}
        </h2>
        <p className="text-xl font-bold text-ink">
          <Amount>{formatMoney(data.available, data.currency)}</Amount>
        </p>
      </div>
      <Link to="/account/balance" className="btn-secondary">
        <span className="i-lucide-wallet" aria-hidden="true" />
        {t('overview.balanceLink')}
      </Link>
    </section>
  );
}

function Page() {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const badge = useShownBadge();
  const holdings = useQuery(revenuesQueryOptions());
  if (!me) return null;
  const hasHoldings = Boolean(holdings.data?.products.length);
  const step = nextStepFor(me.kycPayload);
  // Once the investor holds a project, the portfolio takes the place of the first-visit steps.
  const isFirstVisit = !(hasHoldings && step.kind === 'invest');
  const key = (part: 'title' | 'body' | 'action') => `overview.next.${step.kind}.${part}` as MessageKey;
  const name = me.userPayload.name?.trim();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="page-title">{t('overview.title')}</h1>
        <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-lg text-ink-soft">
          <span>{name ? t('overview.greeting', { name }) : t('overview.greetingNoName')}</span>
          {badge ? <CommunityBadge name={badge.name} project={badge.productName} /> : null}
        </p>
      </div>
      <NeedsAction canInvest={step.kind === 'invest'} />
      <BalanceSummary />
      {isFirstVisit ? (
        <>
          <section
            aria-labelledby="next-step-heading"
            className="card max-w-3xl border-l-4 border-coral-600 p-6 sm:p-8"
          >
            <p className="eyebrow">{t('overview.nextLabel')}</p>
            <h2 id="next-step-heading" className="mt-2 text-xl font-bold text-ink sm:text-2xl">
              {t(key('title'))}
            </h2>
            <p className="mt-2 max-w-2xl text-ink-soft">{t(key('body'))}</p>
            <Link to={step.to} className="btn-accent mt-5">
              {t(key('action'))}
              <span className="i-lucide-arrow-right" aria-hidden="true" />
            </Link>
          </section>
          <div className="max-w-3xl">
            <section aria-labelledby="milestones-heading" className="card p-6">
              <h2 id="milestones-heading" className="text-lg font-bold text-ink">
                {t('overview.milestones')}
              </h2>
              <ol className="mt-4 space-y-3">
                {milestonesFor(me.kycPayload).map((milestone) => (
                  <li key={milestone.key} className="flex items-start gap-3">
                    <span
                      className={`mt-0.5 shrink-0 text-lg ${milestone.isDone ? 'i-lucide-circle-check text-jade-700' : 'i-lucide-circle text-ink-muted'}`}
                      aria-hidden="true"
                    />
                    <span className={milestone.isDone ? 'text-ink-soft' : 'font-semibold text-ink'}>
                      {t(`overview.milestone.${milestone.key}`)}
                      <span className="sr-only">: {milestone.isDone ? t('overview.done') : t('overview.todo')}</span>
                    </span>
                  </li>
                ))}
              </ol>
            </section>
          </div>
        </>
      ) : null}
      <PortfolioOverview />
    </div>
  );
}
