import { useMutation } from '@tanstack/react-query';
import type { AccessTokenResponse, ChallengeResponse } from '../../domain/auth';
import { api } from '../../lib/api';
import type { Reactions } from '../../lib/reactions';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const authSchemas = () => import('../../domain/auth');

export function requestEmailCode(email: string) {
  return api.request('/api/v1/auth/email/code', {
    method: 'POST',
    body: { email },
    schema: loadSchema(authSchemas, 'challengeResponseSchema'),
  });
}

export function verifyEmailCode(challengeId: string, code: string): Promise<AccessTokenResponse> {
  return api.request('/api/v1/auth/email/verify', {
    method: 'POST',
    body: { challengeId, code },
    schema: loadSchema(authSchemas, 'accessTokenResponseSchema'),
  });
}

export function signInWithGoogle(credential: string): Promise<AccessTokenResponse> {
  return api.request('/api/v1/auth/google', {
    method: 'POST',
    body: { credential },
    schema: loadSchema(authSchemas, 'accessTokenResponseSchema'),
  });
}

/** Sends a sign-in code to an address; answers the challenge the code belongs to. */
export const useRequestEmailCode = (options: Reactions<ChallengeResponse, string> = {}) =>
  useMutation({ ...options, mutationFn: requestEmailCode });

/** Exchanges the code for a session token (the caller adopts it). */
export const useVerifyEmailCode = (
  options: Reactions<AccessTokenResponse, { challengeId: string; code: string }> = {},
) => useMutation({ ...options, mutationFn: ({ challengeId, code }) => verifyEmailCode(challengeId, code) });

export const useSignInWithGoogle = (options: Reactions<AccessTokenResponse, string> = {}) =>
  useMutation({ ...options, mutationFn: signInWithGoogle });
