import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const authSchemas = () => import('../../domain/auth');
const portfolioSchemas = () => import('../../domain/portfolio');

export const accountKeys = {
  all: ['account'] as const,
  activity: ['account', 'activity'] as const,
  badge: () => ['account', 'badge'] as const,
};

export const activityQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.activity,
    queryFn: ({ signal }) =>
      api.request('/api/v1/users/me/activities', { schema: loadSchema(authSchemas, 'activityListSchema'), signal }),
    staleTime: 15_000,
  });

/**
 * The highest community badge the investor's holdings reach, and whether they hide it. Saved on
 * the device like the rest of the account, so the name keeps its badge offline.
 */
export const badgeQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.badge(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/users/me/badge', { schema: loadSchema(portfolioSchemas, 'myBadgeResponseSchema'), signal }),
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
