import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { StatementSummary } from '../../../domain/statements';
import { formatDate } from '../../../lib/dates';
import { getLanguage, t } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { useIsOnline } from '../../../lib/use-online';
import { downloadToDevice } from '../mutations';
import { statementsQueryOptions } from '../queries';

/** A statement renders on request, perhaps behind contracts waiting for a render thread. */
const STATEMENT_TIMEOUT_MS = 60_000;

// A calendar day from the wire, read at noon UTC so no time zone moves it to the day before.
const day = (date: string) => formatDate(`${date}T12:00:00Z`);

/**
 * The download of one statement. The PDF is made on request, so offline the button stays
 * tappable and says why nothing happens instead of greying out silently.
 */
export function StatementDownload({ statement }: { statement: Pick<StatementSummary, 'downloadUrl' | 'fileName'> }) {
  const isOnline = useIsOnline();
  const [isBusy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={isOnline ? 'btn-secondary' : 'btn-secondary opacity-60'}
      aria-busy={isBusy}
      aria-label={
        isOnline
          ? t('documents.download', { name: statement.fileName })
          : `${t('documents.download', { name: statement.fileName })} (${t('portfolio.offlineAction')})`
      }
      onClick={async () => {
        if (!isOnline) {
          toast.info(t('documents.statementOffline'));
          return;
        }
        if (isBusy) return;
        setBusy(true);
        try {
          await downloadToDevice(
            `${statement.downloadUrl}?language=${getLanguage()}`,
            statement.fileName,
            STATEMENT_TIMEOUT_MS,
          );
        } catch {
          toast.error(t('documents.downloadFailed'));
        } finally {
          setBusy(false);
        }
      }}
    >
      <span className={isBusy ? 'i-lucide-loader-circle animate-spin' : 'i-lucide-download'} aria-hidden="true" />
      {isOnline ? null : <span className="text-xs">{t('portfolio.offlineAction')}</span>}
    </button>
  );
}

/** The investor's yearly statements, newest first; the list opens offline from the saved copy. */
export function StatementsList() {
  const { data } = useQuery(statementsQueryOptions());
  if (!data) return null;
  return (
    <section className="card mt-6 p-4 sm:p-5" aria-labelledby="yearly-statements">
      <h2 id="yearly-statements" className="font-semibold text-ink">
        {t('documents.statements')}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t('documents.statementsIntro')}</p>
      {data.statements.length ? (
        <ul className="mt-3 divide-y divide-line" data-testid="statements">
          {data.statements.map((statement) => (
            <li key={statement.year} className="flex items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-ink">{t('documents.statementTitle', { year: statement.year })}</p>
                <p className="text-sm text-ink-muted">
                  {statement.isYearToDate
                    ? t('documents.statementYearToDate', { date: day(statement.to) })
                    : t('documents.statementPeriod', { from: day(statement.from), to: day(statement.to) })}
                </p>
                <p className="text-sm text-ink-muted">
                  {t('documents.statementSummary', {
                    count: statement.projectCount,
                    amount: formatMoney(statement.revenueGross, statement.currency),
                  })}
                </p>
              </div>
              <StatementDownload statement={statement} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-ink-muted">{t('documents.noStatements')}</p>
      )}
    </section>
  );
}
