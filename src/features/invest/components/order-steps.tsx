import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { Suspense, useEffect, useRef } from 'react';
import type { Order } from '../../../domain/orders';
import { t } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { Amount } from '../../../ui/amount';
import { orderOptions } from '../queries';
import { CancelOrder } from './cancel-order';
import { DeclarePayment } from './declare-payment';
import { OrderStateBadge } from './order-state-badge';
import { PaymentInstructions } from './payment-instructions';
import { SignStep } from './sign-step';
import { SignedContractDownload } from './signed-contract-link';
import { StepFallback } from './step-fallback';
import { StepHeader } from './step-header';

function OrderSummaryLine({ order }: { order: Order }) {
  return (
    <p className="mt-4 flex flex-wrap items-center gap-2 text-sm text-ink-soft">
      <span>
        {t('orders.referenceLabel')} <span className="font-mono font-semibold text-ink">{order.reference}</span>
      </span>
      <span aria-hidden="true">·</span>
      <span>
        {order.quantity} {order.product.tokenName} · <Amount>{formatMoney(order.amount, order.currency)}</Amount>
      </span>
      <OrderStateBadge state={order.state} />
    </p>
  );
}

/**
 * The steps of a reserved order: sign, then pay (or cancel). The page composing the flow refreshes
 * what an order changes elsewhere: the project (`onProductChanged`), and once an order paid from the
 * balance is signed, the balance and holdings too (`onPaidFromBalance`).
 */
export function OrderSteps({
  orderId,
  onProductChanged,
  onPaidFromBalance,
}: {
  orderId: string;
  onProductChanged: () => void;
  onPaidFromBalance: () => void;
}) {
  const { data: order } = useSuspenseQuery(orderOptions(orderId));
  const navigate = useNavigate();
  // An order paid from the balance is confirmed by signing: the balance and the holdings moved.
  const onSigned = () => {
    if (order.payFrom !== 'BALANCE') return;
    onPaidFromBalance();
  };
  const stepRef = useRef<HTMLDivElement>(null);
  const shownState = useRef(order.state);
  useEffect(() => {
    // Signing replaces the contract with the payment instructions in place: read from there.
    if (shownState.current !== order.state) stepRef.current?.focus();
    shownState.current = order.state;
  }, [order.state]);

  if (order.state !== 'RESERVED' && order.state !== 'SIGNED') {
    return <Navigate to="/invest/complete" search={{ orderId: order.id }} replace />;
  }
  const toComplete = (next: Order) => {
    onProductChanged();
    void navigate({ to: '/invest/complete', search: { orderId: next.id } });
  };

  return (
    <>
      <StepHeader step={order.state === 'RESERVED' ? 'sign' : 'pay'} />
      <OrderSummaryLine order={order} />
      <div ref={stepRef} tabIndex={-1} className="card mt-5 space-y-6 p-5 outline-none sm:p-7">
        {order.state === 'RESERVED' ? (
          <Suspense fallback={<StepFallback />}>
            <SignStep order={order} onSigned={onSigned} />
          </Suspense>
        ) : (
          <>
            <PaymentInstructions order={order} />
            <SignedContractDownload order={order} />
            <DeclarePayment order={order} onDeclared={toComplete} />
          </>
        )}
      </div>
      <div className="mt-5 flex flex-wrap items-start justify-between gap-3">
        <Link
          to="/account/orders/$orderId"
          params={{ orderId: order.id }}
          className="text-link inline-flex min-h-11 items-center gap-1 text-sm font-semibold"
        >
          <span className="i-lucide-list-checks" aria-hidden="true" />
          {t('orders.viewTimeline')}
        </Link>
        <CancelOrder order={order} onCancelled={toComplete} />
      </div>
    </>
  );
}
