import type { OrderState } from '../../../domain/orders';
import { orderStateText, orderStateTone, type Tone } from '../order-texts';

const toneClasses: Record<Tone, string> = {
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
  jade: 'bg-jade-50 text-jade-800 ring-jade-500',
  gold: 'bg-gold-100 text-gold-700 ring-gold-500',
  coral: 'bg-coral-50 text-coral-800 ring-coral-300',
  muted: 'bg-paper text-ink-soft ring-line',
};

export function OrderStateBadge({ state }: { state: OrderState }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ring-inset ${toneClasses[orderStateTone(state)]}`}
    >
      {orderStateText(state)}
    </span>
  );
}
