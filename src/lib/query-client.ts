import { QueryClient, type Query } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { createStore, del, get, set } from 'idb-keyval';
import { queryDefaults } from '../domain/constants';
import { RequestError } from './request-error';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** false keeps a query out of IndexedDB (secrets, identity tokens). Persisted by default. */
      persist?: boolean;
    };
  }
}

/**
 * Retries follow the spec's data-cache default (3, backoff capped at 30 s), but only where a
 * retry can help (no answer, time-out, overload, server fault): a 4xx answer (bad input, no
 * access) is final, so it is not asked again.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= queryDefaults.retry) return false;
  // A malformed response (not a RequestError) will be just as malformed the next time.
  if (!(error instanceof RequestError)) return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, queryDefaults.maxRetryDelayMs),
        gcTime: queryDefaults.gcTimeMs,
      },
    },
  });
}

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

export function shouldPersistQuery(query: Query): boolean {
  return query.state.status === 'success' && query.meta?.persist !== false;
}

/** What the persisted cache is kept for at most; older snapshots are dropped at start. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

export async function clearPersistedCache(): Promise<void> {
  await del(PERSIST_KEY, store);
}
