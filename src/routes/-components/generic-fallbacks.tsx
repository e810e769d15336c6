import { useState } from 'react';
import { t } from '../../lib/i18n';

/**
 * The router's generic fallbacks (spec §2): used inside a page, where one part failed or
 * was not found while the rest of the page still works.
 */
export function GenericNotFound() {
  return <p className="p-4 font-semibold text-ink">{t('fallback.notFound')}</p>;
}

export function GenericError({ error }: { error: unknown }) {
  const [isShown, setIsShown] = useState(false);
  return (
    <div className="rounded-md bg-coral-50 p-4 text-coral-800" role="alert">
      <div className="flex items-center gap-3">
        <strong className="text-sm">{t('fallback.error')}</strong>
        <button
          type="button"
          className="focus-ring rounded-sm border border-coral-300 px-2 py-0.5 text-xs font-semibold"
          onClick={() => setIsShown((shown) => !shown)}
          aria-expanded={isShown}
        >
          {isShown ? t('fallback.hideError') : t('fallback.showError')}
        </button>
      </div>
      {isShown ? (
        <pre className="mt-2 overflow-x-auto whitespace-pre-wrap text-xs">
          {error instanceof Error ? error.message : String(error)}
        </pre>
      ) : null}
    </div>
  );
}
