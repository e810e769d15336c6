import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { meQueryOptions } from '../../features/session/queries';
import { useIsHydrated } from '../../lib/prerendered';

// Signed-in pages only: the bell, the inbox's code and the live connection (src/live/) load with
// the first of them, not with every visitor's first page.
const NotificationBell = lazy(() =>
  import('./signed-in-bell').then((module) => ({
    default: module.SignedInBell,
  })),
);

/** The bell, once the second factor is passed (the inbox is refused before that). */
export function HeaderBell({ onNavigate }: { onNavigate?: () => void }) {
  const { data: me } = useQuery(meQueryOptions());
  const isHydrated = useIsHydrated();
  if (!me || me.userPayload.role === 'UNVERIFIED') return null;
  // The bell's place is kept while it loads, so nothing beside it moves. A served page keeps only
  // the place: the bell's code and its count are the app's.
  const place = <span className="inline-block h-10 w-10" aria-hidden="true" />;
  if (!isHydrated) return place;
  return (
    <Suspense fallback={place}>
      <NotificationBell onNavigate={onNavigate} />
    </Suspense>
  );
}
