import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { CancelOrder } from '../../../../features/invest/components/cancel-order';
import { OrderStateBadge } from '../../../../features/invest/components/order-state-badge';
import { OrderTimeline } from '../../../../features/invest/components/order-timeline';
import { PaymentInstructions } from '../../../../features/invest/components/payment-instructions';
import { SignedContractDownload } from '../../../../features/invest/components/signed-contract-link';
import { formatDateTime } from '../../../../features/invest/order-texts';
import { orderOptions } from '../../../../features/invest/queries';
import { readUuid } from '../../../../domain/search';
import { pageHead } from '../../../../lib/head';
import { t } from '../../../../lib/i18n';
import { formatMoney } from '../../../../lib/money';
import { RequestError } from '../../../../lib/request-error';
import { Amount } from '../../../../ui/amount';

export const Route = createFileRoute('/_authenticated/account/orders/$orderId')({
  staticData: { texts: ['invest'] },
  params: {
    parse: ({ orderId }: { orderId: string }) => {
      if (readUuid(orderId) === undefined) throw notFound();
      return { orderId };
    },
    stringify: ({ orderId }: { orderId: string }) => ({ orderId }),
  },
  loader: async ({ context, params }) => {
    try {
      return await context.queryClient.ensureQueryData(orderOptions(params.orderId));
    } catch (error) {
      if (error instanceof RequestError && error.code === 'NOT_FOUND') throw notFound();
      throw error;
    }
  },
  head: ({ loaderData }) => pageHead(loaderData ? t('orders.titleOf', { reference: loaderData.reference }) : undefined),
  component: Page,
});

function Page() {
  const { orderId } = Route.useParams();
  const { data: order } = useSuspenseQuery({ ...orderOptions(orderId), refetchInterval: 30_000 });
  const isPayable = order.state === 'SIGNED';
  return (
    <div className="max-w-3xl">
      <Link to="/account/orders" className="text-link inline-flex min-h-11 items-center gap-1 text-sm font-semibold">
        <span className="i-lucide-arrow-left" aria-hidden="true" />
        {t('orders.all')}
      </Link>
      <p className="eyebrow mt-2">{t('orders.eyebrow')}</p>
      <h1 className="page-title">{t('orders.titleOf', { reference: order.reference })}</h1>
      <div className="card mt-6 p-5 sm:p-7">
        <div className="flex items-start gap-3">
          <img src={order.product.logo} alt="" className="h-12 w-12 shrink-0 rounded-xl" width={48} height={48} />
          <div className="min-w-0 flex-1">
            <Link to="/projects/$productId" params={{ productId: order.product.id }} className="text-link font-bold">
              {order.product.name}
            </Link>
            <p className="text-sm text-ink-soft">
              {order.quantity} {order.product.tokenName} ×{' '}
              <Amount>{formatMoney(order.pricePerToken, order.currency)}</Amount> ={' '}
              <Amount className="font-semibold text-ink">{formatMoney(order.amount, order.currency)}</Amount>
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-soft">
              <OrderStateBadge state={order.state} />
              <span>
                {order.payFrom === 'BALANCE'
                  ? t('invest.method.balance')
                  : order.payMethod.payMethodType === 'ACCOUNT'
                    ? t('invest.method.account')
                    : t('invest.method.crypto')}
              </span>
              <span aria-hidden="true">·</span>
              <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
            </p>
          </div>
        </div>
        <h2 className="mt-6 text-lg font-bold text-ink">{t('orders.timeline')}</h2>
        <div className="mt-3">
          <OrderTimeline order={order} />
        </div>
        {order.payment ? (
          <p className="mt-4 text-sm text-ink-soft">
            {order.payment.payerName
              ? t('orders.declaredPayer', { name: order.payment.payerName })
              : t('orders.declaredHash', { hash: order.payment.txHash ?? '' })}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <SignedContractDownload order={order} />
          {order.state === 'RESERVED' || isPayable ? (
            <Link to="/invest" search={{ productId: order.product.id, orderId: order.id }} className="btn-primary">
              {order.state === 'RESERVED' ? t('orders.signNow') : t('orders.payNow')}
            </Link>
          ) : null}
        </div>
      </div>
      {isPayable ? (
        <div className="card mt-6 p-5 sm:p-7">
          <PaymentInstructions order={order} />
        </div>
      ) : null}
      <div className="mt-6">
        <CancelOrder order={order} />
      </div>
    </div>
  );
}
