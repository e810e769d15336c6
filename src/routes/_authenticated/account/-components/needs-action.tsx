import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { OrderSummary } from '../../../../domain/orders';
import type { GiftCheck } from '../../../../domain/portfolio';
import { myOrdersOptions } from '../../../../features/invest/queries';
import { useNow } from '../../../../features/invest/time-left';
import { giftCheckQueryOptions, revenuesQueryOptions } from '../../../../features/portfolio/queries';
import { formatDateTime } from '../../../../lib/dates';
import { t } from '../../../../lib/i18n';
import { formatMoney } from '../../../../lib/money';
import { Amount, WithValues } from '../../../../ui/amount';

/** An order waits on the investor while it is reserved (to sign) or signed (to pay) and not past its deadline. */
export function ordersNeedingAction(orders: readonly OrderSummary[], now: number): OrderSummary[] {
  return orders.filter(
    (order) => (order.state === 'RESERVED' || order.state === 'SIGNED') && Date.parse(order.expiresAt) > now,
  );
}

/** A holding whose gift is reached and not claimed yet. */
export function giftsToClaim(
  checks: ReadonlyArray<GiftCheck | undefined>,
): Array<GiftCheck & { availableGift: NonNullable<GiftCheck['availableGift']> }> {
  return checks.filter((check): check is GiftCheck & { availableGift: NonNullable<GiftCheck['availableGift']> } =>
    Boolean(check?.canClaim && check.availableGift),
  );
}

function Item({ icon, title, body, action }: { icon: string; title: string; body: ReactNode; action: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
      <span className={`${icon} hidden shrink-0 text-2xl text-coral-700 sm:block`} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">{title}</p>
        <p className="mt-0.5 text-sm text-ink-soft">{body}</p>
      </div>
      {action}
    </li>
  );
}

/**
 * The top of the overview: what waits on the investor (a contract to sign, an order to pay before
 * its deadline, a gift to claim), each with a link to where it is done. Read from the same saved
 * queries as the orders, the portfolio and the gift pages, so it opens offline; nothing renders
 * when nothing is pending. Orders and gifts exist only once the identity is approved
 * (`canInvest`); before that the server refuses to list them, so nothing is asked.
 */
export function NeedsAction({ canInvest }: { canInvest: boolean }) {
  const orders = useQuery({ ...myOrdersOptions(), enabled: canInvest });
  const holdings = useQuery(revenuesQueryOptions());
  const checks = useQueries({
    queries: (canInvest ? (holdings.data?.products ?? []) : []).map((product) => giftCheckQueryOptions(product.id)),
  });
  // The deadline is compared with this device's clock only to leave out orders that have lapsed.
  const now = useNow(60_000);
  const pending = ordersNeedingAction(orders.data?.orders ?? [], now);
  const gifts = giftsToClaim(checks.map((check) => check.data));
  if (!pending.length && !gifts.length) return null;
  return (
    <section
      aria-labelledby="needs-action-heading"
      className="card max-w-3xl border-l-4 border-coral-600 p-5 sm:p-6"
      data-testid="needs-action"
    >
      <h2 id="needs-action-heading" className="text-lg font-bold text-ink">
        {t('needsAction.title')}
      </h2>
      <ul className="mt-4 divide-y divide-line">
        {pending.map((order) => {
          const toSign = order.state === 'RESERVED';
          const deadline = formatDateTime(order.expiresAt);
          return (
            <Item
              key={order.id}
              icon={toSign ? 'i-lucide-file-signature' : 'i-lucide-banknote'}
              title={t(toSign ? 'needsAction.sign.title' : 'needsAction.pay.title', { project: order.product.name })}
              body={
                toSign ? (
                  t('needsAction.sign.body', { quantity: order.quantity, deadline })
                ) : (
                  <WithValues
                    text={t('needsAction.pay.body', { deadline, reference: order.reference })}
                    values={{ amount: <Amount>{formatMoney(order.amount, order.currency)}</Amount> }}
                  />
                )
              }
              action={
                <Link
                  to="/invest"
                  search={{ productId: order.product.id, orderId: order.id }}
                  className="btn-primary shrink-0"
                >
                  {t(toSign ? 'needsAction.sign.action' : 'needsAction.pay.action')}
                  <span className="i-lucide-arrow-right" aria-hidden="true" />
                </Link>
              }
            />
          );
        })}
        {gifts.map((check) => (
          <Item
            key={`gift-${check.productId}`}
            icon="i-lucide-gift"
            title={t('needsAction.gift.title', { project: check.productName })}
            body={t('needsAction.gift.body', { gift: check.availableGift.title })}
            action={
              <Link to="/claim-gift" search={{ productId: check.productId }} className="btn-secondary shrink-0">
                {t('needsAction.gift.action')}
                <span className="i-lucide-arrow-right" aria-hidden="true" />
              </Link>
            }
          />
        ))}
      </ul>
    </section>
  );
}
