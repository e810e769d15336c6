import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { toMajorUnits, toMinorUnits } from '../../../domain/money';
import type { RevenueEntry } from '../../../domain/portfolio';
import { t } from '../../../lib/i18n';
import { formatMoney, formatMonth } from './money';

/**
 * Revenue per month as bars. Loaded only by the overview (a lazy import), so the chart library
 * never weighs on other pages. The table next to it carries the same figures for screen readers.
 */
export default function RevenueChart({ entries, currency }: { entries: RevenueEntry[]; currency: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || !entries.length) return;
    const xs = entries.map((entry) => Date.parse(`${entry.date}T00:00:00Z`) / 1000);
    const ys = entries.map((entry) => toMajorUnits(entry.revenue, currency));
    const width = Math.max(280, element.clientWidth);
    const plot = new uPlot(
      {
        width,
        height: 220,
        legend: { show: false },
        scales: { x: { time: true } },
        axes: [
          {
            values: (_u, splits) =>
              splits.map((value) => formatMonth(new Date(value * 1000).toISOString().slice(0, 10))),
          },
          {
            values: (_u, splits) => splits.map((value) => formatMoney(toMinorUnits(value, currency), currency)),
            size: 80,
          },
        ],
        series: [
          {},
          {
            label: t('portfolio.amount'),
            stroke: '#0f766e',
            fill: 'rgba(15, 118, 110, 0.35)',
            paths: uPlot.paths.bars?.({ size: [0.6, 48] }),
          },
        ],
      },
      [xs, ys],
      element,
    );
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(280, element.clientWidth), height: 220 }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [entries, currency]);
  return <div ref={box} role="img" aria-label={t('portfolio.chartLabel')} data-testid="revenue-chart" />;
}
