import { queryOptions } from '@tanstack/react-query';
import { authConfigSchema } from '../../domain/auth';
import { api } from '../../lib/api';

export const authKeys = { config: ['auth', 'config'] as const };

/** Which sign-in methods this server offers (the Google client id, when configured). */
export const authConfigQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.config,
    queryFn: ({ signal }) => api.request('/api/v1/auth/config', { schema: authConfigSchema, signal }),
    staleTime: 5 * 60_000,
  });
