import { queryOptions } from '@tanstack/react-query';
import { OTP_KEYS_CACHE_MS } from '../../domain/constants';
import { otpUrlSchema } from '../../domain/schemas';
import { api } from '../../lib/api';
import { t } from '../../lib/i18n';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const authSchemas = () => import('../../domain/auth');

export const otpKeys = { all: ['otp'] as const, keys: () => [...otpKeys.all, 'keys'] as const };

export interface OtpKeys {
  otpUrl: string;
  secretKey: string;
}

/** The otpauth URL must carry a secret; the key shown as text is that secret parameter. */
export function otpKeysFromUrl(url: string): OtpKeys {
  const parsed = otpUrlSchema.safeParse(url);
  // Shown on the setup screen as it is: the spec's text, in the reader's language.
  if (!parsed.success) throw new Error(t('validation.otpUrl'));
  return { otpUrl: parsed.data, secretKey: new URL(parsed.data).searchParams.get('secret')! };
}

/**
 * The generated keys, cached for 5 minutes (spec section 9) and never written to IndexedDB:
 * a secret must not outlive the tab that set it up.
 */
export const otpKeysQueryOptions = () =>
  queryOptions({
    queryKey: otpKeys.keys(),
    queryFn: async ({ signal }) =>
      otpKeysFromUrl(
        (
          await api.request('/api/v1/mfa/keys', {
            method: 'POST',
            schema: loadSchema(authSchemas, 'mfaKeysResponseSchema'),
            signal,
          })
        ).url,
      ),
    staleTime: OTP_KEYS_CACHE_MS,
    gcTime: OTP_KEYS_CACHE_MS,
    retry: false,
    meta: { persist: false },
  });
