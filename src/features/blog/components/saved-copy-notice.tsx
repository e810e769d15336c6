import { useEffect, useState } from 'react';
import { BLOG_CACHE, SAVED_AT_HEADER } from '../../../domain/offline';
import { formatDateTime } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { useIsOnline } from '../../../lib/use-online';

/** When the service worker saved this address, or null if it has no copy. */
async function readSavedAt(apiPath: string): Promise<string | null> {
  if (typeof caches === 'undefined') return null;
  const cache = await caches.open(BLOG_CACHE);
  const response = await cache.match(apiPath);
  return response?.headers.get(SAVED_AT_HEADER) ?? null;
}

/**
 * Offline, tells the reader this is a saved copy and when it was saved: the worker's stamp
 * when it has one, otherwise when this device last fetched it.
 */
export function SavedCopyNotice({ apiPath, fetchedAt }: { apiPath: string; fetchedAt: number }) {
  const isOnline = useIsOnline();
  const [savedAt, setSavedAt] = useState<string | null>(null);

  useEffect(() => {
    if (isOnline) return;
    let isCurrent = true;
    readSavedAt(apiPath).then(
      (value) => isCurrent && setSavedAt(value),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [apiPath, isOnline]);

  if (isOnline) return null;
  const when = savedAt ?? (fetchedAt > 0 ? new Date(fetchedAt).toISOString() : null);
  return (
    <p
      role="status"
      data-testid="saved-copy"
      className="mt-6 flex items-start gap-2 rounded-lg bg-gold-100 px-4 py-3 text-sm text-ink"
    >
      <span className="i-lucide-cloud-off mt-0.5 shrink-0 text-gold-700" aria-hidden="true" />
      <span>
        {when ? (
          <>
            {t('blog.offlineSavedAt')}{' '}
            <time dateTime={when} className="font-semibold">
              {formatDateTime(when)}
            </time>
            .
          </>
        ) : (
          t('blog.offlineSaved')
        )}
      </span>
    </p>
  );
}
