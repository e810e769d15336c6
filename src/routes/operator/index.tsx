import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { QueueItem, QueueKind } from '../../domain/operator';
import { formatAge } from '../../features/operator/format';
import { queueOptions } from '../../features/operator/queries';
import { formatDateTime } from '../../lib/dates';
import { pageHead } from '../../lib/head';
import { t, type MessageKey } from '../../lib/i18n';
import { QueryProblem } from './-components/query-problem';

export const Route = createFileRoute('/operator/')({
  head: () => pageHead(t('operator.today.title')),
  component: TodayPage,
});

/** Where each queue is worked; null while the console has no screen for it yet. */
const screens: Record<QueueKind, string | null> = {
  IDENTITY_CHECKS: null,
  INVESTOR_VERIFICATIONS: null,
  WHITELIST_REQUESTS: null,
  DECLARED_PAYMENTS: null,
  UNMATCHED_STATEMENT_LINES: null,
  GIFT_CLAIMS_TO_SHIP: null,
  REPORTED_POSTS: null,
  APPROVALS_WAITING: null,
};

function TodayPage() {
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
  const to = screens[item.kind];
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
  return to ? (
    <Link to={to} className={`${frame} focus-ring hover:bg-brand-50`}>
      {body}
    </Link>
  ) : (
    <div className={frame}>{body}</div>
  );
}
