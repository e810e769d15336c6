import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, Navigate, useNavigate } from '@tanstack/react-router';
import { Suspense, useEffect, useRef } from 'react';
import { isOpenOrderState } from '../../../domain/order-state';
import { sourcesOfFunds, type Order, type SourceOfFunds } from '../../../domain/orders';
import type { ProductDetail } from '../../../domain/products';
import { readOneOf, readUuid, readWholeNumber } from '../../../domain/search';
import { CancelOrder } from '../../../features/invest/components/cancel-order';
import { DeclarePayment } from '../../../features/invest/components/declare-payment';
import { IdentityStep } from '../../../features/invest/components/identity-step';
import { OrderStateBadge } from '../../../features/invest/components/order-state-badge';
import { PaymentInstructions } from '../../../features/invest/components/payment-instructions';
import { PayMethodStep } from '../../../features/invest/components/pay-method-step';
import { QuantityStep } from '../../../features/invest/components/quantity-step';
import { ReviewStep } from '../../../features/invest/components/review-step';
import { SignStep } from '../../../features/invest/components/sign-step';
import { SignedContractDownload } from '../../../features/invest/components/signed-contract-link';
import { StepHeader, type InvestStep } from '../../../features/invest/components/step-header';
import { InvestFlowProvider, useInvestFlow } from '../../../features/invest/invest-flow';
import { balanceKeys } from '../../../features/balance/keys';
import { balanceQueryOptions } from '../../../features/balance/queries';
import { balanceCover } from '../../../features/balance/statement';
import { portfolioKeys } from '../../../features/portfolio/queries';
import { myOrdersOptions, orderOptions, purchaseIdentitiesOptions } from '../../../features/invest/queries';
import { productDetailOptions, productKeys } from '../../../features/projects/queries';
import { pageHead } from '../../../lib/head';
import { t, type MessageKey } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { Spinner } from '../../../ui/spinner';
import { Amount } from '../../../ui/amount';

const preOrderSteps = ['quantity', 'method', 'identity', 'review'] as const;
type PreOrderStep = (typeof preOrderSteps)[number];

/**
 * ?productId (required), ?step (the steps before an order exists) and ?orderId (once the
 * tokens are reserved, the order decides the step). A bad productId shows a message here.
 */
const investSearch = ({
  productId,
  step,
  orderId,
}: Record<string, unknown>): { productId?: number; step?: PreOrderStep; orderId?: string } => ({
  productId: readWholeNumber(productId),
  step: readOneOf(preOrderSteps, step),
  orderId: readUuid(orderId),
});

export const Route = createFileRoute('/_kyc/invest/')({
  staticData: { texts: ['invest'] },
  validateSearch: investSearch,
  loaderDeps: ({ search }) => ({ productId: search.productId, orderId: search.orderId }),
  loader: async ({ context, deps }) => {
    if (!deps.productId) return null;
    const [product] = await Promise.all([
      context.queryClient.ensureQueryData(productDetailOptions(deps.productId)),
      deps.orderId ? context.queryClient.ensureQueryData(orderOptions(deps.orderId)) : null,
    ]);
    return { name: product.name };
  },
  head: ({ loaderData }) => pageHead(loaderData ? t('invest.title', { name: loaderData.name }) : t('invest.eyebrow')),
  component: InvestPage,
});

const sourceKeys: Record<SourceOfFunds, MessageKey> = {
  SALARY: 'invest.source.SALARY',
  SAVINGS: 'invest.source.SAVINGS',
  BUSINESS: 'invest.source.BUSINESS',
  INVESTMENTS: 'invest.source.INVESTMENTS',
  INHERITANCE: 'invest.source.INHERITANCE',
  OTHER: 'invest.source.OTHER',
};
/** The sources of funds with their labels, read when the page renders (in the language shown then). */
const fundSourceOptions = () => sourcesOfFunds.map((value) => ({ value, label: t(sourceKeys[value]) }));

function StepFallback() {
  return (
    <div className="grid place-items-center py-12" role="status">
      <Spinner />
      <span className="sr-only">{t('loading.label')}</span>
    </div>
  );
}

function InvestPage() {
  const { productId } = Route.useSearch();
  if (!productId) {
    return (
      <section className="container py-10 sm:py-16">
        <p className="eyebrow">{t('invest.eyebrow')}</p>
        <h1 className="page-title mt-2">{t('invest.noProduct')}</h1>
        <div className="card mt-6 max-w-xl p-6">
          <p className="text-ink-soft">{t('invest.noProductBody')}</p>
          <Link to="/projects" className="btn-primary mt-5">
            {t('invest.browse')}
          </Link>
        </div>
      </section>
    );
  }
  return <InvestForProduct productId={productId} />;
}

