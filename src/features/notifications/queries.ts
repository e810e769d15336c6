import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { NOTIFICATIONS_DEFAULT_LIMIT } from '../../domain/limits';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const notificationsSchemas = () => import('../../domain/notifications');

export const notificationKeys = {
  all: ['notifications'] as const,
  inbox: () => [...notificationKeys.all, 'inbox'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};

/** The inbox, newest first, a page at a time; persisted, so it opens offline as last seen. */
export const inboxQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.inbox(),
    queryFn: ({ pageParam, signal }) =>
      api.request('/api/v1/notifications', {
        query: { limit: NOTIFICATIONS_DEFAULT_LIMIT, before: pageParam },
        schema: loadSchema(notificationsSchemas, 'notificationPageSchema'),
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    staleTime: 15_000,
  });

/** The bell's count; refreshed now and then and whenever the worker shows a push. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/notifications/unread-count', {
        schema: loadSchema(notificationsSchemas, 'unreadCountSchema'),
        signal,
      }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/notifications/preferences', {
        schema: loadSchema(notificationsSchemas, 'notificationPreferencesSchema'),
        signal,
      }),
    staleTime: 60_000,
  });
