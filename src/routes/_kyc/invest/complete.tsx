import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { Order } from '../../../domain/orders';
import { readUuid } from '../../../domain/search';
import { OrderStateBadge } from '../../../features/invest/components/order-state-badge';
import { OrderTimeline } from '../../../features/invest/components/order-timeline';
import { SignedContractDownload } from '../../../features/invest/components/signed-contract-link';
import { orderOptions } from '../../../features/invest/queries';
import { pageHead } from '../../../lib/head';
import { t, type MessageKey } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { PushOffer } from '../../../features/notifications/components/push-offer';
import { Amount } from '../../../ui/amount';

const completeSearch = ({ orderId }: Record<string, unknown>): { orderId?: string } => ({ orderId: readUuid(orderId) });

export const Route = createFileRoute('/_kyc/invest/complete')({
  staticData: { texts: ['invest', 'notifications'] },
  validateSearch: completeSearch,
  loaderDeps: ({ search }) => ({ orderId: search.orderId }),
  loader: ({ context, deps }) =>
    deps.orderId ? context.queryClient.ensureQueryData(orderOptions(deps.orderId)) : Promise.resolve(null),
  head: () => pageHead(t('invest.complete.title')),
  component: Page,
});

function titleKey(order: Order): MessageKey {
  switch (order.state) {
    case 'PAYMENT_DECLARED':
      return 'invest.complete.declared';
    case 'CONFIRMED':
      return 'invest.complete.confirmed';
    case 'CANCELLED':
      return 'invest.complete.cancelled';
    case 'EXPIRED':
      return 'invest.complete.expired';
    default:
      return 'invest.complete.title';
  }
}

function Page() {
  const { orderId } = Route.useSearch();
  if (!orderId) {
    return (
      <section className="container max-w-3xl py-10 sm:py-16">
        <p className="eyebrow">{t('invest.eyebrow')}</p>
        <h1 className="page-title mt-2">{t('invest.complete.title')}</h1>
        <div className="card mt-6 p-6">
          <p className="text-ink-soft">{t('invest.complete.noOrder')}</p>
          <Link to="/account/orders" className="btn-primary mt-5">
            {t('orders.all')}
          </Link>
        </div>
      </section>
    );
  }
  return <Complete orderId={orderId} />;
}

function Complete({ orderId }: { orderId: string }) {
  const { data: order } = useSuspenseQuery({ ...orderOptions(orderId), refetchInterval: 15_000 });
  return (
    <section className="container max-w-3xl py-8 sm:py-12">
      <p className="eyebrow">{t('invest.eyebrow')}</p>
      <h1 className="page-title mt-2">{t(titleKey(order))}</h1>
      <div className="card mt-6 p-5 sm:p-7">
        <div className="flex items-start gap-3">
          <img src={order.product.logo} alt="" className="h-12 w-12 shrink-0 rounded-xl" width={48} height={48} />
          <div className="min-w-0 flex-1">
            <p className="font-bold text-ink">{order.product.name}</p>
            <p className="text-sm text-ink-soft">
              {order.quantity} {order.product.tokenName} · <Amount>{formatMoney(order.amount, order.currency)}</Amount>
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-soft">
              {t('orders.referenceLabel')} <span className="font-mono font-semibold text-ink">{order.reference}</span>
              <OrderStateBadge state={order.state} />
            </p>
          </div>
        </div>
        {order.payFrom === 'BALANCE' && order.state === 'CONFIRMED' ? (
          <div className="mt-5 rounded-lg bg-jade-50 p-4 text-sm text-ink" role="status">
            <p className="font-semibold">{t('invest.complete.paidFromBalance')}</p>
            <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
              <Link to="/account/overview" className="text-link inline-flex min-h-11 items-center font-semibold">
                {t('invest.complete.seeHoldings')}
              </Link>
              <Link to="/account/balance" className="text-link inline-flex min-h-11 items-center font-semibold">
                {t('invest.complete.seeBalance')}
              </Link>
            </p>
          </div>
        ) : null}
        <h2 className="mt-6 text-lg font-bold text-ink">{t('orders.timeline')}</h2>
        <div className="mt-3">
          <OrderTimeline order={order} />
        </div>
        <div className="mt-6 flex flex-wrap gap-3">
          <SignedContractDownload order={order} />
          {order.state === 'SIGNED' || order.state === 'RESERVED' ? (
            <Link to="/invest" search={{ productId: order.product.id, orderId: order.id }} className="btn-primary">
              {t('orders.continue')}
            </Link>
          ) : null}
        </div>
      </div>
      <nav aria-label={t('invest.complete.next')} className="mt-6 flex flex-wrap gap-3">
        <Link to="/account/orders/$orderId" params={{ orderId: order.id }} className="btn-secondary">
          <span className="i-lucide-list-checks" aria-hidden="true" />
          {t('orders.viewTimeline')}
        </Link>
        <Link to="/projects/$productId" params={{ productId: order.product.id }} className="btn-ghost">
          {t('invest.backToProject')}
        </Link>
        <Link to="/account/orders" className="btn-ghost">
          {t('orders.all')}
        </Link>
      </nav>
      {/* An order is worth hearing back about (its contract, its payment): the moment to offer push. */}
      <PushOffer />
    </section>
  );
}
