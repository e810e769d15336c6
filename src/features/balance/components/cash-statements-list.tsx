import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { CashStatementSummary } from '../../../domain/cash-statements';
import { formatDate } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { formatMonthName } from '../month-name';
import { cashStatementsQueryOptions } from '../queries';

// A calendar day from the wire, read at noon UTC so no time zone moves it to the day before.
const day = (date: string) => formatDate(`${date}T12:00:00Z`);

/**
 * The balance's monthly and annual statements, each year before its months; listed only once the
 * investor has a balance entry. The list opens offline from the saved copy; `download` is the
 * button that fetches one PDF (the Documents page gives the statements' own).
 */
export function CashStatementsList({ download }: { download: (statement: CashStatementSummary) => ReactNode }) {
  const { data } = useQuery(cashStatementsQueryOptions());
  if (!data?.statements.length) return null;
  return (
    <section className="card mt-6 p-4 sm:p-5" aria-labelledby="cash-statements">
      <h2 id="cash-statements" className="font-semibold text-ink">
        {t('documents.cashStatements')}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t('documents.cashStatementsIntro')}</p>
      <ul className="mt-3 divide-y divide-line" data-testid="cash-statements">
        {data.statements.map((statement) => (
          <li key={statement.period} className="flex items-center gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-ink">
                {statement.kind === 'YEAR'
                  ? t('documents.cashStatementYear', { period: statement.period })
                  : t('documents.cashStatementMonth', { month: formatMonthName(statement.period) })}
              </p>
              <p className="text-sm text-ink-muted">
                {statement.isToDate
                  ? t('documents.cashStatementToDate', { date: day(statement.to) })
                  : t('documents.statementPeriod', { from: day(statement.from), to: day(statement.to) })}
              </p>
              <p className="text-sm text-ink-muted">
                {t('documents.cashStatementSummary', {
                  opening: formatMoney(statement.opening, statement.currency),
                  closing: formatMoney(statement.closing, statement.currency),
                })}
              </p>
            </div>
            {download(statement)}
          </li>
        ))}
      </ul>
    </section>
  );
}
