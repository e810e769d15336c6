import type { UseQueryResult } from '@tanstack/react-query';
import { t } from '../../../../lib/i18n';
import { isNetworkError } from '../../../../lib/offline';

/**
 * A console read that has not arrived: loading, or why it failed. Nothing is saved on the device,
 * so offline there is nothing older to show (decision 1802).
 */
export function QueryProblem({ query }: { query: Pick<UseQueryResult, 'isPending' | 'error' | 'refetch'> }) {
  if (query.error) {
    return (
      <div role="alert" className="mt-6 rounded-md bg-coral-50 p-4 text-sm text-coral-800">
        <p>{isNetworkError(query.error) ? t('operator.offline') : query.error.message}</p>
        <button type="button" className="btn-ghost mt-2" onClick={() => void query.refetch()}>
          {t('operator.retry')}
        </button>
      </div>
    );
  }
  return (
    <p className="mt-6 text-ink-soft" role="status">
      {t('operator.loading')}
    </p>
  );
}
