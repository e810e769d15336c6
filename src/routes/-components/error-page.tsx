import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { t } from '../../lib/i18n';
import { isNetworkError } from '../../lib/offline';
import { RequestError } from '../../lib/request-error';
import { NotSavedPage } from './not-saved-page';

/**
 * Only a server fault is recorded anywhere (the server logs every 5xx with its request id), so
 * only then does the page say the team was told. See docs/decisions/1401-error-page-wording.md.
 */
export function isReported(error: unknown): boolean {
  return error instanceof RequestError && error.status >= 500;
}

/**
 * The error page of spec §2: heading, apology, the error text, Try Again and Back to Home.
 * A page that could not load for lack of network is not an error: it gets the calm offline state.
 */
export function ErrorPage(props: ErrorComponentProps) {
  if (isNetworkError(props.error)) return <NotSavedPage onOnline={props.reset} />;
  return <ErrorDetails {...props} />;
}

function ErrorDetails({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorReset = useQueryErrorResetBoundary();

  useEffect(() => {
    // Let a retry refetch queries that failed instead of showing the cached error again.
    queryErrorReset.reset();
  }, [queryErrorReset]);

  return (
    <section className="container grid min-h-[60vh] place-items-center py-16 text-center" role="alert">
      <div className="max-w-lg">
        <span className="i-lucide-triangle-alert text-5xl text-coral-600" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-bold text-ink">{t('error.title')}</h1>
        <p className="mt-4 text-ink-soft">
          {t('error.body')}
          {isReported(error) ? ` ${t('error.reported')}` : null}
        </p>
        <pre className="mt-6 overflow-x-auto whitespace-pre-wrap break-words rounded-md bg-coral-50 p-4 text-left text-sm text-coral-800">
          {error instanceof Error ? error.message : String(error)}
        </pre>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            <span className="i-lucide-rotate-ccw" aria-hidden="true" />
            {t('error.retry')}
          </button>
          <Link to="/" className="btn-secondary">
            {t('error.home')}
          </Link>
        </div>
      </div>
    </section>
  );
}
