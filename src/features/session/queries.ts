import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AccessTokenResponse } from '../../domain/auth';
import { accessFactsFrom } from '../../domain/access';
import type { Me } from '../../domain/session';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';
import { shouldRetry, waitAsked } from '../../lib/query-client';
import { hasSessionToken, startSession } from '../../lib/session';
import { NETWORK_STATUS, RequestError } from '../../lib/request-error';

// The response schemas load with the first response that needs them, not with the page.
const sessionSchemas = () => import('../../domain/session');

export const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
};

/**
 * The signed-in user's profile and identity status. Without a token there is no session and
 * no request; a 401 (expired, revoked) or an answer that ended the session (the catalogue's
 * session-ending codes clear the token) also means no session. Any other refusal, a 429 above
 * all, is an error: the session stays.
 */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: async ({ signal }): Promise<Me | null> => {
      if (!hasSessionToken()) return null;
      try {
        return await api.request('/api/v1/users/me', { schema: loadSchema(sessionSchemas, 'meSchema'), signal });
      } catch (error) {
        if (error instanceof RequestError && (error.status === 401 || !hasSessionToken())) return null;
        throw error;
      }
    },
    staleTime: 30_000,
  });

/**
 * The guards' facts. Online they are checked against the server whenever the saved profile is
 * stale (an identity review may have moved on); when the server cannot be reached, the profile
 * saved on this device decides, so saved pages still open offline.
 */
export async function loadAccessFacts(queryClient: QueryClient) {
  if (!hasSessionToken()) return accessFactsFrom(null);
  const options = meQueryOptions();
  const saved = queryClient.getQueryData(options.queryKey);
  try {
    return accessFactsFrom(
      await queryClient.fetchQuery({ ...options, retry: saved === undefined ? shouldRetry : false }),
    );
  } catch (error) {
    // Unreachable, or asked to wait (429): the profile saved on this device decides meanwhile.
    if (
      saved !== undefined &&
      error instanceof RequestError &&
      (error.status === NETWORK_STATUS || waitAsked(error) > 0)
    ) {
      return accessFactsFrom(saved);
    }
    throw error;
  }
}

/**
 * Stores a freshly issued token and forgets what was known about the previous one, so the
 * guards read the new role and OTP state. Answers the profile as the new token sees it.
 */
export async function adoptAccessToken(queryClient: QueryClient, response: AccessTokenResponse): Promise<Me | null> {
  startSession(response.accessToken, new Date(response.expiresAt));
  queryClient.removeQueries({ queryKey: sessionKeys.all });
  return queryClient.fetchQuery(meQueryOptions());
}
