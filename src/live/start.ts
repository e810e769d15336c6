import type { QueryClient } from '@tanstack/react-query';
import { LAST_EVENT_ID_HEADER, LIVE_WINDOW_MESSAGE, parseLiveEvent } from '../domain/live';
import { accountKeys } from '../features/account/queries';
import { openApiStream } from '../lib/api-stream';
import { connectLive } from '../lib/live-connection';
import { hasSessionToken } from '../lib/session';
import { PAGE_LIVE_MARK_META } from '../domain/page';
import { invalidateEveryLiveQuery, invalidateForLiveEvent } from './invalidation';

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * While signed in: one stream of changes from the server (GET /api/v1/events), a push message's
 * word from the service worker, and the investor's own changes each mark stale exactly the queries
 * that show what changed; those on screen refetch at once. Answers the function that stops it all.
 */
export function startLiveUpdates(queryClient: QueryClient): () => void {
  const connection = connectLive({
    open: (lastEventId, signal) =>
      openApiStream('/api/v1/events', { signal, headers: lastEventId ? { [LAST_EVENT_ID_HEADER]: lastEventId } : {} }),
    // What the stream says refetches the signed-in queries on screen: never once the session has
    // ended (they would go without it, and be refused) while its pages are still going.
    onChange: (event) => {
      if (hasSessionToken()) void invalidateForLiveEvent(queryClient, event);
    },
    onMissed: (listeningSince) => {
      if (hasSessionToken()) void invalidateEveryLiveQuery(queryClient, listeningSince);
    },
    storage: safeStorage(),
    // A page the server painted says where its data was read: a first visit's stream starts there.
    initialMark: document.querySelector<HTMLMetaElement>(`meta[name="${PAGE_LIVE_MARK_META}"]`)?.content ?? null,
    target: window,
    page: document,
  });

  // A push message the worker received says what changed, for windows whose stream is not open.
  const onWorkerMessage = (message: MessageEvent) => {
    const data = message.data as { type?: unknown; event?: unknown } | null;
    if (data?.type !== LIVE_WINDOW_MESSAGE) return;
    const event = parseLiveEvent(data.event);
    if (event) void invalidateForLiveEvent(queryClient, event);
  };
  const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  worker?.addEventListener('message', onWorkerMessage);

  // Every change the investor makes is written to their Activity (the account's audit journal),
  // whichever feature made it: it is read afresh the next time it shows.
  const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') {
      void queryClient.invalidateQueries({ queryKey: accountKeys.activity });
    }
  });

  return () => {
    connection.stop();
    worker?.removeEventListener('message', onWorkerMessage);
    unsubscribeMutations();
  };
}

let holders = 0;
let stop: (() => void) | null = null;

/**
 * Holds the live updates on while a signed-in piece of the app is mounted: the first holder
 * starts them, the last one to let go (signing out unmounts them) stops them. Answers the release.
 */
export function holdLiveUpdates(queryClient: QueryClient): () => void {
  holders += 1;
  stop ??= startLiveUpdates(queryClient);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) {
      stop?.();
      stop = null;
    }
  };
}

/** How long a connection opened ahead of the bell waits for it before it closes. */
const PRIMED_MS = 30_000;

/**
 * Opens the connection as soon as the session allows, before the page's own reads go out, so
 * that what they read is not asked for again when it opens (see invalidateEveryLiveQuery). The
 * bell holds it from then on; without one it closes after PRIMED_MS. Answers the release (at the
 * end of the session).
 */
export function primeLiveUpdates(queryClient: QueryClient): () => void {
  if (stop) return () => undefined;
  const release = holdLiveUpdates(queryClient);
  const timer = setTimeout(release, PRIMED_MS);
  return () => {
    clearTimeout(timer);
    release();
  };
}
