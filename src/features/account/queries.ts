import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

// The header shows the badge on any page: these load with the first request that needs them,
// not with the app (see ResponseSchema in src/lib/api-client.ts).
const activityListSchema = () => import('../../domain/auth').then((module) => module.activityListSchema);
const myBadgeResponseSchema = () => import('../../domain/portfolio').then((module) => module.myBadgeResponseSchema);

export const accountKeys = {
  all: ['account'] as const,
  activity: ['account', 'activity'] as const,
  badge: () => ['account', 'badge'] as const,
};

export const activityQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.activity,
    queryFn: ({ signal }) => api.request('/api/v1/users/me/activities', { schema: activityListSchema, signal }),
    staleTime: 15_000,
  });

/**
 * The highest community badge the investor's holdings reach, and whether they hide it. Saved on
 * the device like the rest of the account, so the name keeps its badge offline.
 */
export const badgeQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.badge(),
    queryFn: ({ signal }) => api.request('/api/v1/users/me/badge', { schema: myBadgeResponseSchema, signal }),
    staleTime: 60_000,
  });

/**
 * The badge to show beside the investor's name: null while unknown, when none is reached or when
 * the investor hides it. `enabled` is false where the second factor may not be passed yet.
 */
export function useShownBadge(enabled = true) {
  const { data } = useQuery({ ...badgeQueryOptions(), enabled });
  return data && !data.isHideBadge ? data.badge : null;
}
