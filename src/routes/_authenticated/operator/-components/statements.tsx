import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from '@tanstack/react-table';
import { useId, useState, type FormEvent } from 'react';
import { statementLineStates, type StatementLineState } from '../../../../domain/statement-states';
import type {
  StatementConfirmResult,
  StatementImport,
  StatementLine,
  StatementMapping,
  StatementPreview,
} from '../../../../domain/bank-statements';
import {
  useConfirmLines,
  useImportStatement,
  usePreviewStatement,
  useResolveLine,
} from '../../../../features/statements/mutations';
import { statementLinesOptions, statementMappingsOptions } from '../../../../features/statements/queries';
import { formatDateTime } from '../../../../lib/dates';
import { t, type MessageKey } from '../../../../lib/i18n';
import { formatExactMoney } from '../../../../lib/money';
import { Field } from '../../../../ui/field';
import { QueryProblem } from './query-problem';

interface StatementsSearch {
  state?: StatementLineState;
  sort?: 'bookedOn' | 'amount' | 'payer';
  desc?: boolean;
}

/** The filter and the sort live in the address; anything else there is dropped. */
function searchOf(search: Record<string, unknown>): StatementsSearch {
  return {
    state: statementLineStates.find((state) => state === search.state),
    sort: (['bookedOn', 'amount', 'payer'] as const).find((sort) => sort === search.sort),
    desc: search.desc === true ? true : undefined,
  };
}

/** Bank statements (issue 23, screen 3): upload, columns, the lines and their resolution. */
export default function StatementsPage() {
  return (
    <div>
      <h1 className="page-title">{t('operator.statements.title')}</h1>
      <p className="mt-2 max-w-3xl text-ink-soft">{t('operator.statements.intro')}</p>
      <Upload />
      <Lines />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Upload and columns

function Upload() {
  const mappings = useQuery(statementMappingsOptions());
  const [bank, setBank] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [isMapping, setIsMapping] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const banksId = useId();

  const read = usePreviewStatement();
  const importing = useImportStatement();
  const onPreview = (answer: StatementPreview) => {
    setPreview(answer);
    setIsMapping(answer.mapping === null);
    setResult(null);
  };
  const run = (mapping: StatementMapping | null) =>
    importing.mutate({ bank: bank.trim(), file: file!, mapping }, { onSuccess: onImported });
  const onImported = (answer: StatementImport) => {
    const counts = answer.counts;
    setResult(
      t('operator.statements.result', {
        matched: counts.MATCHED ?? 0,
        deposits: counts.DEPOSIT ?? 0,
        differs: counts.AMOUNT_DIFFERS ?? 0,
        unknown: counts.UNKNOWN_REFERENCE ?? 0,
        closed: counts.ORDER_CLOSED ?? 0,
        already: counts.ALREADY_IMPORTED ?? 0,
      }),
    );
    setPreview(null);
  };
  const error = read.error ?? importing.error;

  const onRead = (event: FormEvent) => {
    event.preventDefault();
    if (bank.trim() && file) read.mutate({ bank: bank.trim(), file }, { onSuccess: onPreview });
  };

  return (
    <section className="card mt-6 p-4 lg:p-6" aria-labelledby="statement-upload">
      <h2 id="statement-upload" className="text-lg font-bold text-ink">
        {t('operator.statements.upload.title')}
      </h2>
      <form className="mt-4 grid gap-4 lg:grid-cols-[1fr_1fr_auto] lg:items-end" onSubmit={onRead}>
        <Field
          label={t('operator.statements.upload.bank')}
          hint={t('operator.statements.upload.bankHint')}
          value={bank}
          list={banksId}
          required
          maxLength={80}
          autoComplete="off"
          onChange={(event) => {
            setBank(event.target.value);
            setPreview(null);
          }}
          data-testid="statement-bank"
        />
        <datalist id={banksId}>
          {mappings.data?.mappings.map((mapping) => (
            <option key={mapping.bank} value={mapping.bank} />
          ))}
        </datalist>
        <label className="block text-sm font-semibold text-ink">
          {t('operator.statements.upload.file')}
          <input
            type="file"
            accept=".csv,text/csv"
            required
            className="input mt-2"
            data-testid="statement-file"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setPreview(null);
            }}
          />
        </label>
        <button type="submit" className="btn-secondary min-h-11" disabled={read.isPending}>
          {t('operator.statements.upload.read')}
        </button>
      </form>
      {error ? (
        <p role="alert" className="mt-4 rounded-md bg-coral-50 p-3 text-sm text-coral-800">
          {error.message}
        </p>
      ) : null}
      {preview && !isMapping && preview.mapping ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p className="text-sm text-ink-soft">
            {t('operator.statements.upload.saved', { bank: preview.mapping.bank })}
          </p>
          <button type="button" className="btn-ghost" onClick={() => setIsMapping(true)}>
            {t('operator.statements.upload.remap')}
          </button>
          <button
            type="button"
            className="btn-primary min-h-11"
            data-testid="statement-import"
            disabled={importing.isPending}
            onClick={() => run(null)}
          >
            {t('operator.statements.upload.import', { count: preview.lineCount })}
          </button>
        </div>
      ) : null}
      {preview && isMapping ? (
        <ColumnMapping preview={preview} bank={bank.trim()} isPending={importing.isPending} onSave={run} />
      ) : null}
      {result ? (
        <p role="status" className="mt-4 rounded-md bg-brand-50 p-3 text-sm text-ink" data-testid="statement-result">
          {result}
        </p>
      ) : null}
    </section>
  );
}

