import type { Page } from '@playwright/test';

/**
 * What the app has written to this device's IndexedDB (what opens offline): each saved query's
 * key and data, as JSON strings. Tests wait on this rather than on time before cutting the network.
 */
export async function savedQueries(page: Page): Promise<Array<{ key: string; data: string }>> {
  return page.evaluate(
    () =>
      new Promise<Array<{ key: string; data: string }>>((resolve, reject) => {
        const open = indexedDB.open('moa');
        // Not there yet (the app opens it on its first save): looking must not create it, or the
        // app would find a database without its store and could never save.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve([]) : reject(open.error));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('query-cache')) return resolve([]);
          const read = db.transaction('query-cache').objectStore('query-cache').get('moa-query-cache');
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            const value = read.result as string | undefined;
            if (!value) return resolve([]);
            const saved = JSON.parse(value) as {
              clientState: { queries: Array<{ queryKey: unknown; state: { data: unknown } }> };
            };
            resolve(
              saved.clientState.queries.map((query) => ({
                key: JSON.stringify(query.queryKey),
                data: JSON.stringify(query.state.data),
              })),
            );
          };
        };
      }),
  );
}

/** The keys of the queries saved on this device, as JSON strings. */
export async function savedQueryKeys(page: Page): Promise<string[]> {
  return (await savedQueries(page)).map((query) => query.key);
}

/** Whether this device has saved the query with this key (a JSON string, e.g. '["portfolio","documents"]'). */
export async function isQuerySaved(page: Page, key: string): Promise<boolean> {
  return (await savedQueryKeys(page)).includes(key);
}
