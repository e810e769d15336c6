import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, useState, type ReactNode } from 'react';
import { formatDate } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { useIsOnline } from '../../../lib/use-online';
import { revenueCsv } from '../csv';
import { revenuesQueryOptions } from '../queries';
import { formatMoney, formatMonth } from './money';
import { Amount, WithValues } from '../../../ui/amount';
import { AfterHydration } from '../../../ui/on-demand';

const RevenueChart = lazy(() => import('./revenue-chart'));

function saveCsv(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `moa-revenue-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="card p-4">
      <p className="text-sm text-ink-muted">{label}</p>
      <p className="mt-1 text-xl font-semibold text-ink">{value}</p>
      {hint ? <p className="mt-1 text-xs text-ink-muted">{hint}</p> : null}
    </div>
  );
}

/**
 * A gain or a loss: signed, coloured, and named in words for those who do not see the colour.
 * Zero is neither.
 */
function Gain({ value, currency }: { value: number; currency: string }) {
  const sign = value > 0 ? '+' : value < 0 ? '−' : '';
  const tone = value > 0 ? 'text-brand-700' : value < 0 ? 'text-coral-700' : 'text-ink';
  return (
    <span className={`font-semibold ${tone}`}>
      {value !== 0 ? <span className="sr-only">{value > 0 ? t('portfolio.gain') : t('portfolio.loss')} </span> : null}
      <Amount>{`${sign}${formatMoney(Math.abs(value), currency)}`}</Amount>
    </span>
  );
}

/** The investor's holdings, their value, revenue by month (chart and table), payouts to come, CSV. */
export function PortfolioOverview() {
  const [productId, setProductId] = useState<number | null>(null);
  const all = useQuery(revenuesQueryOptions());
  const filtered = useQuery({ ...revenuesQueryOptions(productId), enabled: productId !== null });
  const isOnline = useIsOnline();
  const data = all.data;
  if (!data) return all.isError ? null : <p className="mt-6 text-ink-muted">{t('portfolio.chartLoading')}</p>;
  // One project's figures are a query of their own: until they arrive (or, offline, when they were
  // never saved) the chart says so rather than showing every project under that project's name.
  const isFilterMissing = productId !== null && !filtered.data;
  const view = productId !== null && filtered.data ? filtered.data : data;
  const money = (value: number) => <Amount>{formatMoney(value, data.currency)}</Amount>;
  const scheduled = data.shares.filter((share) => share.state === 'SCHEDULED');
  const paid = data.shares.filter((share) => share.state === 'PAID');
  return (
    <section className="mt-6 space-y-6" aria-labelledby="portfolio-title">
      <h2 id="portfolio-title" className="text-lg font-semibold text-ink">
        {t('portfolio.title')}
      </h2>
      {!isOnline ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {t('portfolio.offline')}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3" data-testid="portfolio-figures">
        <Figure
          label={t('portfolio.totalValue')}
          value={money(data.totals.marketValue)}
          hint={t('portfolio.totalValueHint')}
        />
        <Figure label={t('portfolio.cost')} value={money(data.totals.costBasis)} hint={t('portfolio.costHint')} />
        <Figure label={t('portfolio.gainLoss')} value={<Gain value={data.totals.gain} currency={data.currency} />} />
        <Figure label={t('portfolio.paid')} value={money(data.totals.paidAmount)} />
        <Figure label={t('portfolio.revenuePaid')} value={money(data.totals.revenuePaid)} />
        <Figure label={t('portfolio.revenueScheduled')} value={money(data.totals.revenueScheduled)} />
      </div>

      <div className="card p-4 sm:p-5">
        <h3 className="font-semibold text-ink">{t('portfolio.holdings')}</h3>
        {data.products.length ? (
          <ul className="mt-3 divide-y divide-line">
            {data.products.map((product) => (
              <li key={product.id} className="flex items-start gap-3 py-3" data-testid={`holding-${product.id}`}>
                <img src={product.logo} alt="" width={40} height={40} className="h-10 w-10 rounded-lg" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-ink">{product.name}</p>
                  <p className="text-sm text-ink-muted">{t('portfolio.tokens', { count: product.purchaseAmount })}</p>
                  <p className="text-xs text-ink-muted" data-testid="holding-price">
                    <WithValues
                      text={product.lastPrice === null ? t('portfolio.atOfferingPrice') : t('portfolio.atLastPrice')}
                      values={{ price: money(product.lastPrice ?? product.pricePerToken) }}
                    />
                  </p>
                  <Link to="/claim-gift" search={{ productId: product.id }} className="text-link text-sm">
                    {t('portfolio.claimGift')}
                  </Link>
                </div>
                <div className="text-right">
                  <p className="font-semibold text-ink" data-testid="holding-value">
                    {money(product.marketValue)}
                  </p>
                  <p className="text-xs text-ink-muted" data-testid="holding-cost">
                    <WithValues text={t('portfolio.costOf')} values={{ amount: money(product.costBasis) }} />
                  </p>
                  <p className="text-sm" data-testid="holding-gain">
                    <Gain value={product.gain} currency={data.currency} />
                  </p>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-ink-muted">
            {t('portfolio.noHoldings')}{' '}
            <Link to="/projects" className="text-link">
              {t('portfolio.browse')}
            </Link>
          </p>
        )}
      </div>

      <div className="card p-4 sm:p-5">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h3 className="font-semibold text-ink">{t('portfolio.revenueTitle')}</h3>
          <div className="flex flex-wrap items-end gap-2">
            <label className="text-sm text-ink-muted">
              {t('portfolio.filter')}{' '}
              <select
                className="input mt-1 block"
                value={productId ?? ''}
                onChange={(event) => setProductId(event.target.value ? Number(event.target.value) : null)}
              >
                <option value="">{t('portfolio.allProjects')}</option>
                {data.products.map((product) => (
                  <option key={product.id} value={product.id}>
                    {product.name}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="btn-secondary"
              disabled={isFilterMissing}
              onClick={() => saveCsv(revenueCsv(view))}
            >
              {t('portfolio.exportCsv')}
            </button>
          </div>
        </div>
        {isFilterMissing ? (
          <p className="mt-3 text-ink-muted" role="status">
            {!filtered.error
              ? t('portfolio.chartLoading')
              : isOnline
                ? filtered.error.message
                : t('portfolio.filterNotSaved')}
          </p>
        ) : view.revenues.length ? (
          <>
            <div className="mt-4">
              <AfterHydration fallback={<p className="text-sm text-ink-muted">{t('portfolio.chartLoading')}</p>}>
                <RevenueChart entries={view.revenues} currency={data.currency} />
              </AfterHydration>
            </div>
            <table className="mt-4 w-full text-sm" data-testid="revenue-table">
              <caption className="sr-only">{t('portfolio.revenueTitle')}</caption>
              <thead>
                <tr className="text-left text-ink-muted">
                  <th scope="col">{t('portfolio.month')}</th>
                  <th scope="col" className="text-right">
                    {t('portfolio.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.revenues.map((entry) => (
                  <tr key={entry.date} className="border-t border-line">
                    <td className="py-1">{formatMonth(entry.date)}</td>
                    <td className="py-1 text-right tabular-nums">{money(entry.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : (
          <p className="mt-3 text-ink-muted">{t('portfolio.noRevenue')}</p>
        )}
      </div>

      <div className="card p-4 sm:p-5">
        <h3 className="font-semibold text-ink">{t('portfolio.nextPayouts')}</h3>
        {scheduled.length ? (
          <ul className="mt-3 divide-y divide-line">
            {scheduled.map((share) => (
              <li key={share.id} className="flex justify-between gap-3 py-2 text-sm">
                <span>
                  {share.productName} · {t('portfolio.paysOn', { date: formatDate(share.paysAt) })}
                </span>
                <span className="font-semibold tabular-nums">{money(share.amount)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-ink-muted">{t('portfolio.noPayouts')}</p>
        )}
        {paid.length ? (
          <>
            <h4 className="mt-5 font-semibold text-ink">{t('portfolio.paidShares')}</h4>
            <ul className="mt-2 divide-y divide-line" data-testid="paid-shares">
              {paid.map((share) => (
                <li key={share.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm">
                  <span className="min-w-0">
                    {share.productName} · {t('portfolio.paidOn', { date: formatDate(share.paysAt) })}
                    <span aria-hidden="true"> · </span>
                    {/* Each share is credited as one entry of the balance when its pay date comes: link to it. */}
                    {share.entryId != null ? (
                      <Link
                        to="/account/balance"
                        search={{ entry: share.entryId }}
                        aria-label={t('portfolio.seeEntryOf', {
                          project: share.productName,
                          date: formatDate(share.paysAt),
                        })}
                        className="text-link inline-flex min-h-11 items-center"
                      >
                        {t('portfolio.seeEntry')}
                      </Link>
                    ) : (
                      <span className="text-ink-muted">{t('portfolio.beingCredited')}</span>
                    )}
                  </span>
                  <span className="font-semibold tabular-nums">{money(share.amount)}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </section>
  );
}
