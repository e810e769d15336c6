import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
// The reset first: it clears button backgrounds, which the utilities must then be able to set.
import '@unocss/reset/tailwind.css';
import 'virtual:uno.css';
import './styles.css';
import { createQueryClient, refetchFailedWhenOnline } from './lib/query-client';
import { hasSessionToken, onSessionEnd } from './lib/session';
import { captureInstallPrompt } from './features/pwa/install-prompt';
import { createAppRouter } from './router';
import { HYDRATING_EVENT, nextTask, takePageData } from './lib/prerendered';
import { getLanguage, initLocale, subscribeLocale } from './lib/i18n';
import { loadFacesFor } from './lib/fonts';
import { meQueryOptions } from './features/session/queries';

captureInstallPrompt();
const queryClient = createQueryClient();
refetchFailedWhenOnline(queryClient);
// A page served with its first paint brings the data it was rendered from (newer than anything
// saved here); the app renders the same page from it instead of asking again.
const pageData = takePageData();
// The language the server rendered that page in (it says so on <html>): its own choice, from the
// cookie the app mirrors the device's choice into, else the browser's languages. Read before the
// app sets its own.
const servedLanguage = document.documentElement.lang;
// What this device saved opens before any page loads, so saved pages never wait on the network.
// The code that reads it comes beside the app, fetched while the app starts.
const persistence = import('./lib/query-persistence');
// What follows the profile as the server answers it (the live connection, the account's
// language) comes beside it too; the router waits for both, so it listens before any answer.
let follower: { release: () => void } | null = null;
const following = import('./follow-session').then(({ followSession }) => {
  follower = followSession(queryClient, JSON.stringify(meQueryOptions().queryKey), pageData);
});
const cacheRestored = Promise.all([
  persistence.then(({ restoreQueryCache }) => restoreQueryCache(queryClient, __BUILD_ID__, pageData)),
  following,
]).then(
  () => undefined,
  () => undefined,
);
const router = createAppRouter(queryClient, cacheRestored);
// Signed in, on a page not served painted: the code that reads the first answers (the profile's,
// then the page's) is asked for beside the session check rather than after it.
if (!pageData && hasSessionToken()) void import('./domain/session').catch(() => undefined);

// Any sign-out forgets what this user saw. A forced one (expired or revoked session) comes back
// here after signing in again; a chosen one starts afresh.
onSessionEnd((reason) => {
  // The live connection closes before the cache empties: nothing it hears refetches meanwhile.
  follower?.release();
  queryClient.clear();
  void persistence.then(({ clearPersistedCache }) => clearPersistedCache());
  const here = router.state.location.href;
  if (reason === 'signed-out') {
    void router.navigate({ to: '/auth/signin', search: { redirect: undefined } });
  } else if (!router.state.location.pathname.startsWith('/auth/signin')) {
    void router.navigate({ to: '/auth/signin', search: { redirect: here } });
  }
});

// A switch of language re-reads every page's head (titles) and re-renders without a reload.
subscribeLocale(() => {
  loadFacesFor(getLanguage());
  void router.invalidate();
});

// The chosen language's catalogue is in place before the first render (English is built in;
// Korean is one small fetch), so no screen flashes in the other language.
void initLocale().then(async (locale) => {
  loadFacesFor(locale);
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  // A page served in another language than this device chose (a choice made before the app kept
  // it in a cookie too, or a cookie since cleared) is not the page the app renders: hydrating it
  // would find other texts in every element. The app renders its own page over it instead, from
  // the same data (the cookie is written now, so the next page comes in the chosen language).
  if (pageData && servedLanguage === locale) {
    // The page came rendered from its data: with the route's code and that data in place, the
    // app hydrates it in place, in slices that leave the main thread free between them. Each
    // step starts a task of its own, so a tap meanwhile is answered between them.
    await nextTask();
    await router.load();
    await nextTask();
    // Rendered as the server rendered it (the router leaves out its root suspense boundary).
    router.ssr = { manifest: undefined };
    document.dispatchEvent(new Event(HYDRATING_EVENT));
    // Hydrating in a transition is what slices it: outside one, React hydrates the whole page
    // in a single task, however long.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    // The served page's elements go: taps on them are no longer kept for the app to replay.
    if (pageData) document.dispatchEvent(new Event(HYDRATING_EVENT));
    // A transition: React yields to the browser while it builds the page.
    startTransition(() => createRoot(container).render(app));
  }
});

// Workbox registers the worker once the page has loaded; its code comes beside the app's, not
// as part of the first page.
void import('./features/pwa/register').then(({ registerServiceWorker }) => registerServiceWorker());
