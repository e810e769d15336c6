import { formatPercent } from '../format';
import { t } from '../../../lib/i18n';

/** Raised against the goal; past 100 % the bar stays full and the figure tells the rest. */
export function FundingProgress({ percentage, label }: { percentage: number; label: string }) {
  const width = Math.min(100, Math.max(0, percentage));
  return (
    <div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(width)}
        aria-valuetext={t('projects.percentRaised', { percent: formatPercent(percentage) })}
        className="h-2 overflow-hidden rounded-full bg-brand-100"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-brand-700 to-coral-500"
          style={{ width: `${width}%` }}
        />
      </div>
    </div>
  );
}
