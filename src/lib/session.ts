import { clearAccessToken, getAccessToken, setAccessToken } from './cookies';

/**
 * Session state lives in the access_token cookie; this module is the one place that writes it.
 * Forced sign-out (a session-ending API answer) and a chosen sign-out both clear it and tell
 * whoever registered (main.tsx wipes the caches and goes to /auth/signin); components that
 * show signed-in state subscribe to changes.
 */
export type SessionEndReason = 'forced' | 'signed-out';
type SessionEndListener = (reason: SessionEndReason) => void;
const endListeners = new Set<SessionEndListener>();
const changeListeners = new Set<() => void>();

export function onSessionEnd(listener: SessionEndListener): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** For useSyncExternalStore: called whenever a token is stored or cleared. */
export function subscribeSession(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

function notifyChange(): void {
  for (const listener of changeListeners) listener();
}

export function startSession(token: string, expiresAt: Date): void {
  setAccessToken(token, expiresAt);
  notifyChange();
}

function finish(reason: SessionEndReason): void {
  clearAccessToken();
  notifyChange();
  for (const listener of endListeners) listener(reason);
}

/** The API said this session is no longer valid. */
export function endSession(): void {
  finish('forced');
}

/** The user signed out (after the server revoked the session, or when it could not be reached). */
export function signOutLocally(): void {
  finish('signed-out');
}

export function hasSessionToken(): boolean {
  return getAccessToken() !== null;
}
