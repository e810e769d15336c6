import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { CashEntry } from '../../../domain/cash';
import { formatDateTime } from '../../../lib/dates';
import { t, type MessageKey } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { saveDownload } from '../../../lib/save-download';
import { useIsOnline } from '../../../lib/use-online';
import { Amount } from '../../../ui/amount';
import { formatMonthName } from '../month-name';
import { balanceEntriesQueryOptions, balanceEntryQueryOptions, findSavedEntry } from '../queries';
import { balanceEntriesCsv } from '../csv';
import { entryChange, recentMonths } from '../statement';

const kindKey = (entry: CashEntry) => `balance.kind.${entry.kind}` as MessageKey;

/** A change with its sign, so money in and money out read apart without colour. */
function signed(minor: number, currency: string): string {
  return minor > 0 ? `+${formatMoney(minor, currency)}` : formatMoney(minor, currency);
}

/** What the entry is about, as a link to it: the order, the paying project, the withdrawal. */
function EntryLink({ entry }: { entry: CashEntry }) {
  if (entry.orderId) {
    return (
      <Link to="/account/orders/$orderId" params={{ orderId: entry.orderId }} className="text-link">
        {t('balance.entry.order', { reference: entry.orderReference ?? '' })}
      </Link>
    );
  }
  if (entry.withdrawalId) {
    return (
      <a href={`#withdrawal-${entry.withdrawalId}`} className="text-link">
        {t('balance.entry.withdrawal')}
      </a>
    );
  }
  if (entry.productId !== null) {
    return (
      <Link to="/projects/$productId" params={{ productId: entry.productId }} className="text-link">
        {entry.productName ?? t('balance.entry.project')}
      </Link>
    );
  }
  return entry.bankReference ? <span className="break-all">{entry.bankReference}</span> : null;
}

/** One entry; the one opened by a link (?entry=) is marked, and scrolled to once. */
function EntryRow({ entry, isOpened }: { entry: CashEntry; isOpened: boolean }) {
  const change = entryChange(entry);
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (isOpened) ref.current?.scrollIntoView({ block: 'center' });
  }, [isOpened]);
  return (
    <li
      ref={ref}
      id={`entry-${entry.id}`}
      data-testid={isOpened ? 'opened-entry' : undefined}
      aria-current={isOpened ? 'true' : undefined}
      className={`flex flex-wrap items-start gap-x-4 gap-y-1 py-3 ${
        isOpened ? '-mx-2 rounded-lg bg-jade-50 px-2 ring-2 ring-jade-600' : ''
      }`}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink">{t(kindKey(entry))}</p>
        <p className="text-sm text-ink-soft">
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          <span aria-hidden="true"> · </span>
          <EntryLink entry={entry} />
        </p>
        {entry.note ? <p className="text-sm text-ink-muted">{entry.note}</p> : null}
      </div>
      <div className="text-right">
        <p className={`font-semibold ${change.amount > 0 ? 'text-jade-700' : 'text-ink'}`}>
          <Amount>{signed(change.amount, entry.currency)}</Amount>
          {change.isHeld ? <span className="ml-1 text-xs text-ink-muted">{t('balance.entry.fromHeld')}</span> : null}
        </p>
        <p className="text-xs text-ink-muted">
          {t('balance.entry.after')} <Amount>{formatMoney(entry.availableAfter, entry.currency)}</Amount>
        </p>
      </div>
    </li>
  );
}

/**
 * The entry a link opened (the revenue page links each paid share to its entry) when the list
 * shown does not hold it: an older page, another month. Read from the server, else from what
 * this device saved.
 */
function OpenedEntry({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const query = useQuery(balanceEntryQueryOptions(id));
  const entry = query.data ?? findSavedEntry(queryClient, id);
  return (
    <div className="mt-4" role="region" aria-label={t('balance.entries.opened')}>
      <p className="text-sm font-semibold text-ink-muted">{t('balance.entries.opened')}</p>
      {entry ? (
        <ul>
          <EntryRow entry={entry} isOpened />
        </ul>
      ) : (
        <p className="mt-1 text-ink-muted" role="status">
          {query.isPending ? t('balance.entries.loading') : t('balance.entries.openedMissing')}
        </p>
      )}
    </div>
  );
}

/** Every entry of the balance, newest first: one month or all, with the CSV of what is shown. */
export function BalanceEntries({
  month,
  onMonthChange,
  openedId,
}: {
  month: string | null;
  onMonthChange: (month: string | null) => void;
  /** The entry a link asked for (?entry=), marked in the list or shown above it. */
  openedId?: number;
}) {
  const isOnline = useIsOnline();
  const query = useInfiniteQuery(balanceEntriesQueryOptions(month));
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];
  const months = recentMonths(new Date(), 24);
  const isOpenedListed = openedId !== undefined && entries.some((entry) => entry.id === openedId);
  return (
    <section className="card p-4 sm:p-6" aria-labelledby="entries-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="entries-title" className="text-lg font-bold text-ink">
          {t('balance.entries.title')}
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <label className="text-sm text-ink-muted">
            {t('balance.entries.month')}
            <select
              className="input mt-1 block"
              value={month ?? ''}
              onChange={(event) => onMonthChange(event.target.value || null)}
            >
              <option value="">{t('balance.entries.allMonths')}</option>
              {(month && !months.includes(month) ? [month, ...months] : months).map((value) => (
                <option key={value} value={value}>
                  {formatMonthName(value)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn-secondary"
            disabled={!entries.length}
            onClick={() =>
              saveDownload(
                {
                  blob: new Blob([balanceEntriesCsv(entries)], { type: 'text/csv;charset=utf-8' }),
                  filename: null,
                  headers: new Headers(),
                },
                `moa-balance-${month ?? 'all'}.csv`,
              )
            }
          >
            <span className="i-lucide-download" aria-hidden="true" />
            {t('balance.entries.exportCsv')}
          </button>
        </div>
      </div>
      {openedId !== undefined && !query.isPending && !isOpenedListed ? <OpenedEntry id={openedId} /> : null}
      {query.isPending ? (
        <p className="mt-4 text-ink-muted" role="status">
          {t('balance.entries.loading')}
        </p>
      ) : query.isError && !query.data ? (
        <p className="mt-4 text-ink-muted" role="status">
          {isOnline ? query.error.message : t('balance.entries.notSaved')}
        </p>
      ) : entries.length ? (
        <ol className="mt-4 divide-y divide-line" data-testid="balance-entries" aria-label={t('balance.entries.title')}>
          {entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} isOpened={entry.id === openedId} />
          ))}
        </ol>
      ) : (
        <p className="mt-4 text-ink-muted">{month ? t('balance.entries.noneInMonth') : t('balance.entries.none')}</p>
      )}
      {query.hasNextPage ? (
        <button
          type="button"
          className="btn-ghost mt-3"
          disabled={!isOnline || query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {isOnline ? t('balance.entries.more') : t('offline.actionUnavailable')}
        </button>
      ) : null}
    </section>
  );
}
