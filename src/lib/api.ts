import { createApiClient } from './api-client';
import { getAccessToken } from './cookies';
import { getLanguage } from './i18n';
import { endSession } from './session';

/** The app's one API client: same origin unless the build sets VITE_API_BASE_URL. */
export const api = createApiClient({
  baseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
  getToken: getAccessToken,
  getLanguage,
  onSessionEnd: endSession,
});
