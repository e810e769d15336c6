import { createApiClient } from './api-client';
import { getAccessToken } from './cookies';
import { getLanguage } from './i18n';
import { endSession, signOutUnderWay } from './session';

let transport: typeof fetch = (input, init) => globalThis.fetch(input, init);

/** The server's page renderer answers the app's requests in its own process (src/prerender.tsx). */
export function setApiTransport(fetcher: typeof fetch): void {
  transport = fetcher;
}

/** The app's one API client: same origin unless the build sets VITE_API_BASE_URL. */
export const api = createApiClient({
  baseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
  fetch: (input, init) => transport(input, init),
  getToken: getAccessToken,
  getLanguage,
  onSessionEnd: endSession,
  signOutUnderWay,
});
