import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider, dehydrate } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { setPostSanitizer, type Sanitize } from './features/blog/sanitize';
import { setApiTransport } from './lib/api';
import type { PrerenderedPage } from './domain/page';
import { createQueryClient } from './lib/query-client';
import { renderIn, type Locale } from './lib/i18n';
import { createAppRouter } from './router';

/**
 * Renders a public page on the server, as a visitor without a session sees it, from the same
 * routes, loaders and components the app runs. Answers null when the page is not one to
 * pre-render: a redirect (a page behind sign-in), a page not found, or a loader that failed.
 */
export interface PrerenderOptions {
  locale: Locale;
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
  await renderIn(options.locale);
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
  const isPage =
    location.pathname === new URL(href, 'http://page').pathname &&
    matches.at(-1)?.staticData.prerender === true &&
    matches.every((match) => match.status === 'success');
  if (!isPage) return null;
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  const meta = matches.flatMap((match) => match.meta ?? []);
  const title = meta.findLast((tag) => tag?.title)?.title;
  const description = meta.findLast((tag) => tag?.name === 'description')?.content;
  const state = dehydrate(queryClient);
  queryClient.clear();
  return { html, title: title ?? '', description, state };
}
