import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { QueueItem, QueueKind } from '../../../../domain/operator';
import { formatAge } from '../../../../features/operator/format';
import { queueOptions } from '../../../../features/operator/queries';
import { formatDateTime } from '../../../../lib/dates';
import { t, type MessageKey } from '../../../../lib/i18n';
import { QueryProblem } from './query-problem';

/** Where each queue is worked: /operator/<screen>, on one of its tabs where it has them. */
const screenOf: Record<QueueKind, { screen: string; search?: Record<string, string> }> = {
  IDENTITY_CHECKS: { screen: 'reviews' },
  INVESTOR_VERIFICATIONS: { screen: 'reviews' },
  WHITELIST_REQUESTS: { screen: 'whitelist' },
  DECLARED_PAYMENTS: { screen: 'payments' },
  UNMATCHED_STATEMENT_LINES: { screen: 'statements' },
  GIFT_CLAIMS_TO_SHIP: { screen: 'gifts' },
  REPORTED_POSTS: { screen: 'governance', search: { tab: 'moderation' } },
  APPROVALS_WAITING: { screen: 'approvals' },
};

/** Today: counts and the oldest age of everything waiting, each linking to its screen. */
export default function TodayScreen() {
  const queue = useQuery(queueOptions());
  return (
    <div>
      <h1 className="page-title">{t('operator.today.title')}</h1>
      <p className="mt-2 text-ink-soft">{t('operator.today.intro')}</p>
      {queue.data ? (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 xl:grid-cols-4" data-testid="operator-queue">
          {queue.data.items.map((item) => (
            <li key={item.kind}>
              <QueueCard item={item} />
            </li>
          ))}
        </ul>
      ) : (
        <QueryProblem query={queue} />
      )}
    </div>
  );
}

function QueueCard({ item }: { item: QueueItem }) {
  const { screen, search } = screenOf[item.kind];
  const label = t(`operator.queue.${item.kind}` as MessageKey);
  const body = (
    <>
      <span className="text-sm font-semibold text-ink-soft">{label}</span>
      <span className="mt-1 block text-3xl font-bold tabular-nums text-ink" data-testid={`queue-${item.kind}`}>
        {item.count}
      </span>
      <span className="mt-1 block text-sm text-ink-soft">
        {!item.tracked ? (
          t('operator.today.notTracked')
        ) : item.oldestAgeSeconds !== null && item.oldestAt ? (
          <time dateTime={item.oldestAt} title={formatDateTime(item.oldestAt)}>
            {t('operator.today.oldest', { age: formatAge(item.oldestAgeSeconds) })}
          </time>
        ) : (
          t('operator.today.nothing')
        )}
      </span>
    </>
  );
  const frame = `card block h-full p-4 ${item.count > 0 ? 'border-l-4 border-coral-600' : ''}`;
  return (
    <Link
      to="/operator/$"
      params={{ _splat: screen }}
      search={search ?? {}}
      className={`${frame} focus-ring hover:bg-brand-50`}
    >
      {body}
    </Link>
  );
}
