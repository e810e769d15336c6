import { useEffect } from 'react';
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../router';
import { t, useLocale } from '../lib/i18n';
import { APP_READY_EVENT } from '../lib/prerendered';
import { ToasterSlot } from '../ui/toaster-slot';
import { ErrorPage } from './-components/error-page';
import { NotFoundPage } from './-components/not-found-page';
import { OfflineBanner } from './-components/offline-banner';
import { SiteFooter } from './-components/site-footer';
import { SiteHeader } from './-components/site-header';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page waits for what this device saved (a few milliseconds from IndexedDB), so a
  // loader finds saved data instead of asking the network first.
  beforeLoad: ({ context }) => context.cacheRestored,
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

function RootLayout() {
  // A switch of language re-renders the header here and remounts the page below in the new one.
  const locale = useLocale();
  useEffect(() => {
    document.dispatchEvent(new Event(APP_READY_EVENT));
  }, []);
  return (
    <>
      {/* The server writes the served page's head itself. */}
      {import.meta.env.SSR ? null : <HeadContent />}
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
