import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
// The reset first: it clears button backgrounds, which the utilities must then be able to set.
import '@unocss/reset/tailwind.css';
import 'virtual:uno.css';
import '@fontsource-variable/noto-sans-kr';
import './styles.css';
import { clearPersistedCache, createQueryClient, restoreQueryCache } from './lib/query-client';
import { onSessionEnd } from './lib/session';
import { captureInstallPrompt } from './features/pwa/install-prompt';
import { registerServiceWorker } from './features/pwa/register';
import { createAppRouter } from './router';
import { releaseServedHead } from './lib/head';

captureInstallPrompt();
const queryClient = createQueryClient();
// What this device saved opens before any page loads, so saved pages never wait on the network.
const router = createAppRouter(queryClient, restoreQueryCache(queryClient, __BUILD_ID__));

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
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

registerServiceWorker();
