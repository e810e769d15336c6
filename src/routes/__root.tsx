import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../router';
import { loadTexts, t, useLocale } from '../lib/i18n';
import { releaseServedHead } from '../lib/head';
import { APP_READY_EVENT, useIsHydrated } from '../lib/prerendered';
import { ToasterSlot } from '../ui/toaster-slot';
import { ErrorPage } from './-components/error-page';
import { NotFoundPage } from './-components/not-found-page';
import { OfflineBanner } from './-components/offline-banner';
import { SiteFooter } from './-components/site-footer';
import { SiteHeader } from './-components/site-header';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page waits for what this device saved (a few milliseconds from IndexedDB), so a
  // loader finds saved data instead of asking the network first, and for the texts its routes
  // ask for (nothing to wait for once they have come).
  beforeLoad: ({ context, matches }) => {
    const texts = loadTexts(matches.flatMap((match) => match.staticData.texts ?? []));
    return texts ? Promise.all([context.cacheRestored, texts]).then(() => undefined) : context.cacheRestored;
  },
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

// From the moment the routes' head renders, it owns the title and description: the served ones go.
// Its code failing to arrive (the network lost right after a served page painted, before this
// device kept the app) leaves the served head in place rather than the page in error.
const DocumentHead = lazy<ComponentType>(() =>
  import('./-components/document-head').then(
    (module) => {
      releaseServedHead();
      return module;
    },
    () => ({ default: () => null }),
  ),
);

/**
 * Rendered once the page is the app's: the served page already has its head and the server
 * renders none, so hydration finds the same nothing on both sides and React adds the head right
 * after (the server snapshot says "not yet", the browser's says "now").
 */
function RoutesHead() {
  if (!useIsHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <DocumentHead />
    </Suspense>
  );
}

function RootLayout() {
  // A switch of language re-renders the header here and remounts the page below in the new one.
  const locale = useLocale();
  useEffect(() => {
    document.dispatchEvent(new Event(APP_READY_EVENT));
  }, []);
  return (
    <>
      {/* The server writes the served page's head itself. */}
      <RoutesHead />
      <a
        href="#main"
        className="focus-ring sr-only z-50 rounded-md bg-brand-900 px-4 py-2 text-white focus:(not-sr-only fixed left-4 top-3)"
      >
        {t('app.skipToContent')}
      </a>
      <SiteHeader />
      <div key={locale} className="flex min-h-dvh flex-col pt-16">
        <OfflineBanner />
        {/* At least a screen tall, so the footer never jumps while a page loads its data. */}
        <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 outline-none">
          <Outlet />
        </main>
        <SiteFooter />
      </div>
      <ToasterSlot />
    </>
  );
}
