import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { toMajorUnitsNumeral, parseMajorAmount } from '../../../../domain/money';
import {
  MARKET_REASON_MAX_LENGTH,
  marketReasonRequestSchema,
  marketSettingsRequestSchema,
  type OperatorMarket,
  type OperatorMarketTrade,
} from '../../../../domain/operator-market';
import {
  downloadMarketTrades,
  operatorMarketOptions,
  operatorMarketTradesOptions,
} from '../../../../features/operator/market';
import { useMarketAction } from '../../../../features/operator/mutations';
import { projectsOptions } from '../../../../features/operator/queries';
import { formatDateTime } from '../../../../lib/dates';
import { t, type MessageKey } from '../../../../lib/i18n';
import { formatMoney, formatNumber } from '../../../../lib/money';
import { saveDownload } from '../../../../lib/save-download';
import { Field } from '../../../../ui/field';
import { basisPointsPercent } from '../../../../domain/project-editing';
import { NotFoundPage } from '../../../-components/not-found-page';
import { DataTable } from './data-table';
import { QueryProblem } from './query-problem';

/**
 * The market between investors, per project (docs/decisions/1822): /operator/market lists the
 * projects; /operator/market/<id> turns trading on or off, sets the tick and band (and, for an
 * admin, the fee), halts with the reason investors see and resumes, cancels every resting order
 * with a reason, and shows the project's trades with a CSV download for surveillance.
 */
export default function MarketScreen({ rest }: { rest: string }) {
  const [first = '', second] = rest.split('/');
  if (first === '') return <MarketProjects />;
  if (!/^[1-9]\d{0,9}$/.test(first) || second !== undefined) return <NotFoundPage />;
  return <ProjectMarket id={Number(first)} />;
}

