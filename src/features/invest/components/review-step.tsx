import { useRef } from 'react';
import type { ProductDetail } from '../../../domain/products';
import type { Order, SourceOfFunds } from '../../../domain/orders';
import { t } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { useIsOnline } from '../../../lib/use-online';
import { FormError } from '../../../ui/field';
import { BALANCE_METHOD, useInvestFlow } from '../invest-flow';
import { useCreateOrder } from '../mutations';
import { OfflineNote } from './offline-note';
import { Amount } from '../../../ui/amount';

function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Step 4: everything chosen, in one place, before the tokens are reserved. */
export function ReviewStep({
  product,
  identityLabel,
  sourceLabel,
  onBack,
  onReserved,
}: {
  product: ProductDetail;
  identityLabel: string;
  sourceLabel: string;
  onBack: () => void;
  onReserved: (order: Order) => void;
}) {
  const flow = useInvestFlow();
  const isOnline = useIsOnline();
  const createOrder = useCreateOrder(product.id);
  // One key per purchase attempt: a retry of the same attempt answers the same order.
  const idempotencyKey = useRef(newIdempotencyKey());
  const isFromBalance = flow.selectedMethod === BALANCE_METHOD;
  const method = product.payMethods.find((item) => String(item.id) === flow.selectedMethod);
  const quantity = flow.selectedTokens ?? 0;
  const money = (minor: number) => <Amount>{formatMoney(minor, product.currency)}</Amount>;

  const rows = [
    { label: t('invest.review.project'), value: product.name },
    { label: t('invest.review.tokens'), value: `${quantity} ${product.tokenName}` },
    { label: t('invest.review.price'), value: money(product.pricePerToken) },
    { label: t('invest.review.total'), value: money(quantity * product.pricePerToken), isStrong: true },
    {
      label: t('invest.review.method'),
      value: isFromBalance ? t('invest.method.balance') : (method?.name ?? '-'),
    },
    { label: t('invest.review.identity'), value: identityLabel },
    { label: t('invest.review.source'), value: sourceLabel },
  ];

  const reserve = () => {
    if ((!method && !isFromBalance) || !quantity) return;
    createOrder.mutate(
      {
        idempotencyKey: idempotencyKey.current,
        body: {
          quantity,
          ...(isFromBalance ? { payFrom: 'BALANCE' as const } : { payMethodId: method!.id }),
          identityId: flow.selectedIdentity || undefined,
          sourceOfFunds: (flow.selectedSource || undefined) as SourceOfFunds | undefined,
        },
      },
      { onSuccess: onReserved },
    );
  };

  return (
    <div className="space-y-5">
      <h2 className="text-xl font-bold text-ink">{t('invest.review.title')}</h2>
      <dl className="divide-y divide-line rounded-lg ring-1 ring-line">
        {rows.map((row) => (
          <div key={row.label} className="flex items-baseline justify-between gap-4 px-4 py-3">
            <dt className="shrink-0 text-sm text-ink-soft">{row.label}</dt>
            <dd
              className={`min-w-0 text-right ${row.isStrong ? 'text-lg font-extrabold text-ink' : 'font-semibold text-ink'}`}
            >
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      <ol className="space-y-2 text-sm text-ink-soft">
        <li className="flex gap-2">
          <span className="i-lucide-lock mt-0.5 shrink-0 text-brand-700" aria-hidden="true" />
          {t('invest.review.hold')}
        </li>
        <li className="flex gap-2">
          <span className="i-lucide-file-signature mt-0.5 shrink-0 text-brand-700" aria-hidden="true" />
          {isFromBalance ? t('invest.review.nextBalance') : t('invest.review.next')}
        </li>
      </ol>
      <div className="rounded-lg bg-coral-50 p-4 text-sm text-coral-900" role="note">
        <p className="font-bold">{t('invest.review.risk')}</p>
        <p className="mt-1">{product.investmentRiskDisclaimer}</p>
      </div>
      <FormError message={createOrder.error?.message} />
      <OfflineNote isOnline={isOnline} />
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-accent w-full sm:w-auto"
          onClick={reserve}
          disabled={createOrder.isPending || !isOnline || (!method && !isFromBalance) || !quantity}
        >
          {createOrder.isPending ? t('invest.review.reserving') : t('invest.review.reserve', { count: quantity })}
        </button>
        <button type="button" className="btn-ghost" onClick={onBack}>
          {t('invest.back')}
        </button>
      </div>
    </div>
  );
}
