import { accessTokenResponseSchema, challengeResponseSchema, type AccessTokenResponse } from '../../domain/auth';
import { api } from '../../lib/api';

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
