import { queryOptions } from '@tanstack/react-query';
import { activityListSchema } from '../../domain/auth';
import { api } from '../../lib/api';

export const accountKeys = { activity: ['account', 'activity'] as const };

export const activityQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.activity,
    queryFn: ({ signal }) => api.request('/api/v1/users/me/activities', { schema: activityListSchema, signal }),
    staleTime: 15_000,
  });
