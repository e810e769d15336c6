import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { challengeResponseSchema, type ChallengeResponse } from '../../domain/auth';
import { meSchema, type Me } from '../../domain/session';
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

/** What a caller may add to a mutation of this feature: its reactions, never the call itself. */
type Reactions<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>;

export const useUpdateName = (options: Reactions<Me, string> = {}) =>
  useMutation({ ...options, mutationFn: updateName });

export const useRequestEmailChange = (options: Reactions<ChallengeResponse, string> = {}) =>
  useMutation({ ...options, mutationFn: requestEmailChange });

export const useConfirmEmailChange = (options: Reactions<Me, { challengeId: string; code: string }> = {}) =>
  useMutation({ ...options, mutationFn: ({ challengeId, code }) => confirmEmailChange(challengeId, code) });

export const useSetBadgeHidden = (options: Reactions<Me, boolean> = {}) =>
  useMutation({ ...options, mutationFn: setBadgeHidden });

export const useSignOut = (options: Reactions<unknown, void> = {}) =>
  useMutation({ ...options, mutationFn: () => signOut() });

export const useSignOutEverywhere = (options: Reactions<unknown, void> = {}) =>
  useMutation({ ...options, mutationFn: () => signOutEverywhere() });
