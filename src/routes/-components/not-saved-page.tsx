import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { t } from '../../lib/i18n';
import { useIsOnline } from '../../lib/use-online';

/**
 * A page this device has no saved copy of, opened without a network: a calm state instead of
 * the error page. When the connection comes back the page loads by itself.
 */
export function NotSavedPage({ onOnline }: { onOnline?: () => void }) {
  const router = useRouter();
  const isOnline = useIsOnline();

  const wasOnline = useRef(isOnline);
  const latestOnOnline = useRef(onOnline);
  useEffect(() => {
    latestOnOnline.current = onOnline;
  });

  // Only on the way back online: while the browser believes it is online but the server is out
  // of reach, retrying in a loop would help no one.
  useEffect(() => {
    if (isOnline && !wasOnline.current) {
      latestOnOnline.current?.();
      void router.invalidate();
    }
    wasOnline.current = isOnline;
  }, [isOnline, router]);

  return (
    <section className="container grid min-h-[60vh] place-items-center py-16 text-center" data-testid="not-saved">
      <div className="max-w-lg">
        <span className="i-lucide-cloud-off text-5xl text-brand-300" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold text-ink sm:text-3xl">{t('offline.notSavedTitle')}</h1>
        <p className="mt-4 text-ink-soft">{t('offline.notSavedBody')}</p>
        <Link to="/" className="btn-secondary mt-8">
          <span className="i-lucide-house" aria-hidden="true" />
          {t('offline.notSavedHome')}
        </Link>
      </div>
    </section>
  );
}
