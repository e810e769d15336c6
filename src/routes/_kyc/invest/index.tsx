import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Suspense } from 'react';
import type { Order } from '../../../domain/orders';
import type { ProductDetail } from '../../../domain/products';
import { readOneOf, readUuid, readWholeNumber } from '../../../domain/search';
import { InvestShell, NoProductChosen } from '../../../features/invest/components/invest-shell';
import { OrderSteps } from '../../../features/invest/components/order-steps';
import { PreOrderSteps } from '../../../features/invest/components/pre-order-steps';
import { preOrderSteps, type PreOrderStep } from '../../../features/invest/steps';
import { StepFallback } from '../../../features/invest/components/step-fallback';
import { balanceKeys } from '../../../features/balance/keys';
import { balanceQueryOptions } from '../../../features/balance/queries';
import { balanceCover } from '../../../features/balance/statement';
import { portfolioKeys } from '../../../features/portfolio/queries';
import { orderOptions, purchaseIdentitiesOptions } from '../../../features/invest/queries';
import { productDetailOptions, productKeys } from '../../../features/projects/queries';
import { pageHead } from '../../../lib/head';
import { awaitWhenServed } from '../../../lib/prerendered';
import { t } from '../../../lib/i18n';

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
  staticData: { prerender: true, texts: ['invest'] },
  validateSearch: investSearch,
  loaderDeps: ({ search }) => ({ productId: search.productId, orderId: search.orderId }),
  loader: async ({ context, deps }) => {
    if (!deps.productId) return null;
    const { queryClient } = context;
    const [product] = await Promise.all([
      queryClient.ensureQueryData(productDetailOptions(deps.productId)),
      deps.orderId ? queryClient.ensureQueryData(orderOptions(deps.orderId)) : null,
      // Before an order: who may buy (the first step asks for it) and the cash balance (the
      // method step offers it), asked for beside the project. A served page comes with both.
      deps.orderId
        ? null
        : awaitWhenServed(
            Promise.all([
              queryClient.ensureQueryData(purchaseIdentitiesOptions()),
              queryClient.ensureQueryData(balanceQueryOptions()),
            ]),
          ),
    ]);
    return { name: product.name };
  },
  head: ({ loaderData }) => pageHead(loaderData ? t('invest.title', { name: loaderData.name }) : t('invest.eyebrow')),
  component: InvestPage,
});

// The page composes the invest flow with the features it touches: the project, the cash balance
// and the portfolio.

function InvestPage() {
  const { productId } = Route.useSearch();
  return productId ? <InvestForProduct productId={productId} /> : <NoProductChosen />;
}

function InvestForProduct({ productId }: { productId: number }) {
  const { data: product } = useSuspenseQuery(productDetailOptions(productId));
  const { step, orderId } = Route.useSearch();
  const queryClient = useQueryClient();
  const refreshProduct = () => void queryClient.invalidateQueries({ queryKey: productKeys.detail(product.id) });
  const refreshAfterBalancePay = () => {
    refreshProduct();
    void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
    void queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
  };
  return (
    <InvestShell product={product} stepKey={`${orderId ? 'sign' : (step ?? 'quantity')}/${orderId ?? ''}`}>
      {orderId ? (
        <Suspense fallback={<StepFallback />}>
          <OrderSteps orderId={orderId} onProductChanged={refreshProduct} onPaidFromBalance={refreshAfterBalancePay} />
        </Suspense>
      ) : (
        <PreOrder product={product} step={step ?? 'quantity'} onReserved={refreshProduct} />
      )}
    </InvestShell>
  );
}

function PreOrder({
  product,
  step,
  onReserved,
}: {
  product: ProductDetail;
  step: PreOrderStep;
  onReserved: () => void;
}) {
  const navigate = useNavigate({ from: Route.fullPath });
  // The cash balance, when it can be read: the method step offers it for an order it covers.
  const balance = useQuery(balanceQueryOptions()).data;
  return (
    <PreOrderSteps
      product={product}
      step={step}
      balanceFor={(total) =>
        balance
          ? {
              available: balance.available,
              currency: balance.currency,
              ...balanceCover(balance, total, product.currency),
            }
          : null
      }
      onStep={(next) => void navigate({ search: (prev) => ({ ...prev, step: next }) })}
      onReserved={(order: Order) => {
        onReserved();
        void navigate({ search: { productId: product.id, orderId: order.id }, replace: true });
      }}
    />
  );
}
