import type { ProductDetail } from '../../../../domain/products';
import { formatUtcDate } from '../../../../lib/dates';
import { t } from '../../../../lib/i18n';
import { InfoButton, Tooltip } from '../../../../ui/tooltip';
import { SectionCard } from './section-card';

/** Terms are the issuer's words; a term that is a calendar day (an ISO date) is shown in the app's date format. */
export function formatTermValue(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatUtcDate(`${value}T00:00:00Z`) : value;
}

export function DealTerms({ project }: { project: ProductDetail }) {
  return (
    <SectionCard id="terms-heading" title={t('project.dealTerms')}>
      <dl className="divide-y divide-line">
        {project.dealTermList.map((term) => (
          <div key={term.field} className="flex min-h-12 items-center justify-between gap-4 py-2">
            <dt className="flex items-center gap-0.5 text-sm text-ink-soft">
              {term.field}
              {term.tooltip ? (
                <Tooltip content={term.tooltip}>
                  <InfoButton label={t('project.aboutTerm', { field: term.field })} />
                </Tooltip>
              ) : null}
            </dt>
            <dd className="text-right text-sm font-semibold text-ink">{formatTermValue(term.value)}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}