function InvestForProduct({ productId }: { productId: number }) {
  const { data: product } = useSuspenseQuery(productDetailOptions(productId));
  const { step, orderId } = Route.useSearch();
  const currentStep: InvestStep = orderId ? 'sign' : (step ?? 'quantity');
  const headingRef = useRef<HTMLDivElement>(null);
  const isFirstRender = useRef(true);
  useEffect(() => {
    // Each step replaces the last in place: move focus so a screen reader starts reading it.
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [currentStep, orderId]);

  return (
    <InvestFlowProvider initial={{ productId: String(product.id), isCanWitch: product.canWitch }}>
      <section className="container max-w-3xl py-6 sm:py-10">
        <Link
          to="/projects/$productId"
          params={{ productId: product.id }}
          className="text-link inline-flex min-h-11 items-center gap-1 text-sm font-semibold"
        >
          <span className="i-lucide-arrow-left" aria-hidden="true" />
          {t('invest.backToProject')}
        </Link>
        <header className="mt-2 flex items-center gap-3">
          <img src={product.logo} alt="" className="h-12 w-12 shrink-0 rounded-xl" width={48} height={48} />
          <div className="min-w-0">
            <p className="eyebrow">{t('invest.eyebrow')}</p>
            <h1 className="text-xl font-extrabold tracking-tight text-ink sm:text-3xl">{product.name}</h1>
          </div>
        </header>
        <div ref={headingRef} tabIndex={-1} className="outline-none">
          {orderId ? (
            <Suspense fallback={<StepFallback />}>
              <OrderSteps orderId={orderId} product={product} />
            </Suspense>
          ) : (
            <PreOrderSteps product={product} step={step ?? 'quantity'} />
          )}
        </div>
      </section>
    </InvestFlowProvider>
  );
}

/** Open orders on this project, so an investor never loses track of one; silent if it cannot load. */
function OpenOrdersNotice({ productId }: { productId: number }) {
  const { data } = useQuery(myOrdersOptions(productId));
  const open = data?.orders.filter((order) => isOpenOrderState(order.state)) ?? [];
  if (!open.length) return null;
  return (
    <div className="mb-5 rounded-lg bg-gold-100 p-4 text-sm text-ink" role="note">
      <p className="font-semibold">{t('invest.openOrders', { count: open.length })}</p>
      <ul className="mt-2 space-y-1">
        {open.map((order) => (
          <li key={order.id} className="flex flex-wrap items-center gap-2">
            <Link
              to="/invest"
              search={{ productId, orderId: order.id }}
              className="text-link inline-flex min-h-11 items-center font-semibold"
            >
              {t('invest.continueOrder', { reference: order.reference, count: order.quantity })}
            </Link>
            <OrderStateBadge state={order.state} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function PreOrderSteps({ product, step }: { product: ProductDetail; step: PreOrderStep }) {
  const flow = useInvestFlow();
  const navigate = useNavigate({ from: Route.fullPath });
  const queryClient = useQueryClient();
  const go = (next: PreOrderStep) => void navigate({ search: (prev) => ({ ...prev, step: next }) });
  const identities = useSuspenseQuery(purchaseIdentitiesOptions()).data;
  const fundSources = fundSourceOptions();
  // The cash balance, when it can be read: the method step offers it for an order it covers.
  const balance = useQuery(balanceQueryOptions()).data;
  const total = (flow.selectedTokens ?? 0) * product.pricePerToken;
  const balancePay = balance
    ? { available: balance.available, currency: balance.currency, ...balanceCover(balance, total, product.currency) }
    : null;

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

  const onReserved = (order: Order) => {
    void queryClient.invalidateQueries({ queryKey: productKeys.detail(product.id) });
    void navigate({ search: { productId: product.id, orderId: order.id }, replace: true });
  };

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
              onContinue={() => go('method')}
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
            onBack={() => go('quantity')}
            onContinue={() => go('identity')}
          />
        ) : null}
        {step === 'identity' ? (
          <Suspense fallback={<StepFallback />}>
            <IdentityStep fundSources={fundSources} onBack={() => go('method')} onContinue={() => go('review')} />
          </Suspense>
        ) : null}
        {step === 'review' ? (
          <ReviewStep
            product={product}
            identityLabel={identities.list.find((item) => item.id === flow.selectedIdentity)?.display ?? '-'}
            sourceLabel={fundSources.find((item) => item.value === flow.selectedSource)?.label ?? '-'}
            onBack={() => go('identity')}
            onReserved={onReserved}
          />
        ) : null}
      </div>
    </>
  );
}

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

function OrderSteps({ orderId, product }: { orderId: string; product: ProductDetail }) {
  const { data: order } = useSuspenseQuery(orderOptions(orderId));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refreshProduct = () => void queryClient.invalidateQueries({ queryKey: productKeys.detail(product.id) });
  // An order paid from the balance is confirmed by signing: the balance and the holdings moved.
  const onSigned = () => {
    if (order.payFrom !== 'BALANCE') return;
    refreshProduct();
    void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
    void queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
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
    refreshProduct();
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
