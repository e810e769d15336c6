import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { t } from '../../../../lib/i18n';

const NO_SORTING: SortingState = [];

/**
 * The console's one table (TanStack Table): a real table with sortable column headers (buttons,
 * so the keyboard reaches them) from 1024 px, and one card per row below it. The sorting lives
 * in the URL: the screen passes it in and is told when it changes.
 */
export function DataTable<Row>({
  label,
  data,
  columns,
  sort,
  onSortChange,
  card,
  rowKey,
  empty,
}: {
  label: string;
  data: Row[];
  // Cells of any type: TanStack Table's own column type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  sort?: SortingState;
  onSortChange?: (sort: SortingState) => void;
  card: (row: Row) => ReactNode;
  rowKey: (row: Row) => string;
  empty: string;
}) {
  // The table keeps its own state between renders; the compiler leaves this component as written.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    state: { sorting: sort ?? NO_SORTING },
    // The console pages by the URL's cursor, not the table's own pages: without this, each render's
    // new rows queue a page reset that renders again, without end while an input beside it is typed in.
    autoResetPageIndex: false,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sort ?? NO_SORTING) : updater;
      onSortChange?.(next);
    },
    enableSorting: Boolean(onSortChange),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: rowKey,
  });
  const rows = table.getRowModel().rows;
  if (!rows.length) return <p className="mt-6 text-ink-soft">{empty}</p>;
  return (
    <>
      <ul className="mt-4 space-y-3 lg:hidden" aria-label={label}>
        {rows.map((row) => (
          <li key={row.id} className="card p-4">
            {card(row.original)}
          </li>
        ))}
      </ul>
      <div className="mt-4 hidden overflow-x-auto lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className="border-b border-line">
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const title = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className="px-3 py-2 font-semibold text-ink-soft"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="focus-ring inline-flex items-center gap-1 rounded"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {title}
                          <span
                            className={
                              sorted === 'asc'
                                ? 'i-lucide-arrow-up'
                                : sorted === 'desc'
                                  ? 'i-lucide-arrow-down'
                                  : 'i-lucide-arrow-up-down opacity-40'
                            }
                            aria-hidden="true"
                          />
                          <span className="sr-only">{t('operator.table.sort')}</span>
                        </button>
                      ) : (
                        title
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-line align-top">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A sorting in the URL: `column` or `-column` (descending). */
export function sortFromParam(param: string | undefined): SortingState {
  if (!param) return [];
  return [{ id: param.replace(/^-/, ''), desc: param.startsWith('-') }];
}

export function sortToParam(sort: SortingState): string | undefined {
  const first = sort[0];
  return first ? `${first.desc ? '-' : ''}${first.id}` : undefined;
}
