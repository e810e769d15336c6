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

let signingOut: Promise<unknown> | null = null;

/**
 * Runs a chosen sign-out's call to the server. Until it settles the session is ending: whatever
 * else the app asks of the server waits and then fails as signed out, instead of reaching a
 * server that has just revoked the session (a refusal, reported by the browser, for nothing).
 */
export function signOutWith<T>(tell: () => Promise<T>): Promise<T> {
  const run = tell();
  signingOut = run;
  const done = () => {
    if (signingOut === run) signingOut = null;
  };
  run.then(done, done);
  return run;
}

/** The sign-out under way, if any (the api client holds other calls until it settles). */
export const signOutUnderWay = (): Promise<unknown> | null => signingOut;

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