function MarketProjects() {
  const projects = useQuery(projectsOptions());
  return (
    <div>
      <h1 className="page-title">{t('operator.market.title')}</h1>
      <p className="mt-2 text-ink-soft">{t('operator.market.intro')}</p>
      {projects.data ? (
        projects.data.projects.length ? (
          <ul className="mt-4 divide-y divide-line rounded-lg border border-line bg-white">
            {projects.data.projects.map((project) => (
              <li key={project.id}>
                <Link
                  to="/operator/$"
                  params={{ _splat: `market/${project.id}` }}
                  className="focus-ring flex min-h-12 items-center justify-between gap-3 px-4 py-3 font-semibold text-brand-800"
                  data-testid={`market-project-${project.id}`}
                >
                  <span>{project.name}</span>
                  <span className="i-lucide-chevron-right shrink-0" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-ink-soft">{t('operator.projects.empty')}</p>
        )
      ) : (
        <QueryProblem query={projects} />
      )}
    </div>
  );
}

function ProjectMarket({ id }: { id: number }) {
  const market = useQuery(operatorMarketOptions(id));
  return (
    <div>
      <Link
        to="/operator/$"
        params={{ _splat: 'market' }}
        className="text-link inline-flex min-h-11 items-center gap-1 text-sm font-semibold"
      >
        <span className="i-lucide-arrow-left" aria-hidden="true" />
        {t('operator.market.back')}
      </Link>
      {market.data ? (
        <>
          <h1 className="page-title">{t('operator.market.projectTitle', { name: market.data.productName })}</h1>
          <Overview market={market.data} />
          <Trading market={market.data} />
          <Settings key={`${market.data.tickSize}-${market.data.bandBp}-${market.data.feeBp}`} market={market.data} />
          <CancelAll market={market.data} />
          <Trades id={id} currency={market.data.currency} />
        </>
      ) : (
        <QueryProblem query={market} />
      )}
    </div>
  );
}

const stateTone: Record<OperatorMarket['state'], string> = {
  OPEN: 'bg-brand-50 text-brand-800',
  HALTED: 'bg-coral-50 text-coral-800',
  CLOSED: 'bg-paper text-ink',
};

function Overview({ market }: { market: OperatorMarket }) {
  const money = (minor: number) => formatMoney(minor, market.currency);
  const figures: Array<[MessageKey, string]> = [
    ['operator.market.reference', money(market.referencePrice)],
    ['operator.market.band', `${money(market.band.low)} – ${money(market.band.high)}`],
    ['operator.market.lastPrice', market.lastPrice === null ? '–' : money(market.lastPrice)],
    ['operator.market.dayVolume', formatNumber(market.dayVolume)],
    ['operator.market.openOrders', formatNumber(market.openOrders)],
  ];
  return (
    <section className="card mt-4 p-4 sm:p-6" aria-labelledby="market-state-title">
      <h2 id="market-state-title" className="sr-only">
        {t('operator.market.stateTitle')}
      </h2>
      <p className="flex flex-wrap items-center gap-2">
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${stateTone[market.state]}`}
          data-testid="operator-market-state"
        >
          {t(`operator.market.state.${market.state}`)}
        </span>
        {market.stateReason ? (
          <span className="text-sm text-ink" data-testid="operator-market-reason">
            {market.stateReason}
          </span>
        ) : null}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-ink-muted">{t(label)}</dt>
            <dd className="font-semibold text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * A reason and its confirming button (halting trading, cancelling every resting order): the
 * reason is checked with the domain's schema, sent trimmed, and cleared once the action is done.
 */
function ReasonForm({
  action,
  kind,
  label,
  hint,
  submit,
  isDisabled = false,
  className,
  testId,
}: {
  action: ReturnType<typeof useMarketAction>;
  kind: 'halt' | 'cancel-all';
  label: string;
  hint?: string;
  submit: string;
  isDisabled?: boolean;
  className: string;
  testId: { reason: string; submit: string };
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = marketReasonRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(t('operator.market.reasonNeeded'));
      return;
    }
    setError(null);
    action.mutate({ kind, reason: parsed.data.reason }, { onSuccess: () => setReason('') });
  };
  return (
    <form className={className} onSubmit={onSubmit} noValidate>
      <Field
        label={label}
        {...(hint ? { hint } : {})}
        value={reason}
        maxLength={MARKET_REASON_MAX_LENGTH}
        onChange={(event) => setReason(event.target.value)}
        error={error}
        data-testid={testId.reason}
      />
      <button
        type="submit"
        className="btn-accent"
        disabled={action.isPending || isDisabled}
        data-testid={testId.submit}
      >
        {submit}
      </button>
    </form>
  );
}

function Trading({ market }: { market: OperatorMarket }) {
  const action = useMarketAction(market.productId);
  return (
    <section className="card mt-4 space-y-4 p-4 sm:p-6" aria-labelledby="market-trading-title">
      <h2 id="market-trading-title" className="text-lg font-bold text-ink">
        {t('operator.market.trading')}
      </h2>
      <div className="flex flex-wrap gap-2">
        {market.state === 'CLOSED' ? (
          <button
            type="button"
            className="btn-primary"
            disabled={action.isPending}
            onClick={() => action.mutate({ kind: 'open' })}
            data-testid="market-open"
          >
            {t('operator.market.open')}
          </button>
        ) : (
          <button
            type="button"
            className="btn-secondary"
            disabled={action.isPending}
            onClick={() => action.mutate({ kind: 'close' })}
            data-testid="market-close"
          >
            {t('operator.market.close')}
          </button>
        )}
        {market.state === 'HALTED' ? (
          <button
            type="button"
            className="btn-primary"
            disabled={action.isPending}
            onClick={() => action.mutate({ kind: 'resume' })}
            data-testid="market-resume"
          >
            {t('operator.market.resume')}
          </button>
        ) : null}
      </div>
      {market.state === 'OPEN' ? (
        <ReasonForm
          action={action}
          kind="halt"
          label={t('operator.market.haltReason')}
          hint={t('operator.market.haltHint')}
          submit={t('operator.market.halt')}
          className="space-y-3"
          testId={{ reason: 'market-halt-reason', submit: 'market-halt' }}
        />
      ) : null}
    </section>
  );
}

function Settings({ market }: { market: OperatorMarket }) {
  const action = useMarketAction(market.productId);
  const [tick, setTick] = useState(toMajorUnitsNumeral(market.tickSize, market.currency));
  const [band, setBand] = useState(String(market.bandBp));
  const [fee, setFee] = useState(String(market.feeBp));
  const [errors, setErrors] = useState<Partial<Record<'tickSize' | 'bandBp' | 'feeBp', string>>>({});
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const asNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
    const body = {
      tickSize: parseMajorAmount(tick, market.currency) ?? Number.NaN,
      bandBp: asNumber(band),
      ...(market.mayChangeFee ? { feeBp: asNumber(fee) } : {}),
    };
    const parsed = marketSettingsRequestSchema.safeParse(body);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof errors;
        next[field] = t(`operator.market.invalid.${field}`);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    action.mutate({ kind: 'settings', settings: parsed.data });
  };
  const percent = (text: string) => (/^\d+$/.test(text) ? `${basisPointsPercent(Number(text))} %` : '–');
  return (
    <section className="card mt-4 p-4 sm:p-6" aria-labelledby="market-settings-title">
      <h2 id="market-settings-title" className="text-lg font-bold text-ink">
        {t('operator.market.settings')}
      </h2>
      <form className="mt-3 grid gap-4 sm:grid-cols-3" onSubmit={onSubmit} noValidate>
        <Field
          label={t('operator.market.tick', { currency: market.currency })}
          hint={t('operator.market.tickHint')}
          inputMode="decimal"
          value={tick}
          onChange={(event) => setTick(event.target.value)}
          error={errors.tickSize}
          data-testid="market-tick"
        />
        <Field
          label={t('operator.market.bandBp')}
          hint={percent(band)}
          inputMode="numeric"
          value={band}
          onChange={(event) => setBand(event.target.value)}
          error={errors.bandBp}
          data-testid="market-band"
        />
        <Field
          label={t('operator.market.feeBp')}
          hint={market.mayChangeFee ? percent(fee) : t('operator.market.feeAdminOnly')}
          inputMode="numeric"
          value={fee}
          disabled={!market.mayChangeFee}
          onChange={(event) => setFee(event.target.value)}
          error={errors.feeBp}
          data-testid="market-fee"
        />
        <div className="sm:col-span-3">
          <button type="submit" className="btn-primary" disabled={action.isPending} data-testid="market-save">
            {t('operator.market.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

function CancelAll({ market }: { market: OperatorMarket }) {
  const action = useMarketAction(market.productId);
  return (
    <section className="card mt-4 p-4 sm:p-6" aria-labelledby="market-cancel-title">
      <h2 id="market-cancel-title" className="text-lg font-bold text-ink">
        {t('operator.market.cancelAll')}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        {t('operator.market.cancelIntro', { count: formatNumber(market.openOrders) })}
      </p>
      <ReasonForm
        action={action}
        kind="cancel-all"
        label={t('operator.market.cancelReason')}
        submit={t('operator.market.cancelAll')}
        isDisabled={market.openOrders === 0}
        className="mt-3 space-y-3"
        testId={{ reason: 'market-cancel-reason', submit: 'market-cancel-all' }}
      />
    </section>
  );
}

const column = createColumnHelper<OperatorMarketTrade>();

function Trades({ id, currency }: { id: number; currency: string }) {
  const [cursors, setCursors] = useState<number[]>([]);
  const cursor = cursors.at(-1);
  const trades = useQuery(operatorMarketTradesOptions(id, cursor));
  const [isSaving, setIsSaving] = useState(false);
  const money = (minor: number) => formatMoney(minor, currency);
  const who = (email: string | null, userId: string) => email ?? userId;
  const download = async () => {
    setIsSaving(true);
    try {
      saveDownload(await downloadMarketTrades(id), `market-trades-${id}.csv`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setIsSaving(false);
    }
  };
  const columns = [
    column.accessor('createdAt', {
      header: () => t('operator.market.col.time'),
      cell: (info) => formatDateTime(info.getValue()),
    }),
    column.accessor('price', { header: () => t('operator.market.col.price'), cell: (info) => money(info.getValue()) }),
    column.accessor('quantity', { header: () => t('operator.market.col.quantity') }),
    column.accessor('amount', {
      header: () => t('operator.market.col.amount'),
      cell: (info) => money(info.getValue()),
    }),
    column.accessor('fee', { header: () => t('operator.market.col.fee'), cell: (info) => money(info.getValue()) }),
    column.accessor((row) => who(row.buyerEmail, row.buyerId), {
      id: 'buyer',
      header: () => t('operator.market.col.buyer'),
    }),
    column.accessor((row) => who(row.sellerEmail, row.sellerId), {
      id: 'seller',
      header: () => t('operator.market.col.seller'),
    }),
  ];
  return (
    <section className="card mt-4 p-4 sm:p-6" aria-labelledby="market-trades-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="market-trades-title" className="text-lg font-bold text-ink">
          {t('operator.market.trades')}
        </h2>
        <button type="button" className="btn-secondary" disabled={isSaving} onClick={() => void download()}>
          <span className="i-lucide-download" aria-hidden="true" />
          {t('operator.market.csv')}
        </button>
      </div>
      {trades.data ? (
        <>
          <DataTable
            label={t('operator.market.trades')}
            data={trades.data.trades}
            columns={columns}
            rowKey={(row) => String(row.id)}
            empty={t('operator.market.noTrades')}
            card={(row) => (
              <div className="space-y-1 text-sm">
                <p className="font-semibold text-ink">
                  {formatNumber(row.quantity)} × {money(row.price)} = {money(row.amount)}
                </p>
                <p className="text-ink-soft">{formatDateTime(row.createdAt)}</p>
                <p>
                  {t('operator.market.col.buyer')}: {who(row.buyerEmail, row.buyerId)}
                </p>
                <p>
                  {t('operator.market.col.seller')}: {who(row.sellerEmail, row.sellerId)} ·{' '}
                  {t('operator.market.col.fee')} {money(row.fee)}
                </p>
              </div>
            )}
          />
          <div className="mt-3 flex gap-2">
            {cursors.length ? (
              <button type="button" className="btn-ghost" onClick={() => setCursors(cursors.slice(0, -1))}>
                {t('operator.market.newer')}
              </button>
            ) : null}
            {trades.data.nextCursor ? (
              <button
                type="button"
                className="btn-ghost"
                onClick={() => setCursors([...cursors, trades.data.nextCursor!])}
              >
                {t('operator.market.older')}
              </button>
            ) : null}
          </div>
        </>
      ) : (
        <QueryProblem query={trades} />
      )}
    </section>
  );
}
