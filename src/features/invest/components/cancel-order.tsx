import { useState } from 'react';
import type { Order } from '../../../domain/orders';
import { t } from '../../../lib/i18n';
import { useIsOnline } from '../../../lib/use-online';
import { FormError } from '../../../ui/field';
import { useCancelOrder } from '../mutations';

/** Cancelling before paying: asked twice, since the tokens go back on sale at once. */
export function CancelOrder({ order, onCancelled }: { order: Order; onCancelled?: (order: Order) => void }) {
  const isOnline = useIsOnline();
  const cancel = useCancelOrder();
  const [isAsking, setIsAsking] = useState(false);
  if (!order.canCancel) return null;
  if (!isAsking) {
    return (
      <button type="button" className="btn-ghost text-coral-800" onClick={() => setIsAsking(true)}>
        <span className="i-lucide-circle-x" aria-hidden="true" />
        {t('orders.cancel')}
      </button>
    );
  }
  return (
    <div role="group" aria-labelledby="cancel-question" className="space-y-3 rounded-lg bg-coral-50 p-4">
      <p id="cancel-question" className="font-semibold text-coral-900">
        {t('orders.cancelQuestion', { count: order.quantity, token: order.product.tokenName })}
      </p>
      <FormError message={cancel.error?.message} />
      {!isOnline ? <p className="text-sm text-coral-800">{t('invest.offline')}</p> : null}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-accent"
          disabled={cancel.isPending || !isOnline}
          onClick={() => cancel.mutate({ orderId: order.id }, { onSuccess: onCancelled })}
        >
          {t('orders.cancelConfirm')}
        </button>
        <button type="button" className="btn-secondary" onClick={() => setIsAsking(false)}>
          {t('orders.cancelKeep')}
        </button>
      </div>
    </div>
  );
}
