import { useSyncExternalStore } from 'react';
import type { DehydratedState } from '@tanstack/react-query';
import { PAGE_DATA_ID } from '../domain/page';

/**
 * A public page asked for without a session comes with its first paint already in the HTML: the
 * server renders it with the app's own routes and components (src/prerender.tsx) into #root,
 * with the data it was rendered from. The app starts from that data and hydrates the page in
 * place (main.tsx): nothing flashes, nothing is built twice, nothing is asked for twice.
 */

/** From the served page's data being taken until the app's first render of it. */
let isServedPageOnScreen = false;

/** The query data the served page was rendered from, once; undefined when the page came bare. */
export function takePageData(doc: Document = document): DehydratedState | undefined {
  const script = doc.getElementById(PAGE_DATA_ID);
  if (!script) return undefined;
  script.remove();
  isServedPageOnScreen = true;
  try {
    return JSON.parse(script.textContent ?? '') as DehydratedState;
  } catch {
    return undefined;
  }
}

/**
 * For the router's scroll restoration: not on the first render of a served page, which the
 * visitor may already have scrolled before the app ran; on every render after it.
 */
export function shouldRestoreScroll(): boolean {
  if (!isServedPageOnScreen) return true;
  isServedPageOnScreen = false;
  return false;
}

/** Resolves in a task of its own: the work after it does not lengthen the task before it. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Told right before the app hydrates the served page: from then on React holds back and replays
 * what the visitor does on parts not hydrated yet, so the starter stops keeping taps itself.
 */
export const HYDRATING_EVENT = 'moa:hydrating';

/**
 * Told once the app has taken the page over (its root layout has mounted): the served page's
 * starter (public/start-after-paint.js) then replays the taps and choices made before.
 */
export const APP_READY_EVENT = 'moa:app-ready';

/**
 * For a route loader, what its page shows without waiting for it (sections filled in when their
 * data arrives, parts whose code comes after the page): in the app the page renders at once and
 * the rest follows. The server's renderer waits for it, so the served page comes painted with it,
 * and so does the app while it takes that page over, so it hydrates the same page and asks for
 * nothing again. It never fails: the page shows its own fallback for what could not load.
 */
export function awaitWhenServed(load: Promise<unknown>): Promise<void> | undefined {
  const settled = load.then(
    () => undefined,
    () => undefined,
  );
  return import.meta.env.SSR || isServedPageOnScreen ? settled : undefined;
}

const subscribeNothing = () => () => undefined;

/**
 * False on the server and while the app hydrates what the server rendered; true from right after
 * (and at once in a page the app renders itself). What renders only once it is true (code that
 * loads on demand, this device's own state) is left out of the served page and out of hydration
 * alike, so both find the same elements, and comes in one render later.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
