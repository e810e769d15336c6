import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isOpenOrderState } from '../../../domain/order-state';
import { t } from '../../../lib/i18n';
import { myOrdersOptions } from '../queries';
import { OrderStateBadge } from './order-state-badge';

/** Open orders on this project, so an investor never loses track of one; silent if it cannot load. */
export function OpenOrdersNotice({ productId }: { productId: number }) {
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
