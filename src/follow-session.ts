/**
 * What follows the signed-in profile as the server answers it: the live connection opens, and
 * the device and the account agree on the language. Not part of the first page's code: the app
 * loads it beside the saved data's code at start (src/main.tsx), and the router waits for both
 * before its first load, so no answer of the profile can come before this listens.
 */
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import type { Me } from './domain/session';
import { reconcileAccountLocale } from './lib/i18n';
import { tellAccountLanguage } from './features/account/language';

export function followSession(
  queryClient: QueryClient,
  meKey: string,
  /** The data a served page was rendered from: its profile is one the server just answered. */
  pageData?: DehydratedState,
): { release: () => void } {
  let releaseLive: (() => void) | null = null;
  // Each sign-in's connection is its own: one that opens after its session ended closes again.
  let generation = 0;
  // Only a profile the server just answered counts: one restored from this device may predate
  // a language switch already told to the account, and would have it told again at every load.
  const follow = (me: Me | null | undefined, isServed = false) => {
    if (!me) return;
    // Past the second factor, the live connection opens now, before the page's own reads go
    // out (the bell, which keeps it, comes with the page). A served page's reads are done: the
    // bell opens it once the app has taken the page, so nothing it hears changes the page while
    // the app hydrates it.
    if (me.userPayload.role !== 'UNVERIFIED' && !releaseLive && !isServed) {
      const opened = generation;
      releaseLive = () => undefined;
      void import('./live/start').then(({ primeLiveUpdates }) => {
        if (opened !== generation) return;
        releaseLive = primeLiveUpdates(queryClient);
      });
    }
    // Signed in, a device with no choice of its own takes the account's language; a choice
    // made here is kept on the account (told once per visit).
    void reconcileAccountLocale(me.userPayload.language)
      .then((tell) => tell && tellAccountLanguage(tell))
      .catch(() => undefined);
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    if (JSON.stringify(event.query.queryKey) === meKey) follow(event.query.state.data as Me | null | undefined);
  });
  follow(
    pageData?.queries.find((query) => JSON.stringify(query.queryKey) === meKey)?.state.data as Me | undefined,
    true,
  );
  return {
    // A sign-out closes the live connection; the next sign-in opens it again.
    release: () => {
      generation += 1;
      releaseLive?.();
      releaseLive = null;
    },
  };
}
