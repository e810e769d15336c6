import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const authSchemas = () => import('../../domain/auth');

export const authKeys = { config: ['auth', 'config'] as const };

/** Which sign-in methods this server offers (the Google client id, when configured). */
export const authConfigQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.config,
    queryFn: ({ signal }) =>
      api.request('/api/v1/auth/config', { schema: loadSchema(authSchemas, 'authConfigSchema'), signal }),
    staleTime: 5 * 60_000,
  });
