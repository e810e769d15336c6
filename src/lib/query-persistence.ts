/**
 * The query cache on this device (IndexedDB): restored before the first page loads and saved as
 * it changes, so pages the investor has seen open offline. Not part of the first page's code:
 * the app loads it beside itself at start (src/main.tsx), and the router waits for the restore.
 * See docs/decisions/1400-offline-from-the-query-cache.md.
 */
import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
} from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { PERSIST_MAX_AGE_MS } from './query-client';
import { APP_READY_EVENT } from './prerendered';

export const PERSIST_KEY = 'moa-query-cache';
const store = typeof indexedDB === 'undefined' ? undefined : createStore('moa', 'query-cache');

export const queryPersister = createAsyncStoragePersister({
  key: PERSIST_KEY,
  storage: {
    getItem: (key) => get<string>(key, store),
    setItem: (key, value: string) => set(key, value, store),
    removeItem: (key) => del(key, store),
  },
  throttleTime: 1000,
});

/**
 * The operator console's reads (key prefix `operator`) are other people's data: never saved on
 * the device, whatever their meta says (decision 1802).
 */
export function isOperatorQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === 'operator';
}

/**
 * A query with data is saved, also when its last refresh failed (offline): the data it holds is
 * still what the user last saw.
 */
export function shouldPersistQuery(query: Query): boolean {
  return query.state.data !== undefined && query.meta?.persist !== false && !isOperatorQuery(query.queryKey);
}

const persistOptions = (queryClient: QueryClient, buster: string) => ({
  queryClient,
  persister: queryPersister,
  buster,
  maxAge: PERSIST_MAX_AGE_MS,
  dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
});

/**
 * Restores what this device saved (a snapshot of another build is dropped), then keeps saving. The
 * router waits for the returned promise before its first load (see __root.tsx), so a loader finds
 * the saved data and never waits on the network for it. Restored data counts as stale: pages show
 * it at once and refresh it behind.
 *
 * A page served painted brings the data it was rendered from (`pageData`, newer than anything
 * saved here). That data is put in place at once and the promise resolves; what this device
 * saved comes once the app has taken the page over (APP_READY_EVENT) and hydrated it. Until then
 * the app sees exactly what the server rendered from, so the page it hydrates is the page the
 * server wrote, even where a section the server had no data for would find saved data here.
 */
export async function restoreQueryCache(
  queryClient: QueryClient,
  buildId: string,
  pageData?: DehydratedState | null,
): Promise<void> {
  if (pageData) hydrate(queryClient, pageData);
  const served = new Set(pageData?.queries.map((query) => query.queryHash));
  const restoreSaved = async () => {
    try {
      // Saved data older than the served page's leaves its queries as they are.
      await persistQueryClientRestore(persistOptions(queryClient, buildId));
    } catch {
      // An unreadable snapshot is dropped by the restore itself; the app starts empty.
    }
    // Saved data is shown at once but always checked again when a page uses it, however recent.
    // The served page's data is fresh.
    await queryClient.invalidateQueries({
      refetchType: 'none',
      predicate: (query) => !served.has(query.queryHash),
    });
    // The served page's data came before saving began: it is saved now, not only at its next change.
    keepSaving(queryClient, buildId, { saveAtOnce: served.size > 0 });
    await queryClient.resumePausedMutations();
  };
  if (pageData) {
    // The page's parts hydrate one after the other once its shell has (React's selective
    // hydration): the saved data waits until the main thread is first free after that.
    const afterHydration = () =>
      'requestIdleCallback' in window
        ? requestIdleCallback(() => void restoreSaved(), { timeout: 2000 })
        : setTimeout(() => void restoreSaved(), 200);
    document.addEventListener(APP_READY_EVENT, afterHydration, { once: true });
    return;
  }
  await restoreSaved();
}

function keepSaving(queryClient: QueryClient, buildId: string, { saveAtOnce }: { saveAtOnce: boolean }): void {
  persistQueryClientSubscribe(persistOptions(queryClient, buildId));
  // Saving is throttled; a page left (or a tab closed) right after its data arrived is saved now.
  // (The persister's own save is throttled, so this writes directly.)
  const saveNow = () => {
    const client: PersistedClient = {
      buster: buildId,
      timestamp: Date.now(),
      clientState: dehydrate(queryClient, { shouldDehydrateQuery: shouldPersistQuery }),
    };
    set(PERSIST_KEY, JSON.stringify(client), store).catch(() => undefined);
  };
  if (saveAtOnce) saveNow();
  window.addEventListener('pagehide', saveNow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saveNow();
  });
}

export async function clearPersistedCache(): Promise<void> {
  await del(PERSIST_KEY, store);
}
