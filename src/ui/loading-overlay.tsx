import { useEffect } from 'react';
import { t } from '../lib/i18n';
import { Spinner } from './spinner';

/**
 * A spinner over a dimmed backdrop that blocks scrolling while a route loads (spec §2).
 * The router shows it through its pending behaviour (1000 ms delay, 500 ms minimum).
 */
export function LoadingOverlay() {
  useEffect(() => {
    const { body } = document;
    const previous = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previous;
    };
  }, []);
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
      className="fixed inset-0 z-50 grid place-items-center bg-brand-950/45 backdrop-blur-[2px]"
    >
      <Spinner className="h-12 w-12" />
      <span className="sr-only">{t('loading.label')}</span>
    </div>
  );
}
