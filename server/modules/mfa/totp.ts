import { HOTP, Secret, TOTP } from 'otpauth';
import { safeEqual } from '../../crypto';

export const TOTP_PERIOD_SECONDS = 30;
/** 20 bytes: the 160 bits RFC 4226 recommends. */
const SECRET_BYTES = 20;

export function generateTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

export function totpStepAt(timestampMs: number): number {
  return Math.floor(timestampMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The RFC 6238 code of one time step (HMAC-SHA1 unless told otherwise). */
export function totpCodeForStep(
  secretBase32: string,
  step: number,
  options: { digits?: number; algorithm?: 'SHA1' | 'SHA256' | 'SHA512' } = {},
): string {
  return HOTP.generate({
    secret: Secret.fromBase32(secretBase32),
    counter: step,
    digits: options.digits ?? 6,
    algorithm: options.algorithm ?? 'SHA1',
  });
}

/**
 * The time step a code belongs to, looking only at the current and the previous step (a code
 * typed just as it rolled over still works; nothing older or from the future does).
 * `testPastSteps` (TOTP_TEST_PAST_STEPS, which only a test server accepts) looks that many
 * steps further back.
 */
export function matchTotpStep(secretBase32: string, code: string, now: Date, testPastSteps = 0): number | null {
  const current = totpStepAt(now.getTime());
  for (let step = current; step >= current - 1 - testPastSteps; step -= 1) {
    if (safeEqual(totpCodeForStep(secretBase32, step), code)) return step;
  }
  return null;
}

export function totpUrl(secretBase32: string, options: { issuer: string; label: string }): string {
  return new TOTP({
    issuer: options.issuer,
    label: options.label,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}
