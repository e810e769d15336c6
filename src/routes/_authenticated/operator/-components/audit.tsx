import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { z } from 'zod';
import { toCsv, type CsvValue } from '../../../../domain/csv';
import type { AuditEvent, AuditQuery } from '../../../../domain/operator-console';
import { auditOptions, fetchWholeAudit } from '../../../../features/operator/queries';
import { formatDateTime } from '../../../../lib/dates';
import { t } from '../../../../lib/i18n';
import { saveDownload } from '../../../../lib/save-download';
import { toast } from 'sonner';
import { DataTable } from './data-table';
import { FilterBar, FilterField, type FilterValue } from './filter-bar';
import { QueryProblem } from './query-problem';
import { useScreenSearch } from './use-screen-search';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();
const text = z.string().trim().max(200).optional();
/** The filters and the page cursor, in the URL; `back` holds the earlier pages' cursors. */
const searchSchema = z.object({
  actor: text,
  subject: text,
  action: text,
  from: day,
  to: day,
  cursor: z.string().max(200).optional(),
  back: z.string().max(4000).optional(),
});
const column = createColumnHelper<AuditEvent>();

const detailText = (event: AuditEvent) =>
  Object.entries(event.detail)
    .map(([key, value]) => `${key}: ${value}`)
    .join(', ');

function exportCsv(events: AuditEvent[]) {
  const rows: CsvValue[][] = [['time (UTC)', 'action', 'actor', 'operator', 'subject', 'subject id', 'detail']];
  for (const event of events) {
    rows.push([
      event.createdAt,
      event.type,
      event.actor,
      event.actorLabel ?? '',
      event.userEmail ?? '',
      event.userId ?? '',
      detailText(event),
    ]);
  }
  const blob = new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' });
  saveDownload({ blob, filename: null, headers: new Headers() }, 'moa-audit-log.csv');
}

/** Every operator and system action, filterable by actor, subject, action and date; CSV export. */
export default function AuditScreen() {
  const [search, setSearch] = useScreenSearch(searchSchema);
  const filters: Omit<AuditQuery, 'cursor' | 'limit'> = {
    actor: search.actor,
    subject: search.subject,
    action: search.action,
    from: search.from,
    to: search.to,
  };
  const audit = useQuery({ ...auditOptions({ ...filters, cursor: search.cursor }), placeholderData: keepPreviousData });
  const [isExporting, setIsExporting] = useState(false);
  const earlier = search.back ? search.back.split(' ') : [];

  const apply = (value: FilterValue) =>
    setSearch({
      actor: value('actor'),
      subject: value('subject'),
      action: value('action'),
      from: value('from'),
      to: value('to'),
      cursor: undefined,
      back: undefined,
    });
  const download = async () => {
    setIsExporting(true);
    try {
      exportCsv(await fetchWholeAudit(filters));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setIsExporting(false);
    }
  };

  const columns = [
    column.accessor('createdAt', {
      header: () => t('operator.audit.time'),
      cell: (info) => <time dateTime={info.getValue()}>{formatDateTime(info.getValue())}</time>,
    }),
    column.accessor('type', { header: () => t('operator.audit.action') }),
    column.accessor((row) => row.actorLabel ?? row.actor, { id: 'actor', header: () => t('operator.audit.actor') }),
    column.accessor((row) => row.userEmail ?? row.userId ?? '', {
      id: 'subject',
      header: () => t('operator.audit.subject'),
    }),
    column.accessor(detailText, {
      id: 'detail',
      header: () => t('operator.audit.detail'),
      cell: (info) => <span className="break-all text-ink-soft">{info.getValue()}</span>,
    }),
  ];

  const fields = [
    ['actor', 'operator.audit.actor', 'text'],
    ['subject', 'operator.audit.subject', 'text'],
    ['action', 'operator.audit.action', 'text'],
    ['from', 'operator.audit.from', 'date'],
    ['to', 'operator.audit.to', 'date'],
  ] as const;

  return (
    <div>
      <h1 className="page-title">{t('operator.audit.title')}</h1>
      <p className="mt-2 text-ink-soft">{t('operator.audit.intro')}</p>
      <FilterBar
        className="mt-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-6"
        apply={{
          name: t('operator.audit.filters'),
          label: t('operator.audit.apply'),
          className: 'flex items-end gap-2',
          onApply: apply,
          resetKey: JSON.stringify(filters),
        }}
      >
        {fields.map(([name, label, type]) => (
          <FilterField key={name} label={t(label)}>
            <input name={name} type={type} className="input mt-1 w-full" defaultValue={search[name] ?? ''} />
          </FilterField>
        ))}
      </FilterBar>
      <div className="mt-3">
        <button type="button" className="btn-secondary" disabled={isExporting} onClick={() => void download()}>
          <span className="i-lucide-download" aria-hidden="true" />
          {t('operator.audit.export')}
        </button>
      </div>
      {audit.data ? (
        <>
          <DataTable
            label={t('operator.audit.title')}
            data={audit.data.events}
            columns={columns}
            rowKey={(row) => row.id}
            empty={t('operator.audit.empty')}
            card={(row) => (
              <div className="space-y-1 text-sm">
                <p className="font-semibold text-ink">{row.type}</p>
                <p>
                  {row.actorLabel ?? row.actor} → {row.userEmail ?? row.userId ?? '—'}
                </p>
                <p className="text-ink-soft">{formatDateTime(row.createdAt)}</p>
                <p className="break-all text-ink-soft">{detailText(row)}</p>
              </div>
            )}
          />
          <nav className="mt-4 flex gap-2" aria-label={t('operator.audit.pages')}>
            <button
              type="button"
              className="btn-ghost"
              disabled={!search.cursor}
              onClick={() =>
                setSearch({
                  cursor: earlier.at(-1) || undefined,
                  back: earlier.slice(0, -1).join(' ') || undefined,
                })
              }
            >
              {t('operator.audit.newer')}
            </button>
            <button
              type="button"
              className="btn-ghost"
              disabled={!audit.data.nextCursor}
              onClick={() =>
                setSearch({
                  cursor: audit.data.nextCursor ?? undefined,
                  back: [...earlier, search.cursor ?? ''].join(' ').trim() || undefined,
                })
              }
            >
              {t('operator.audit.older')}
            </button>
          </nav>
        </>
      ) : (
        <QueryProblem query={audit} />
      )}
    </div>
  );
}
