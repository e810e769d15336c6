import { useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { NotificationPreferences, UpdatePreferenceRequest } from '../../domain/notifications';
import { api } from '../../lib/api';
import { notificationKeys } from './queries';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const notificationsSchemas = () => import('../../domain/notifications');

export function markNotificationRead(id: number) {
  return api.request(`/api/v1/notifications/${id}/read`, {
    method: 'POST',
    schema: loadSchema(notificationsSchemas, 'unreadCountSchema'),
  });
}

export function markAllNotificationsRead() {
  return api.request('/api/v1/notifications/read-all', {
    method: 'POST',
    schema: loadSchema(notificationsSchemas, 'unreadCountSchema'),
  });
}

export function updatePreference(request: UpdatePreferenceRequest) {
  return api.request('/api/v1/notifications/preferences', {
    method: 'PUT',
    body: request,
    schema: loadSchema(notificationsSchemas, 'notificationPreferencesSchema'),
  });
}

/** After anything that changes what is read: the bell and the inbox ask again. */
export function refreshInbox(queryClient: QueryClient, unreadCount?: number): Promise<void> {
  if (unreadCount !== undefined) queryClient.setQueryData(notificationKeys.unread(), { unreadCount });
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

/** One notification read (opening it); the bell and the inbox follow. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (result) => refreshInbox(queryClient, result.unreadCount),
  });
}

/** Every notification read at once; the bell and the inbox follow. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markAllNotificationsRead(),
    onSuccess: (result) => refreshInbox(queryClient, result.unreadCount),
  });
}

/** What the settings page may add: how it tells the investor the choice was saved or refused. */
type Reactions = Pick<
  UseMutationOptions<NotificationPreferences, Error, UpdatePreferenceRequest>,
  'onSuccess' | 'onError'
>;

/**
 * A preference saved. The switch moves at once (the cached preferences take the choice); the
 * server's answer replaces the guess, and a refusal puts the previous choices back.
 */
export function useUpdatePreference(reactions: Reactions = {}) {
  const queryClient = useQueryClient();
  return useMutation<
    NotificationPreferences,
    Error,
    UpdatePreferenceRequest,
    { previous: NotificationPreferences | undefined }
  >({
    mutationFn: updatePreference,
    onMutate: async (request) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.preferences() });
      const previous = queryClient.getQueryData<NotificationPreferences>(notificationKeys.preferences());
      queryClient.setQueryData(notificationKeys.preferences(), (current?: NotificationPreferences) =>
        current ? applyChoice(current, request) : current,
      );
      return { previous };
    },
    onSuccess: (preferences, request, context, mutation) => {
      queryClient.setQueryData(notificationKeys.preferences(), preferences);
      reactions.onSuccess?.(preferences, request, context, mutation);
    },
    onError: (error, request, context, mutation) => {
      queryClient.setQueryData(notificationKeys.preferences(), context?.previous);
      reactions.onError?.(error, request, context, mutation);
    },
  });
}

/** The preferences with one choice applied, as the server will answer if it accepts it. */
export function applyChoice(
  current: NotificationPreferences,
  request: UpdatePreferenceRequest,
): NotificationPreferences {
  if (request.productId === undefined) {
    return {
      ...current,
      types: current.types.map((item) =>
        item.type === request.type ? { ...item, isEnabled: request.isEnabled } : item,
      ),
    };
  }
  return {
    ...current,
    projects: current.projects.map((project) =>
      project.productId === request.productId
        ? {
            ...project,
            types: project.types.map((item) =>
              item.type === request.type ? { ...item, isEnabled: request.isEnabled } : item,
            ),
          }
        : project,
    ),
  };
}
