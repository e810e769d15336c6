import { queryOptions } from '@tanstack/react-query';
import { activityListSchema, challengeResponseSchema } from '../../domain/auth';
import { meSchema } from '../../domain/session';
import { api } from '../../lib/api';

export const accountKeys = { activity: ['account', 'activity'] as const };

export const activityQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.activity,
    queryFn: ({ signal }) => api.request('/api/v1/users/me/activities', { schema: activityListSchema, signal }),
    staleTime: 15_000,
  });

export function updateName(name: string) {
  return api.request('/api/v1/users/me/names', { method: 'PUT', body: { name }, schema: meSchema });
}

export function requestEmailChange(email: string) {
  return api.request('/api/v1/users/me/emails', { method: 'PUT', body: { email }, schema: challengeResponseSchema });
}

export function confirmEmailChange(challengeId: string, code: string) {
  return api.request('/api/v1/users/me/emails/verify', {
    method: 'POST',
    body: { challengeId, code },
    schema: meSchema,
  });
}

export function setBadgeHidden(isHideBadge: boolean) {
  return api.request('/api/v1/users/me/badge/hide', { method: 'PUT', body: { isHideBadge }, schema: meSchema });
}

export function signOut() {
  return api.request('/api/v1/users/logout', { method: 'POST' });
}

export function signOutEverywhere() {
  return api.request('/api/v1/users/logout/all', { method: 'POST' });
}
