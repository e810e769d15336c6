import { clearAccessToken, getAccessToken } from './cookies';

/**
 * Forced sign-out lives here and only here. The API client reports a session-ending
 * response; this clears the token and hands over to whoever registered to react (the app
 * registers the persisted-cache wipe and the navigation to /auth/signin in main.tsx).
 */
type SessionEndListener = () => void;
const listeners = new Set<SessionEndListener>();

export function onSessionEnd(listener: SessionEndListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function endSession(): void {
  clearAccessToken();
  for (const listener of listeners) listener();
}

export function hasSessionToken(): boolean {
  return getAccessToken() !== null;
}
