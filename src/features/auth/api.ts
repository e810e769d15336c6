import { queryOptions } from '@tanstack/react-query';
import {
  accessTokenResponseSchema,
  authConfigSchema,
  challengeResponseSchema,
  type AccessTokenResponse,
} from '../../domain/auth';
import { api } from '../../lib/api';

export const authKeys = { config: ['auth', 'config'] as const };

/** Which sign-in methods this server offers (the Google client id, when configured). */
export const authConfigQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.config,
    queryFn: ({ signal }) => api.request('/api/v1/auth/config', { schema: authConfigSchema, signal }),
    staleTime: 5 * 60_000,
  });

export function requestEmailCode(email: string) {
  return api.request('/api/v1/auth/email/code', { method: 'POST', body: { email }, schema: challengeResponseSchema });
}

export function verifyEmailCode(challengeId: string, code: string): Promise<AccessTokenResponse> {
  return api.request('/api/v1/auth/email/verify', {
    method: 'POST',
    body: { challengeId, code },
    schema: accessTokenResponseSchema,
  });
}

export function signInWithGoogle(credential: string): Promise<AccessTokenResponse> {
  return api.request('/api/v1/auth/google', {
    method: 'POST',
    body: { credential },
    schema: accessTokenResponseSchema,
  });
}
