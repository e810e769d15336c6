import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToasterWanted, onToasterWanted } from '../lib/toast';

const LazyToaster = lazy(() => import('./toaster'));

/** Where toasts appear: empty, and sonner not even loaded, until the first toast. */
export function ToasterSlot() {
  const isWanted = useSyncExternalStore(onToasterWanted, isToasterWanted, isToasterWanted);
  return isWanted ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}
