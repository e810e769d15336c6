import { createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useIsHydrated } from '../lib/prerendered';

/**
 * A component whose code loads on demand, like React.lazy, that a route's loader can also load
 * ahead (`preload`). Once its code is here it renders at once instead of suspending, so a page
 * served painted hydrates it in the same pass as the rest of the page, rather than leaving it
 * as the server wrote it until its code arrives (a tap on it meanwhile would be lost).
 */
export function onDemand<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  function OnDemand(props: P) {
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  }
  return Object.assign(OnDemand, { preload });
}

/**
 * What needs code loaded on demand and can wait (a chart, a tooltip): the served page and the
 * hydration both show the fallback, and the app swaps it in right after, so hydration never waits
 * for its code.
 */
export function AfterHydration({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const isHydrated = useIsHydrated();
  return isHydrated ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
