import { readErrorEnvelope } from '../domain/error-codes';
import { REQUEST_TIMEOUT_MS } from '../domain/constants';
import { buildUrl, isSessionEnding, refuseAfterSignOut } from './api-client';
import { getAccessToken } from './cookies';
import { getLanguage, t, UNKNOWN_ERROR_MESSAGE } from './i18n';
import { NETWORK_CODE, NETWORK_STATUS, RequestError } from './request-error';
import { endSession, signOutUnderWay } from './session';

/**
 * Opens an API response whose body stays open (the server-sent events of GET /api/v1/events),
 * sent as the api client sends every call: the Bearer token in the Authorization header (never
 * in the address), the language, credentials. The time-out covers only the wait for the answer;
 * a session-ending refusal ends the session like any other. Kept apart from the api client so
 * the first page does not carry it.
 */
export async function openApiStream(
  path: string,
  options: { headers?: Record<string, string>; signal: AbortSignal },
): Promise<Response> {
  const signingOut = signOutUnderWay();
  if (signingOut) await refuseAfterSignOut(signingOut);
  const token = getAccessToken();
  // Every stream is a signed-in investor's: without a session it is refused unsent (a sign-out
  // that has just finished, while the pages that held the stream are still going).
  if (!token) throw new RequestError(t('network.signedOut'), 401, []);
  const headers = new Headers({ ...options.headers, Accept: 'text/event-stream' });
  headers.set('Authorization', `Bearer ${token}`);
  headers.set('Accept-Language', getLanguage());
  const answered = new AbortController();
  const timer = setTimeout(() => answered.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(buildUrl(import.meta.env.VITE_API_BASE_URL ?? '', path), {
      headers,
      credentials: 'include',
      signal: AbortSignal.any([options.signal, answered.signal]),
    });
  } catch (cause) {
    if (options.signal.aborted) throw cause;
    throw new RequestError(t('network.unreachable'), NETWORK_STATUS, [
      { code: NETWORK_CODE, message: 'Network error' },
    ]);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    const errors = readErrorEnvelope(await response.json().catch(() => null)) ?? [];
    const error = new RequestError(errors[0]?.message || UNKNOWN_ERROR_MESSAGE, response.status, errors);
    if (isSessionEnding(error)) endSession();
    throw error;
  }
  return response;
}
