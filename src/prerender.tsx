import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider, dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { setPostSanitizer, type Sanitize } from './features/blog/sanitize';
import { setApiTransport } from './lib/api';
import type { PrerenderedPage } from './domain/page';
import { createQueryClient } from './lib/query-client';
import { renderIn, type Locale } from './lib/i18n';
import { createAppRouter } from './router';
import { ACCESS_TOKEN_COOKIE, setServerCookies } from './lib/cookies';
import { hasSessionToken } from './lib/session';
import { badgeQueryOptions } from './features/account/queries';
import { unreadCountQueryOptions } from './features/notifications/queries';

/**
 * Renders a page on the server, as its visitor sees it, from the same routes, loaders and
 * components the app runs: a public page for anyone, a page behind sign-in for a visitor whose
 * session it admits. Answers null when the page is not one to pre-render: a redirect (a page
 * behind sign-in without the session, the second factor or the review it needs), a page not
 * found, a loader that failed, or a session the server no longer accepts.
 */
export interface PrerenderOptions {
  locale: Locale;
  /** The visitor's session token, when they came with one: the app sends it as it would. */
  accessToken?: string;
  /** Answers the app's API requests (the server, in its own process). */
  fetch: typeof fetch;
  /** The server's post sanitizer: there is no DOM here for the browser's. */
  sanitizePostHtml: Sanitize;
}

export async function prerender(href: string, options: PrerenderOptions): Promise<PrerenderedPage | null> {
  // One page at a time per process (the caller queues them): the language, the transport and
  // the sanitizer are the app's own module state.
  setApiTransport(options.fetch);
  setPostSanitizer(options.sanitizePostHtml);
  const hasSession = Boolean(options.accessToken);
  setServerCookies(hasSession ? `${ACCESS_TOKEN_COOKIE}=${encodeURIComponent(options.accessToken!)}` : '');
  try {
    return await render(href, options.locale, hasSession);
  } finally {
    // The next page is another visitor's.
    setServerCookies('');
  }
}

/**
 * Reads a render asked for and nobody has fetched: on the server a component's useQuery only
 * enters its query in the cache. Those switched off (`enabled: false`) or without a function stay
 * as they are, and so do reads once fetched, answered or failed (a failed one is not in the page's
 * data; the browser asks again).
 */
function unansweredReads(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => {
      if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
      if (query.state.fetchFailureCount > 0) return false;
      const { enabled, queryFn } = query.options as { enabled?: unknown; queryFn?: unknown };
      const isEnabled = typeof enabled === 'function' ? (enabled as (query: Query) => boolean)(query) : enabled;
      return isEnabled !== false && typeof queryFn === 'function';
    });
}

/** How React marks a Suspense boundary it could not render on the server. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

async function render(href: string, locale: Locale, hasSession: boolean): Promise<PrerenderedPage | null> {
  await renderIn(locale);
  const queryClient = createQueryClient();
  // A page rendered for a visitor is never worth a wait: an answer that failed (a 429 asking to
  // wait, a fault) makes the loader fail at once, and the visitor gets the bare shell, whose app
  // asks again itself. Retrying here would hold every other visitor's render behind this one.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const router = createAppRouter(queryClient, Promise.resolve(), createMemoryHistory({ initialEntries: [href] }));
  // The browser restores scroll positions itself; the server writes no script for it (the policy
  // allows none inline, and the app's hydration expects none).
  router.update({ ...router.options, scrollRestoration: false });
  await router.load();
  const { matches, location } = router.state;
  // Only pages that opt in (their route's staticData); a redirect (a page behind sign-in) ends
  // elsewhere, and an unknown address matches only the root.
  // A session the server refused on the way (expired, revoked) was ended by the app: its page
  // would be a signed-out one, which the app, seeing the cookie, would not hydrate as it is.
  const isPage =
    hasSession === hasSessionToken() &&
    location.pathname === new URL(href, 'http://page').pathname &&
    matches.at(-1)?.staticData.prerender === true &&
    matches.every((match) => match.status === 'success');
  if (!isPage) return null;
  // What the header shows once the app runs (the bell's count, the badge beside the name) comes with
  // a signed-in page as well, so the app asks for neither as it takes the page over. A read the
  // session may not make (no second factor yet) fails and stays out of the page's data.
  if (hasSession) {
    await Promise.all([
      queryClient.prefetchQuery(unreadCountQueryOptions()),
      queryClient.prefetchQuery(badgeQueryOptions()),
    ]);
  }
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  let html = renderToString(app);
  // A render leaves two things for later, which the browser would otherwise do differently once
  // it hydrates: code a page loads on demand (React.lazy), not there for its first render in this
  // thread (React leaves its boundary for the browser and reports an error there); and reads a
  // component asks for that no loader waited for (the server renders them as not yet known, the
  // browser may know them). The page is rendered again once the code has loaded and those reads
  // have answered, a few times at most: the page comes complete, with the data it shows.
  for (let pause = 10; pause <= 320; pause *= 2) {
    const unread = unansweredReads(queryClient);
    if (!html.includes(CLIENT_RENDERED_BOUNDARY) && unread.length === 0) break;
    await Promise.all([
      new Promise((resolve) => setTimeout(resolve, pause)),
      ...unread.map((query) => query.fetch().catch(() => undefined)),
    ]);
    html = renderToString(app);
  }
  const meta = matches.flatMap((match) => match.meta ?? []);
  const title = meta.findLast((tag) => tag?.title)?.title;
  const description = meta.findLast((tag) => tag?.name === 'description')?.content;
  const state = dehydrate(queryClient);
  queryClient.clear();
  const modules = [...new Set(matches.flatMap((match) => __ROUTE_MODULES__[match.routeId] ?? []))];
  return { html, title: title ?? '', description, state, modules };
}
