import { challengeResponseSchema } from '../../domain/auth';
import { meSchema } from '../../domain/session';
import { api } from '../../lib/api';

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
