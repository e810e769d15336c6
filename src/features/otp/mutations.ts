import {
  accessTokenResponseSchema,
  mfaSetupResponseSchema,
  recoveryCodesResponseSchema,
  type MfaVerifyRequest,
} from '../../domain/auth';
import { api } from '../../lib/api';

export function confirmOtpSetup(code: string) {
  return api.request('/api/v1/mfa', { method: 'POST', body: { code }, schema: mfaSetupResponseSchema });
}

export function verifyOtp(request: MfaVerifyRequest) {
  return api.request('/api/v1/mfa/verify', { method: 'POST', body: request, schema: accessTokenResponseSchema });
}

export function regenerateRecoveryCodes(code: string) {
  return api.request('/api/v1/mfa/recovery-codes', {
    method: 'POST',
    body: { code },
    schema: recoveryCodesResponseSchema,
  });
}
