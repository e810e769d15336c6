import { QueryClient, onlineManager, type Query } from '@tanstack/react-query';
import { queryDefaults } from '../domain/constants';
import { RequestError } from './request-error';
import { toast } from './toast';

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
  // Offline, a retry cannot help: failing at once lets the page show what this device saved.
  if (!onlineManager.isOnline() || isBrowserOffline()) return false;
  // A malformed response (not a RequestError) will be just as malformed the next time.
  if (!(error instanceof RequestError)) return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/**
 * A server that answered 429 (or 503) with Retry-After is asked again only after that wait, and
 * the investor is told why nothing moves meanwhile. Answers the wait in milliseconds, else 0.
 */
export function waitAsked(error: unknown): number {
  const wait = (error instanceof RequestError && error.retryAfterMs) || 0;
  // The server's message says so in the reader's language ("Try again in 30 s").
  if (wait) toast((error as RequestError).message, { id: 429 });
  return wait;
}

/**
 * The operator console's reads (key prefix `operator`) are other people's data: never saved on
 * the device, whatever their meta says (decision 1802).
 */
export function isOperatorQuery(queryKey: readonly unknown[] | undefined): boolean {
  return queryKey?.[0] === 'operator';
}

/**
 * What the persisted cache is kept for at most; older snapshots are dropped at start. Saving and
 * restoring live in query-persistence.ts, which the app loads beside itself at start.
 */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

/** The query library assumes online until an 'offline' event; a page loaded offline never gets one. */
function isBrowserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Back online, whatever failed while offline is asked for again at once, even when its data is
 * still fresh by time (reconnecting refetches only stale queries): a page, the header's bell or a
 * governance list never keeps a failed state, and the offline banner goes. Called by the app for
 * its one client, never for the clients the server builds to render pages (one per page): the
 * process-wide online manager would keep each of them alive.
 */
export function refetchFailedWhenOnline(client: QueryClient): () => void {
  return onlineManager.subscribe((isOnline) => {
    if (isOnline) void client.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
  });
}

const fetchStarts = new WeakMap<Query, number>();

/**
 * When a query last started asking the server (Date.now), if it did in this page: the live
 * connection opening for the first time refetches only what was asked for before it listened.
 */
export function fetchStartedAt(query: Query): number | undefined {
  return fetchStarts.get(query);
}

export function createQueryClient(): QueryClient {
  if (isBrowserOffline()) onlineManager.setOnline(false);
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: (attempt, error) =>
          waitAsked(error) || Math.min(1000 * 2 ** attempt, queryDefaults.maxRetryDelayMs),
        gcTime: queryDefaults.gcTimeMs,
        // A request is always tried, even when the browser says it is offline: the service worker
        // may answer it (the blog), and otherwise it fails at once (see shouldRetry) instead of
        // waiting for a network that may not come. Data already shown stays while it fails.
        networkMode: 'always',
      },
    },
  });
  // The persister writes the memory cache wholesale, so a query dropped from memory after the
  // spec's 5 minutes would also vanish from the device. Queries saved on the device therefore
  // stay in memory as long as they stay on the device; the others keep the spec's default.
  // See docs/decisions/1400-offline-from-the-query-cache.md.
  const defaultQueryOptions = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options) => {
    const defaulted = defaultQueryOptions(options);
    if (options.gcTime === undefined && options.meta?.persist !== false && !isOperatorQuery(defaulted.queryKey))
      defaulted.gcTime = PERSIST_MAX_AGE_MS;
    return defaulted;
  }) as typeof client.defaultQueryOptions;
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'fetch') fetchStarts.set(event.query, Date.now());
  });
  return client;
}
