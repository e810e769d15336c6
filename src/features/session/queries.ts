import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { accessFactsFrom, meAccessSchema, type MeAccess } from '../../domain/session';
import { api } from '../../lib/api';
import { hasSessionToken } from '../../lib/session';
import { RequestError } from '../../lib/request-error';

export const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
};

/**
 * The signed-in user's access facts. Without a token there is no session and no request.
 * A profile that cannot be read (no such endpoint yet, or a 4xx) also means no session.
 */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: async ({ signal }): Promise<MeAccess | null> => {
      if (!hasSessionToken()) return null;
      try {
        return await api.request('/api/v1/users/me', { schema: meAccessSchema, signal });
      } catch (error) {
        if (error instanceof RequestError && error.status >= 400 && error.status < 500) return null;
        throw error;
      }
    },
    staleTime: 30_000,
  });

export async function loadAccessFacts(queryClient: QueryClient) {
  if (!hasSessionToken()) return accessFactsFrom(null);
  return accessFactsFrom(await queryClient.ensureQueryData(meQueryOptions()));
}
