import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, Navigate } from '@tanstack/react-router';
import { Suspense } from 'react';
import type { Order } from '../../../domain/orders';
import type { ProductDetail } from '../../../domain/products';
import { t } from '../../../lib/i18n';
import { fundSourceOptions } from '../fund-sources';
import { useInvestFlow } from '../invest-flow';
import { purchaseIdentitiesOptions } from '../queries';
import type { PreOrderStep } from '../steps';
import { IdentityStep } from './identity-step';
import { OpenOrdersNotice } from './open-orders-notice';
import { PayMethodStep, type BalancePay } from './pay-method-step';
import { QuantityStep } from './quantity-step';
import { ReviewStep } from './review-step';
import { StepFallback } from './step-fallback';
import { StepHeader } from './step-header';

/**
 * Quantity, pay method, identity and review, up to reserving the tokens. The page composing the
 * flow says how the balance covers an order's total (`balanceFor`, null when it cannot be read),
 * moves between steps (`onStep`) and takes over once the order is reserved (`onReserved`).
 */
export function PreOrderSteps({
  product,
  step,
  balanceFor,
  onStep,
  onReserved,
}: {
  product: ProductDetail;
  step: PreOrderStep;
  balanceFor: (total: number) => BalancePay | null;
  onStep: (next: PreOrderStep) => void;
  onReserved: (order: Order) => void;
}) {
  const flow = useInvestFlow();
  const identities = useSuspenseQuery(purchaseIdentitiesOptions()).data;
  const fundSources = fundSourceOptions();
  // The method step offers the balance for an order it covers.
  const balancePay = balanceFor((flow.selectedTokens ?? 0) * product.pricePerToken);

  // A later step opened without the choices before it (a reload, a shared link) starts over.
  const required: Record<PreOrderStep, boolean> = {
    quantity: true,
    method: flow.selectedTokens !== undefined,
    identity: flow.selectedTokens !== undefined && flow.selectedMethod !== '',
    review:
      flow.selectedTokens !== undefined &&
      flow.selectedMethod !== '' &&
      flow.selectedIdentity !== '' &&
      flow.selectedSource !== '',
  };
  if (!required[step]) {
    return <Navigate to="/invest" search={{ productId: product.id, step: 'quantity' }} replace />;
  }

  const isOnSale = product.saleStatus === 'SALE' || product.saleStatus === 'CLOSING_SOON';
  if (!isOnSale) {
    return (
      <div className="card mt-6 p-6">
        <p role="alert" className="font-semibold text-ink">
          {t('invest.notOnSale')}
        </p>
        <Link to="/projects/$productId" params={{ productId: product.id }} className="btn-primary mt-4">
          {t('invest.backToProject')}
        </Link>
      </div>
    );
  }

  return (
    <>
      <StepHeader step={step} />
      <div className="card mt-5 p-5 sm:p-7">
        {step === 'quantity' ? (
          <>
            <OpenOrdersNotice productId={product.id} />
            <QuantityStep
              product={product}
              openOrderTokens={product.userOpenOrderQuantity ?? 0}
              onContinue={() => onStep('method')}
            />
          </>
        ) : null}
        {step === 'method' ? (
          <PayMethodStep
            product={product}
            balance={balancePay}
            depositLink={
              <Link to="/account/balance" className="text-link font-semibold">
                {t('invest.method.balanceDeposit')}
              </Link>
            }
            onBack={() => onStep('quantity')}
            onContinue={() => onStep('identity')}
          />
        ) : null}
        {step === 'identity' ? (
          <Suspense fallback={<StepFallback />}>
            <IdentityStep
              fundSources={fundSources}
              onBack={() => onStep('method')}
              onContinue={() => onStep('review')}
            />
          </Suspense>
        ) : null}
        {step === 'review' ? (
          <ReviewStep
            product={product}
            identityLabel={identities.list.find((item) => item.id === flow.selectedIdentity)?.display ?? '-'}
            sourceLabel={fundSources.find((item) => item.value === flow.selectedSource)?.label ?? '-'}
            onBack={() => onStep('identity')}
            onReserved={onReserved}
          />
        ) : null}
      </div>
    </>
  );
}
