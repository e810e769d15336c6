import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { t } from './i18n';
import { NETWORK_STATUS, RequestError } from './request-error';
import { useIsOnline } from './use-online';

/**
 * Offline for every data page, in one place. A page opts in by loading its data through a
 * queryOptions factory (loader `ensureQueryData`, component `useSuspenseQuery`); see
 * src/lib/README.md. This module answers the two questions the app shell asks:
 * is the app offline, and when was the data on screen saved?
 */

/** No answer from the server at all (offline, unreachable, timed out), as opposed to an answer that says no. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof RequestError && error.status === NETWORK_STATUS;
}

/** Pieces of the app that know better than the query cache when their data was saved (the blog's worker stamp). */
const reportedSavedAt = new Map<string, number>();
const reportListeners = new Set<() => void>();

export function reportSavedAt(id: string, savedAt: number | null): void {
  if (savedAt === null) reportedSavedAt.delete(id);
  else reportedSavedAt.set(id, savedAt);
  for (const listener of reportListeners) listener();
}

/** While mounted, tells the offline banner that what `id` shows was saved at `savedAt`. */
export function useReportSavedAt(id: string, savedAt: number | null): void {
  useEffect(() => {
    reportSavedAt(id, savedAt);
    return () => reportSavedAt(id, null);
  }, [id, savedAt]);
}

export interface OfflineSnapshot {
  /** The browser says offline, or what the page shows could not be refreshed for lack of network. */
  isOffline: boolean;
  /** When the oldest data on screen was saved (ms since epoch), or null when the page shows no saved data. */
  savedAt: number | null;
}

/** The queries a mounted component reads: what is on screen now. */
const isOnScreen = (query: Query) => query.getObserversCount() > 0;

/**
 * Pure reading of the cache: exported for tests. `isBrowserOnline` is navigator.onLine.
 * The saved time is the oldest on screen, so the banner never claims newer data than it shows.
 */
export function readOfflineSnapshot(
  queries: readonly Query[],
  isBrowserOnline: boolean,
  reported: Iterable<number> = [],
): OfflineSnapshot {
  let savedAt: number | null = null;
  let isUnreachable = false;
  for (const query of queries) {
    if (!isOnScreen(query)) continue;
    const { state } = query;
    if (state.status === 'error' && isNetworkError(state.error)) isUnreachable = true;
    if (state.data !== undefined && state.dataUpdatedAt > 0) {
      savedAt = savedAt === null ? state.dataUpdatedAt : Math.min(savedAt, state.dataUpdatedAt);
    }
  }
  for (const time of reported) savedAt = savedAt === null ? time : Math.min(savedAt, time);
  return { isOffline: !isBrowserOnline || isUnreachable, savedAt };
}

function subscribeTo(queryClient: QueryClient) {
  return (onChange: () => void) => {
    const unsubscribe = queryClient.getQueryCache().subscribe(onChange);
    reportListeners.add(onChange);
    return () => {
      unsubscribe();
      reportListeners.delete(onChange);
    };
  };
}

/** The offline state of what is on screen, for the app-wide banner. */
export function useOfflineSnapshot(): OfflineSnapshot {
  const queryClient = useQueryClient();
  const isOnline = useIsOnline();
  // A string snapshot keeps useSyncExternalStore's equality check cheap and stable.
  const subscribe = useMemo(() => subscribeTo(queryClient), [queryClient]);
  const key = useSyncExternalStore(
    subscribe,
    () => {
      const snapshot = readOfflineSnapshot(queryClient.getQueryCache().getAll(), isOnline, reportedSavedAt.values());
      return `${snapshot.isOffline ? 1 : 0}:${snapshot.savedAt ?? ''}`;
    },
    () => '0:',
  );
  const [offline, savedAt] = key.split(':');
  return { isOffline: offline === '1', savedAt: savedAt ? Number(savedAt) : null };
}

/**
 * For actions that need the server (saving, sending, investing): whether they can run now, and
 * the short reason to show beside them when they cannot. `NetworkButton` in src/ui uses it.
 */
export function useNetworkAction(): { isAvailable: boolean; reason: string | null } {
  const isOnline = useIsOnline();
  return { isAvailable: isOnline, reason: isOnline ? null : t('offline.actionUnavailable') };
}
