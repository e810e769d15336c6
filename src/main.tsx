import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
// The reset first: it clears button backgrounds, which the utilities must then be able to set.
import '@unocss/reset/tailwind.css';
import 'virtual:uno.css';
import '@fontsource-variable/noto-sans-kr';
import './styles.css';
import {
  PERSIST_MAX_AGE_MS,
  clearPersistedCache,
  createQueryClient,
  queryPersister,
  shouldPersistQuery,
} from './lib/query-client';
import { onSessionEnd } from './lib/session';
import { captureInstallPrompt } from './features/pwa/install-prompt';
import { registerServiceWorker } from './features/pwa/register';
import { createAppRouter } from './router';
import { releaseServedHead } from './lib/head';

captureInstallPrompt();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// Any sign-out forgets what this user saw. A forced one (expired or revoked session) comes back
// here after signing in again; a chosen one starts afresh.
onSessionEnd((reason) => {
  queryClient.clear();
  void clearPersistedCache();
  const here = router.state.location.href;
  if (reason === 'signed-out') {
    void router.navigate({ to: '/auth/signin', search: { redirect: undefined } });
  } else if (!router.state.location.pathname.startsWith('/auth/signin')) {
    void router.navigate({ to: '/auth/signin', search: { redirect: here } });
  }
});

releaseServedHead();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{
        persister: queryPersister,
        buster: __BUILD_ID__,
        maxAge: PERSIST_MAX_AGE_MS,
        dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
      }}
      // What was restored from this device is shown at once, then checked against the server
      // (offline, the checks fail quietly and the saved copy stays).
      onSuccess={() => queryClient.resumePausedMutations().then(() => queryClient.invalidateQueries())}
    >
      <RouterProvider router={router} />
    </PersistQueryClientProvider>
  </StrictMode>,
);

registerServiceWorker();