const mappedFields = ['date', 'amount', 'payer', 'message'] as const;

function ColumnMapping({
  preview,
  bank,
  isPending,
  onSave,
}: {
  preview: StatementPreview;
  bank: string;
  isPending: boolean;
  onSave: (mapping: StatementMapping) => void;
}) {
  const start = preview.mapping?.columns;
  const [columns, setColumns] = useState<Record<(typeof mappedFields)[number], string>>({
    date: start?.date ?? '',
    amount: start?.amount ?? '',
    payer: start?.payer ?? '',
    message: start?.message ?? '',
  });
  const [currencyColumn, setCurrencyColumn] = useState(start?.currency ?? '');
  const [currency, setCurrency] = useState(preview.mapping?.currency ?? 'KRW');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSave({
      bank,
      headers: preview.headers,
      columns: { ...columns, currency: currencyColumn || null },
      currency: currency.trim().toUpperCase(),
    });
  };

  return (
    <form className="mt-6 border-t border-line pt-4" onSubmit={onSubmit} data-testid="statement-mapping">
      <h3 className="font-bold text-ink">{t('operator.statements.map.title')}</h3>
      <p className="mt-1 text-sm text-ink-soft">{t('operator.statements.map.intro', { bank })}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {mappedFields.map((field) => (
          <label key={field} className="block text-sm font-semibold text-ink">
            {t(`operator.statements.map.${field}` as MessageKey)}
            <select
              className="input mt-2"
              required
              value={columns[field]}
              data-testid={`map-${field}`}
              onChange={(event) => setColumns({ ...columns, [field]: event.target.value })}
            >
              <option value="">{t('operator.statements.map.choose')}</option>
              {preview.headers.map((header) => (
                <option key={header} value={header}>
                  {header}
                </option>
              ))}
            </select>
          </label>
        ))}
        <label className="block text-sm font-semibold text-ink">
          {t('operator.statements.map.currencyColumn')}
          <select
            className="input mt-2"
            value={currencyColumn}
            onChange={(event) => setCurrencyColumn(event.target.value)}
          >
            <option value="">{t('operator.statements.map.noCurrencyColumn')}</option>
            {preview.headers.map((header) => (
              <option key={header} value={header}>
                {header}
              </option>
            ))}
          </select>
        </label>
        {currencyColumn ? null : (
          <Field
            label={t('operator.statements.map.currency')}
            value={currency}
            required
            pattern="[A-Za-z]{3}"
            maxLength={3}
            data-testid="map-currency"
            onChange={(event) => setCurrency(event.target.value)}
          />
        )}
      </div>
      {preview.sample.length ? (
        <div className="mt-4 overflow-x-auto">
          <table className="min-w-full text-left text-xs text-ink-soft">
            <thead>
              <tr>
                {preview.headers.map((header) => (
                  <th key={header} scope="col" className="px-2 py-1 font-semibold">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.sample.map((row, index) => (
                <tr key={index} className="border-t border-line">
                  {row.map((cell, cellIndex) => (
                    <td key={cellIndex} className="whitespace-nowrap px-2 py-1">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <button type="submit" className="btn-primary mt-4 min-h-11" disabled={isPending} data-testid="map-save">
        {t('operator.statements.map.save')}
      </button>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// Lines: cards on phones, a table from lg

const column = createColumnHelper<StatementLine>();

function Lines() {
  const search = searchOf(useSearch({ strict: false }));
  const navigate = useNavigate();
  const state = search.state ?? null;
  const lines = useQuery(statementLinesOptions(state));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<string | null>(null);
  const sorting: SortingState = search.sort ? [{ id: search.sort, desc: search.desc ?? false }] : [];

  const confirm = useConfirmLines();
  const onConfirmed = ({ results }: StatementConfirmResult) => {
    const count = (what: string) => results.filter((result) => result.outcome === what).length;
    setOutcome(
      t('operator.statements.lines.confirmed', {
        confirmed: count('CONFIRMED'),
        proposed: count('PROPOSED'),
        other: results.length - count('CONFIRMED') - count('PROPOSED'),
      }),
    );
    setSelected(new Set());
  };

  const data = lines.data?.lines ?? [];
  const matched = data.filter((line) => line.state === 'MATCHED');
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  const columns = [
    column.display({
      id: 'select',
      header: () => (
        <input
          type="checkbox"
          aria-label={t('operator.statements.lines.selectAll')}
          checked={matched.length > 0 && matched.every((line) => selected.has(line.id))}
          disabled={!matched.length}
          onChange={(event) => setSelected(new Set(event.target.checked ? matched.map((line) => line.id) : []))}
        />
      ),
      cell: ({ row }) => <SelectLine line={row.original} selected={selected} onToggle={toggle} />,
    }),
    column.accessor('bookedOn', { header: () => t('operator.statements.col.date') }),
    column.accessor('amount', {
      header: () => t('operator.statements.col.amount'),
      cell: ({ row }) => formatExactMoney(row.original.amount, row.original.currency),
    }),
    column.accessor('payer', { header: () => t('operator.statements.col.payer') }),
    column.accessor('message', { header: () => t('operator.statements.col.message'), enableSorting: false }),
    column.display({
      id: 'match',
      header: () => t('operator.statements.col.match'),
      cell: ({ row }) => <Match line={row.original} />,
    }),
    column.display({
      id: 'order',
      header: () => t('operator.statements.col.order'),
      cell: ({ row }) => <OrderOf line={row.original} />,
    }),
    column.display({
      id: 'actions',
      header: () => t('operator.statements.col.actions'),
      cell: ({ row }) => <Resolve line={row.original} />,
    }),
  ];
  // The table's functions change with its state; this screen renders them directly, unmemoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    state: { sorting },
    manualSorting: false,
    enableSortingRemoval: true,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      void navigate({
        to: '/operator/$',
        params: { _splat: 'statements' },
        search: {
          ...search,
          sort: first ? (first.id as 'bookedOn' | 'amount' | 'payer') : undefined,
          desc: first?.desc || undefined,
        },
        replace: true,
      });
    },
    // Nothing pages here: without this, each render's new rows queue a page reset that renders
    // again, and typing anywhere on the screen froze it.
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (line) => line.id,
  });
  const rows = table.getRowModel().rows;

  return (
    <section className="mt-8" aria-labelledby="statement-lines">
      <h2 id="statement-lines" className="sr-only">
        {t('operator.statements.filter.label')}
      </h2>
      <nav aria-label={t('operator.statements.filter.label')} className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
        <ul className="flex gap-2 pb-1">
          {[null, ...statementLineStates].map((value) => (
            <li key={value ?? 'all'} className="shrink-0">
              <Link
                to="/operator/$"
                params={{ _splat: 'statements' }}
                search={{ ...search, state: value ?? undefined }}
                aria-current={state === value ? 'page' : undefined}
                className={`focus-ring inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ring-1 ring-inset ring-line ${state === value ? 'bg-brand-900 text-white' : 'bg-white text-ink-soft hover:bg-brand-50'}`}
              >
                {value ? t(`operator.statements.filter.${value}` as MessageKey) : t('operator.statements.filter.all')}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-primary min-h-11"
          disabled={!selected.size || confirm.isPending}
          onClick={() => confirm.mutate([...selected], { onSuccess: onConfirmed })}
          data-testid="statement-confirm"
        >
          {t('operator.statements.lines.confirm', { count: selected.size })}
        </button>
        {outcome ? (
          <p role="status" className="text-sm text-ink" data-testid="statement-confirm-result">
            {outcome}
          </p>
        ) : null}
        {confirm.error ? (
          <p role="alert" className="text-sm text-coral-800">
            {confirm.error.message}
          </p>
        ) : null}
      </div>
      {!lines.data ? (
        <QueryProblem query={lines} />
      ) : rows.length === 0 ? (
        <p className="mt-6 text-ink-soft">{t('operator.statements.lines.empty')}</p>
      ) : (
        <>
          <ul className="mt-4 grid gap-3 lg:hidden" data-testid="statement-cards">
            {rows.map((row) => (
              <li key={row.id} className="card p-4" data-testid="statement-line">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="text-lg font-bold tabular-nums text-ink">
                      {formatExactMoney(row.original.amount, row.original.currency)}
                    </p>
                    <p className="text-sm text-ink-soft">
                      {row.original.bookedOn} · {row.original.payer}
                    </p>
                    <p className="mt-1 break-words text-sm text-ink">{row.original.message}</p>
                  </div>
                  <SelectLine line={row.original} selected={selected} onToggle={toggle} />
                </div>
                <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  <Match line={row.original} />
                  <OrderOf line={row.original} />
                </div>
                <Resolve line={row.original} />
              </li>
            ))}
          </ul>
          <div className="mt-4 hidden overflow-x-auto lg:block">
            <table className="min-w-full text-left text-sm" data-testid="statement-table">
              <thead>
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id} className="border-b border-line">
                    {group.headers.map((header) => {
                      const sorted = header.column.getIsSorted();
                      return (
                        <th
                          key={header.id}
                          scope="col"
                          className="px-2 py-2 font-semibold text-ink-soft"
                          aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                        >
                          {header.column.getCanSort() ? (
                            <button
                              type="button"
                              className="focus-ring inline-flex items-center gap-1"
                              onClick={header.column.getToggleSortingHandler()}
                            >
                              {flexRender(header.column.columnDef.header, header.getContext())}
                              <span
                                className={
                                  sorted === 'asc'
                                    ? 'i-lucide-arrow-up'
                                    : sorted === 'desc'
                                      ? 'i-lucide-arrow-down'
                                      : 'i-lucide-arrow-up-down'
                                }
                                aria-hidden="true"
                              />
                            </button>
                          ) : (
                            flexRender(header.column.columnDef.header, header.getContext())
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
                      <td key={cell.id} className="px-2 py-2">
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function SelectLine({
  line,
  selected,
  onToggle,
}: {
  line: StatementLine;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
}) {
  if (line.state !== 'MATCHED') return null;
  return (
    <input
      type="checkbox"
      className="h-6 w-6 shrink-0"
      aria-label={t('operator.statements.lines.select', {
        payer: line.payer,
        amount: formatExactMoney(line.amount, line.currency),
      })}
      checked={selected.has(line.id)}
      onChange={() => onToggle(line.id)}
    />
  );
}

function Match({ line }: { line: StatementLine }) {
  const tone =
    line.state === 'UNMATCHED' ? 'text-coral-700' : line.state === 'MATCHED' ? 'text-brand-700' : 'text-ink-soft';
  return (
    <span className={`font-semibold ${tone}`} data-testid="statement-match">
      {t(`operator.statements.match.${line.match}` as MessageKey)} ·{' '}
      {t(`operator.statements.state.${line.state}` as MessageKey)}
    </span>
  );
}

function OrderOf({ line }: { line: StatementLine }) {
  if (line.depositor) {
    return (
      <span className="text-ink-soft">
        {t('operator.statements.deposit', { reference: line.reference ?? '', investor: line.depositor })}
        {line.resolvedAt ? <span className="block text-xs">{formatDateTime(line.resolvedAt)}</span> : null}
        {line.note ? <span className="block text-xs">{line.note}</span> : null}
      </span>
    );
  }
  if (!line.orderReference) return null;
  return (
    <span className="text-ink-soft">
      {t('operator.statements.order', {
        reference: line.orderReference,
        amount: line.orderAmount === null ? '' : formatExactMoney(line.orderAmount, line.currency),
      })}
      {line.orderState ? ` (${line.orderState})` : ''}
      {line.resolvedAt ? <span className="block text-xs">{formatDateTime(line.resolvedAt)}</span> : null}
      {line.note ? <span className="block text-xs">{line.note}</span> : null}
    </span>
  );
}

/** A waiting line's two ways out: assigned to an order by hand, or returned to the payer. */
function Resolve({ line }: { line: StatementLine }) {
  const [mode, setMode] = useState<'assign' | 'return' | null>(null);
  const [reference, setReference] = useState(line.reference ?? '');
  const [note, setNote] = useState('');
  const act = useResolveLine();
  if (line.state !== 'UNMATCHED') return null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    act.mutate(
      { id: line.id, reference: mode === 'assign' ? reference.trim() : null, note: note.trim() },
      { onSuccess: () => setMode(null) },
    );
  };
  return (
    <div className="mt-2 lg:mt-0">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-ghost min-h-11"
          aria-expanded={mode === 'assign'}
          onClick={() => setMode(mode === 'assign' ? null : 'assign')}
        >
          {t('operator.statements.resolve.assign')}
        </button>
        <button
          type="button"
          className="btn-ghost min-h-11"
          aria-expanded={mode === 'return'}
          onClick={() => setMode(mode === 'return' ? null : 'return')}
        >
          {t('operator.statements.resolve.return')}
        </button>
      </div>
      {mode ? (
        <form className="mt-2 grid gap-2" onSubmit={onSubmit}>
          {mode === 'assign' ? (
            <Field
              label={t('operator.statements.resolve.reference')}
              value={reference}
              required
              minLength={5}
              maxLength={40}
              onChange={(event) => setReference(event.target.value)}
            />
          ) : null}
          <Field
            label={t('operator.statements.resolve.note')}
            value={note}
            required
            maxLength={500}
            onChange={(event) => setNote(event.target.value)}
          />
          {act.error ? (
            <p role="alert" className="text-sm text-coral-800">
              {act.error.message}
            </p>
          ) : null}
          <button type="submit" className="btn-primary min-h-11" disabled={act.isPending}>
            {mode === 'assign'
              ? t('operator.statements.resolve.assignSubmit')
              : t('operator.statements.resolve.returnSubmit')}
          </button>
        </form>
      ) : null}
    </div>
  );
}
