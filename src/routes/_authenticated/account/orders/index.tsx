import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { isOpenOrderState } from '../../../../domain/order-state';
import { OrderStateBadge } from '../../../../features/invest/components/order-state-badge';
import { formatDateTime } from '../../../../features/invest/order-texts';
import { myOrdersOptions } from '../../../../features/invest/queries';
import { pageHead } from '../../../../lib/head';
import { t } from '../../../../lib/i18n';
import { formatMoney } from '../../../../lib/money';
import { RequestError } from '../../../../lib/request-error';
import { Spinner } from '../../../../ui/spinner';
import { Amount } from '../../../../ui/amount';

export const Route = createFileRoute('/_authenticated/account/orders/')({
  staticData: { texts: ['invest'] },
  head: () => pageHead(t('orders.title')),
  component: Page,
});

function Page() {
  const orders = useQuery(myOrdersOptions());
  // Before the identity check is approved there are no orders to show, only the way to start.
  const needsIdentity = orders.error instanceof RequestError && orders.error.code === 'KYC_REQUIRED';
  return (
    <div>
      <h1 className="page-title">{t('orders.title')}</h1>
      <p className="mt-3 max-w-2xl text-ink-soft">{t('orders.intro')}</p>
      {orders.isPending ? (
        <div className="grid place-items-center py-12" role="status">
          <Spinner />
          <span className="sr-only">{t('loading.label')}</span>
        </div>
      ) : needsIdentity ? (
        <div className="card mt-6 p-6">
          <p className="text-ink-soft">{t('orders.needsIdentity')}</p>
          <Link to="/auth/verify/identity" className="btn-primary mt-4">
            {t('orders.verify')}
          </Link>
        </div>
      ) : orders.error ? (
        <p role="alert" className="card mt-6 p-6 text-coral-800">
          {orders.error.message}
        </p>
      ) : orders.data.orders.length === 0 ? (
        <div className="card mt-6 p-6">
          <p className="text-ink-soft">{t('orders.empty')}</p>
          <Link to="/projects" className="btn-primary mt-4">
            {t('invest.browse')}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-3" aria-label={t('orders.listLabel')}>
          {orders.data.orders.map((order) => (
            <li key={order.id} className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:p-5">
              <img src={order.product.logo} alt="" className="h-10 w-10 shrink-0 rounded-lg" width={40} height={40} />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-bold text-ink">
                  {order.product.name}
                  <OrderStateBadge state={order.state} />
                </p>
                <p className="text-sm text-ink-soft">
                  {order.quantity} {order.product.tokenName} ·{' '}
                  <Amount>{formatMoney(order.amount, order.currency)}</Amount> ·{' '}
                  <span className="font-mono">{order.reference}</span>
                </p>
                <p className="text-xs text-ink-muted">
                  <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {isOpenOrderState(order.state) && order.state !== 'PAYMENT_DECLARED' ? (
                  <Link
                    to="/invest"
                    search={{ productId: order.product.id, orderId: order.id }}
                    className="btn-primary"
                  >
                    {t('orders.continue')}
                  </Link>
                ) : null}
                <Link
                  to="/account/orders/$orderId"
                  params={{ orderId: order.id }}
                  className="btn-secondary"
                  aria-label={t('orders.timelineOf', { reference: order.reference })}
                >
                  {t('orders.viewTimeline')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
