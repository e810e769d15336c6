import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccessTokenResponse, MfaSetupResponse, MfaVerifyRequest } from '../../domain/auth';
import { api } from '../../lib/api';
import type { Reactions } from '../../lib/reactions';
import { otpKeys } from './queries';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const authSchemas = () => import('../../domain/auth');

export function confirmOtpSetup(code: string) {
  return api.request('/api/v1/mfa', {
    method: 'POST',
    body: { code },
    schema: loadSchema(authSchemas, 'mfaSetupResponseSchema'),
  });
}

export function verifyOtp(request: MfaVerifyRequest) {
  return api.request('/api/v1/mfa/verify', {
    method: 'POST',
    body: request,
    schema: loadSchema(authSchemas, 'accessTokenResponseSchema'),
  });
}

export function regenerateRecoveryCodes(code: string) {
  return api.request('/api/v1/mfa/recovery-codes', {
    method: 'POST',
    body: { code },
    schema: loadSchema(authSchemas, 'recoveryCodesResponseSchema'),
  });
}

/** Turns on two-step sign-in with a first code; the set-up keys are forgotten at once. */
export function useConfirmOtpSetup(options: Reactions<MfaSetupResponse, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: confirmOtpSetup,
    onSuccess: (response, ...rest) => {
      queryClient.removeQueries({ queryKey: otpKeys.all });
      return options.onSuccess?.(response, ...rest);
    },
  });
}

/** Passes the second factor with a code or a recovery code; answers the upgraded token (the caller adopts it). */
export const useVerifyOtp = (options: Reactions<AccessTokenResponse, MfaVerifyRequest> = {}) =>
  useMutation({ ...options, mutationFn: verifyOtp });

export const useRegenerateRecoveryCodes = (
  options: Reactions<Awaited<ReturnType<typeof regenerateRecoveryCodes>>, string> = {},
) => useMutation({ ...options, mutationFn: regenerateRecoveryCodes });
