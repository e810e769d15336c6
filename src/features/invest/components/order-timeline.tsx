import type { Order, OrderEventType } from '../../../domain/orders';
import { isFinalOrderState } from '../../../domain/order-state';
import { t } from '../../../lib/i18n';
import { actorText, formatDateTime, nextStepText, orderEventText } from '../order-texts';

const happyPath: OrderEventType[] = ['RESERVED', 'CONTRACT_SIGNED', 'PAYMENT_DECLARED', 'PAYMENT_CONFIRMED'];

interface Item {
  key: string;
  label: string;
  status: 'done' | 'current' | 'upcoming' | 'closed';
  at?: string;
  by?: string;
  note?: string | null;
  detail?: string;
}

/** What the timeline lists: every recorded step, then the steps still to come on the usual path. */
export function timelineItems(order: Order): Item[] {
  const events = [...order.timeline].sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);
  const items: Item[] = events.map((event) => ({
    key: `event-${event.id}`,
    label: orderEventText(event.type),
    status: happyPath.includes(event.type) ? 'done' : 'closed',
    at: event.at,
    by: actorText(event.actor),
    note: event.note,
  }));
  if (isFinalOrderState(order.state) || order.state === 'CONFIRMED') return items;
  const reached = new Set(events.map((event) => event.type));
  const lastReached = Math.max(...happyPath.map((type, index) => (reached.has(type) ? index : -1)));
  happyPath.slice(lastReached + 1).forEach((type, index) => {
    const isCurrent = index === 0;
    const wait = order.next.usualWaitHours;
    items.push({
      key: `pending-${type}`,
      label: orderEventText(type),
      status: isCurrent ? 'current' : 'upcoming',
      detail: isCurrent
        ? [
            nextStepText(order.next.code),
            wait ? t('orders.usualWait', { hours: wait }) : null,
            order.next.deadline ? t('orders.actBy', { date: formatDateTime(order.next.deadline) }) : null,
          ]
            .filter(Boolean)
            .join(' ')
        : undefined,
    });
  });
  return items;
}

const dotClasses: Record<Item['status'], string> = {
  done: 'bg-jade-600 text-white',
  closed: 'bg-ink-soft text-white',
  current: 'bg-white text-brand-800 ring-2 ring-brand-700',
  upcoming: 'bg-white text-ink-muted ring-1 ring-line',
};
const icons: Record<Item['status'], string> = {
  done: 'i-lucide-check',
  closed: 'i-lucide-x',
  current: 'i-lucide-hourglass',
  upcoming: 'i-lucide-circle',
};

/** Every step of an order with its time, and where the platform waits, what happens next and when. */
export function OrderTimeline({ order }: { order: Order }) {
  const items = timelineItems(order);
  const isClosed = isFinalOrderState(order.state) || order.state === 'CONFIRMED';
  return (
    <div>
      <ol className="relative space-y-0" aria-label={t('orders.timeline')}>
        {items.map((item, index) => (
          <li key={item.key} className="relative flex gap-4 pb-6 last:pb-0" data-status={item.status}>
            {index < items.length - 1 ? (
              <span aria-hidden="true" className="absolute bottom-0 left-4 top-9 w-0.5 -translate-x-1/2 bg-line" />
            ) : null}
            <span
              aria-hidden="true"
              className={`relative z-1 grid h-8 w-8 shrink-0 place-items-center rounded-full text-sm ${dotClasses[item.status]}`}
            >
              <span className={icons[item.status]} />
            </span>
            <div className="min-w-0 flex-1 pt-1">
              <p className={`font-semibold ${item.status === 'upcoming' ? 'text-ink-muted' : 'text-ink'}`}>
                {item.label}
                <span className="sr-only"> ({t(`orders.status.${item.status}`)})</span>
              </p>
              {item.at ? (
                <p className="text-sm text-ink-soft">
                  <time dateTime={item.at}>{formatDateTime(item.at)}</time>
                  {item.by ? ` · ${item.by}` : null}
                </p>
              ) : null}
              {item.note ? <p className="mt-1 text-sm text-ink-soft">“{item.note}”</p> : null}
              {item.detail ? (
                <p className="mt-1 rounded-md bg-brand-50 p-3 text-sm text-brand-900">{item.detail}</p>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      {isClosed ? (
        <p className="mt-4 rounded-md bg-paper p-3 text-sm text-ink-soft ring-1 ring-line">
          {nextStepText(order.next.code)}
        </p>
      ) : null}
    </div>
  );
}
