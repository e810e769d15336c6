import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import 'virtual:uno.css';
import '@unocss/reset/tailwind.css';
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
import { registerServiceWorker } from './features/pwa/register';
import { createAppRouter } from './router';
import { releaseServedHead } from './lib/head';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// Forced sign-out: forget what this user saw, then sign in again and come back here.
onSessionEnd(() => {
  queryClient.clear();
  void clearPersistedCache();
  const here = router.state.location.href;
  if (!router.state.location.pathname.startsWith('/auth/signin')) {
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
    >
      <RouterProvider router={router} />
    </PersistQueryClientProvider>
  </StrictMode>,
);

registerServiceWorker();
