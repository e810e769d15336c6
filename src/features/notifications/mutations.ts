import type { QueryClient } from '@tanstack/react-query';
import {
  notificationPreferencesSchema,
  unreadCountSchema,
  type UpdatePreferenceRequest,
} from '../../domain/notifications';
import { api } from '../../lib/api';
import { notificationKeys } from './queries';

export function markNotificationRead(id: number) {
  return api.request(`/api/v1/notifications/${id}/read`, { method: 'POST', schema: unreadCountSchema });
}

export function markAllNotificationsRead() {
  return api.request('/api/v1/notifications/read-all', { method: 'POST', schema: unreadCountSchema });
}

export function updatePreference(request: UpdatePreferenceRequest) {
  return api.request('/api/v1/notifications/preferences', {
    method: 'PUT',
    body: request,
    schema: notificationPreferencesSchema,
  });
}

/** After anything that changes what is read: the bell and the inbox ask again. */
export function refreshInbox(queryClient: QueryClient, unreadCount?: number): Promise<void> {
  if (unreadCount !== undefined) queryClient.setQueryData(notificationKeys.unread(), { unreadCount });
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}
