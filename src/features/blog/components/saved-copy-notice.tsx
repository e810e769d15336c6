import { useEffect, useState } from 'react';
import { BLOG_CACHE, SAVED_AT_HEADER } from '../../../domain/offline';
import { useReportSavedAt } from '../../../lib/offline';
import { useIsOnline } from '../../../lib/use-online';

/** When the service worker saved this address, or null if it has no copy. */
async function readSavedAt(apiPath: string): Promise<string | null> {
  if (typeof caches === 'undefined') return null;
  const cache = await caches.open(BLOG_CACHE);
  const response = await cache.match(apiPath);
  return response?.headers.get(SAVED_AT_HEADER) ?? null;
}

/**
 * Offline, tells the app's offline banner when this copy was saved: the worker's stamp when it
 * has one (the query itself was just answered from the worker's cache, so its own time is now),
 * otherwise when this device last fetched it. Renders nothing itself.
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

  const when = savedAt ? Date.parse(savedAt) : fetchedAt > 0 ? fetchedAt : null;
  useReportSavedAt(apiPath, isOnline || when === null || Number.isNaN(when) ? null : when);
  return null;
}
