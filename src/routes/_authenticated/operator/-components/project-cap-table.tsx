import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { toast } from 'sonner';
import { basisPointsPercent, type CapTable } from '../../../../domain/project-editing';
import { capTableOptions, downloadCapTable } from '../../../../features/operator/queries';
import { t } from '../../../../lib/i18n';
import { saveDownload } from '../../../../lib/save-download';
import { DataTable } from './data-table';
import { QueryProblem } from './query-problem';

type Holder = CapTable['holders'][number];
const column = createColumnHelper<Holder>();
const today = () => new Date().toISOString().slice(0, 10);
const percent = (basisPoints: number) => `${basisPointsPercent(basisPoints)}%`;

/** Who held the project's tokens at the end of a chosen day (UTC), from the ledger; CSV download. */
export function CapTablePanel({ id }: { id: number }) {
  const [date, setDate] = useState(today);
  const table = useQuery({ ...capTableOptions(id, date), placeholderData: keepPreviousData });
  const [isSaving, setIsSaving] = useState(false);
  const download = async () => {
    setIsSaving(true);
    try {
      saveDownload(await downloadCapTable(id, date), `cap-table-${id}-${date}.csv`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setIsSaving(false);
    }
  };
  const columns = [
    column.accessor((row) => row.email ?? row.userId, {
      id: 'holder',
      header: () => t('operator.projects.cap.holder'),
    }),
    column.accessor('balance', { header: () => t('operator.projects.cap.balance') }),
    column.accessor('shareBasisPoints', {
      header: () => t('operator.projects.cap.share'),
      cell: (info) => percent(info.getValue()),
    }),
  ];
  return (
    <section className="card mt-8 p-4 sm:p-6" aria-labelledby="cap-table-title">
      <h2 id="cap-table-title" className="text-xl font-bold text-ink">
        {t('operator.projects.cap.title')}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{t('operator.projects.cap.intro')}</p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="font-semibold text-ink">{t('operator.projects.cap.date')}</span>
          <input
            type="date"
            className="input mt-1 block"
            value={date}
            max={today()}
            onChange={(event) => event.target.value && setDate(event.target.value)}
            data-testid="cap-table-date"
          />
        </label>
        <button type="button" className="btn-secondary" disabled={isSaving} onClick={() => void download()}>
          <span className="i-lucide-download" aria-hidden="true" />
          {t('operator.projects.cap.csv')}
        </button>
      </div>
      {table.data ? (
        <>
          <p className="mt-3 text-sm text-ink" data-testid="cap-table-total">
            {t('operator.projects.cap.total', {
              held: table.data.heldQuantity,
              total: table.data.totalQuantity,
              token: table.data.tokenName,
              holders: table.data.holders.length,
            })}
          </p>
          <DataTable
            label={t('operator.projects.cap.title')}
            data={table.data.holders}
            columns={columns}
            rowKey={(row) => row.userId}
            empty={t('operator.projects.cap.empty')}
            card={(row) => (
              <div className="flex justify-between gap-3 text-sm">
                <span className="min-w-0 break-all font-semibold text-ink">{row.email ?? row.userId}</span>
                <span className="shrink-0 text-right">
                  {row.balance} {table.data.tokenName}
                  <br />
                  <span className="text-ink-soft">{percent(row.shareBasisPoints)}</span>
                </span>
              </div>
            )}
          />
        </>
      ) : (
        <QueryProblem query={table} />
      )}
    </section>
  );
}
