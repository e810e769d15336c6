import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChallengeResponse } from '../../domain/auth';
import type { MyBadgeResponse } from '../../domain/portfolio';
import type { Language, LanguageResponse } from '../../domain/language';
import type { Me } from '../../domain/session';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';
import type { Reactions } from '../../lib/reactions';
import { signOutWith } from '../../lib/session';
import { saveLanguage } from './language';
import { accountKeys } from './queries';

// The response schemas load with the first response that needs them, not with the page.
const sessionSchemas = () => import('../../domain/session');
const authSchemas = () => import('../../domain/auth');

export function updateName(name: string) {
  return api.request('/api/v1/users/me/names', {
    method: 'PUT',
    body: { name },
    schema: loadSchema(sessionSchemas, 'meSchema'),
  });
}

export function requestEmailChange(email: string) {
  return api.request('/api/v1/users/me/emails', {
    method: 'PUT',
    body: { email },
    schema: loadSchema(authSchemas, 'challengeResponseSchema'),
  });
}

export function confirmEmailChange(challengeId: string, code: string) {
  return api.request('/api/v1/users/me/emails/verify', {
    method: 'POST',
    body: { challengeId, code },
    schema: loadSchema(sessionSchemas, 'meSchema'),
  });
}

export function setBadgeHidden(isHideBadge: boolean) {
  return api.request('/api/v1/users/me/badge/hide', {
    method: 'PUT',
    body: { isHideBadge },
    schema: loadSchema(sessionSchemas, 'meSchema'),
  });
}

// Kept apart so that the header's language switch does not bring every account mutation.
export { saveLanguage };

/** Ends this session on the server; other calls asked for meanwhile wait for it (src/lib/session.ts). */
export function signOut() {
  return signOutWith(() => api.request('/api/v1/users/logout', { method: 'POST', endsSession: true }));
}

function signOutEverywhere() {
  return signOutWith(() => api.request('/api/v1/users/logout/all', { method: 'POST', endsSession: true }));
}

/** Reads under way are called off first, so none reaches the server after the session ended. */
function useEndSession(end: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.cancelQueries();
    return end();
  };
}

/** Every change of the account is in its Activity (the audit journal): it is read afresh next. */
function useAfterAccountChange() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountKeys.activity });
}

export function useUpdateName(options: Reactions<Me, string> = {}) {
  const changed = useAfterAccountChange();
  return useMutation({
    ...options,
    mutationFn: updateName,
    onSuccess: (me, ...rest) => {
      void changed();
      return options.onSuccess?.(me, ...rest);
    },
  });
}

export const useRequestEmailChange = (options: Reactions<ChallengeResponse, string> = {}) =>
  useMutation({ ...options, mutationFn: requestEmailChange });

export function useConfirmEmailChange(options: Reactions<Me, { challengeId: string; code: string }> = {}) {
  const changed = useAfterAccountChange();
  return useMutation({
    ...options,
    mutationFn: ({ challengeId, code }) => confirmEmailChange(challengeId, code),
    onSuccess: (me, ...rest) => {
      void changed();
      return options.onSuccess?.(me, ...rest);
    },
  });
}

/** Hides or shows the badge beside the investor's name; the saved badge follows at once. */
export function useSetBadgeHidden(options: Reactions<Me, boolean> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: setBadgeHidden,
    onSuccess: (me, ...rest) => {
      queryClient.setQueryData<MyBadgeResponse>(accountKeys.badge(), (old) =>
        old ? { ...old, isHideBadge: me.userPayload.isHideBadge } : old,
      );
      void queryClient.invalidateQueries({ queryKey: accountKeys.badge() });
      void queryClient.invalidateQueries({ queryKey: accountKeys.activity });
      return options.onSuccess?.(me, ...rest);
    },
  });
}

export const useSaveLanguage = (options: Reactions<LanguageResponse, Language> = {}) =>
  useMutation({ ...options, mutationFn: saveLanguage });

/**
 * Ends this session on the server. Tried even offline (it then fails at once), so the caller's
 * onSettled can always end the session on this device.
 */
export function useSignOut(options: Reactions<unknown, void> = {}) {
  const mutationFn = useEndSession(signOut);
  return useMutation({ networkMode: 'always', ...options, mutationFn });
}

export function useSignOutEverywhere(options: Reactions<unknown, void> = {}) {
  const mutationFn = useEndSession(signOutEverywhere);
  return useMutation({ ...options, mutationFn });
}
