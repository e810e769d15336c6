import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { toMajorUnits, toMinorUnits } from '../../../domain/money';
import type { MarketSeries } from '../../../domain/market';
import { getLocale, t } from '../../../lib/i18n';
import { dateTimeFormat } from '../../../lib/intl';
import { formatMoney, formatNumber } from '../../../lib/money';
import { Amount } from '../../../ui/amount';
import { marketSeriesQueryOptions } from '../queries';

const HEIGHT = 200;
const DAY = 86_400;
/** Steps between the day axis' labels, in seconds: whole days, never half a day (a label per day at most). */
const DAY_STEPS = [1, 2, 7, 14, 30, 91, 182, 365].map((days) => days * DAY);
const PRICE = '#0f766e';
const VOLUME = 'rgba(100, 116, 139, 0.45)';

/** The UTC day (YYYY-MM-DD) of a time in seconds, as the chart's x values are. */
function dayOf(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

function formatDay(day: string): string {
  return dateTimeFormat(getLocale(), { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/**
 * The project's price and volume, one point per UTC day with trades (the last price as a line
 * with dots, the tokens traded as bars underneath). It loads with the market panel's chunk; the
 * summary and the table beside it carry the same figures for screen readers and small screens.
 */
export default function MarketChart({ productId }: { productId: number }) {
  const { data: series, error } = useQuery(marketSeriesQueryOptions(productId));
  if (!series) {
    return (
      <p className="text-sm text-ink-muted" role="status">
        {error ? error.message : t('market.chart.loading')}
      </p>
    );
  }
  return (
    <section className="space-y-3" aria-labelledby="market-chart-title" data-testid="market-chart">
      <h3 id="market-chart-title" className="font-bold text-ink">
        {t('market.chart.title')}
      </h3>
      {series.points.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('market.chart.empty')}</p>
      ) : (
        <>
          <ChartSummary series={series} />
          <Plot series={series} />
          <details className="text-sm">
            <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-link">
              {t('market.chart.table')}
            </summary>
            <ChartTable series={series} />
          </details>
        </>
      )}
    </section>
  );
}

function summaryOf(series: MarketSeries) {
  const points = series.points;
  const last = points[points.length - 1]!;
  return {
    days: points.length,
    close: formatMoney(last.close, series.currency),
    high: formatMoney(Math.max(...points.map((point) => point.high)), series.currency),
    low: formatMoney(Math.min(...points.map((point) => point.low)), series.currency),
    volume: formatNumber(points.reduce((sum, point) => sum + point.volume, 0)),
  };
}

function ChartSummary({ series }: { series: MarketSeries }) {
  return (
    <p className="text-sm text-ink-muted" data-testid="market-chart-summary">
      {t('market.chart.summary', summaryOf(series))}
    </p>
  );
}

function ChartTable({ series }: { series: MarketSeries }) {
  const money = (minor: number) => <Amount>{formatMoney(minor, series.currency)}</Amount>;
  return (
    <table className="mt-2 w-full text-sm" data-testid="market-chart-table">
      <caption className="sr-only">{t('market.chart.title')}</caption>
      <thead>
        <tr className="text-left text-ink-muted">
          <th scope="col" className="font-medium">
            {t('market.chart.day')}
          </th>
          <th scope="col" className="text-right font-medium">
            {t('market.chart.close')}
          </th>
          <th scope="col" className="text-right font-medium">
            {t('market.chart.range')}
          </th>
          <th scope="col" className="text-right font-medium">
            {t('market.chart.volume')}
          </th>
        </tr>
      </thead>
      <tbody>
        {[...series.points].reverse().map((point) => (
          <tr key={point.day} className="border-t border-line">
            <td className="py-1">{formatDay(point.day)}</td>
            <td className="py-1 text-right">{money(point.close)}</td>
            <td className="py-1 text-right">
              {money(point.low)} – {money(point.high)}
            </td>
            <td className="py-1 text-right tabular-nums">{formatNumber(point.volume)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Plot({ series }: { series: MarketSeries }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || !series.points.length) return;
    const { currency, points } = series;
    const xs = points.map((point) => Date.parse(`${point.day}T00:00:00Z`) / 1000);
    const prices = points.map((point) => toMajorUnits(point.close, currency));
    const volumes = points.map((point) => point.volume);
    const maxVolume = Math.max(1, ...volumes);
    const width = () => Math.max(260, element.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        hooks: {
          // The days the axis spans, as drawn, for anyone checking the picture against the table.
          setScale: [
            (u, key) => {
              const { min, max } = u.scales.x ?? {};
              if (key !== 'x' || min == null || max == null) return;
              element.dataset.from = dayOf(min);
              element.dataset.to = dayOf(max);
            },
          ],
        },
        scales: {
          x: {
            time: true,
            // The days with trades and one either side, so a single day's point is drawn in the
            // middle (left to itself, uPlot spans a lone time point over years).
            auto: false,
            range: () => [xs[0]! - DAY, xs[xs.length - 1]! + DAY],
          },
          // The bars take the lower third, under the line.
          volume: { range: () => [0, maxVolume * 3] },
        },
        axes: [
          {
            incrs: DAY_STEPS,
            values: (_u, splits) => splits.map((value) => formatDay(dayOf(value))),
          },
          {
            scale: 'price',
            values: (_u, splits) => splits.map((value) => formatMoney(toMinorUnits(value, currency), currency)),
            size: 72,
          },
          { scale: 'volume', show: false },
        ],
        series: [
          {},
          {
            label: t('market.chart.close'),
            scale: 'price',
            stroke: PRICE,
            width: 2,
            points: { show: true, size: 7, fill: PRICE },
          },
          {
            label: t('market.chart.volume'),
            scale: 'volume',
            stroke: VOLUME,
            fill: VOLUME,
            paths: uPlot.paths.bars?.({ size: [0.5, 24] }),
            points: { show: false },
          },
        ],
      },
      [xs, prices, volumes],
      element,
    );
    const observer = new ResizeObserver(() => plot.setSize({ width: width(), height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [series]);
  // The summary above says in words what the picture shows.
  return (
    <div
      ref={box}
      role="img"
      aria-label={t('market.chart.label', summaryOf(series))}
      className="overflow-hidden"
      data-testid="market-chart-plot"
    />
  );
}
