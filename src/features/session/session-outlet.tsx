import { Outlet } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { hasSessionToken, subscribeSession } from '../../lib/session';

/**
 * A guarded group's pages, while this device holds a session. When the session ends (a sign-out,
 * or the server ending it) they go in the same render that forgets their data, so none of them
 * asks the server for it again, without a session, while the sign-in page loads.
 */
export function SessionOutlet() {
  const signedIn = useSyncExternalStore(subscribeSession, hasSessionToken, hasSessionToken);
  return signedIn ? <Outlet /> : null;
}
