import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';

/** Google issues ID tokens under both spellings of its issuer; users are keyed by one. */
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
export const GOOGLE_ISSUER = 'https://accounts.google.com';

const googleClaimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().email().optional(),
  // Older tokens carried the flag as a string.
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
  name: z.string().max(200).optional(),
});

export interface GoogleIdentity {
  subject: string;
  email: string | null;
  isEmailVerified: boolean;
  name: string | null;
}

export type GoogleVerifier = (credential: string, now: Date) => Promise<GoogleIdentity | null>;

/**
 * Verifies a Google ID token: RS256 signature against the published keys (fetched from the
 * configured address and cached by jose), issuer, audience and expiry. Null when any fails.
 */
export function createGoogleVerifier(options: { clientId: string; jwksUrl: string }): GoogleVerifier {
  const keys: JWTVerifyGetKey = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 });
  return async (credential, now) => {
    try {
      const { payload } = await jwtVerify(credential, keys, {
        algorithms: ['RS256'],
        issuer: GOOGLE_ISSUERS,
        audience: options.clientId,
        currentDate: now,
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      const claims = googleClaimsSchema.parse(payload);
      return {
        subject: claims.sub,
        email: claims.email?.toLowerCase() ?? null,
        isEmailVerified: claims.email_verified === true || claims.email_verified === 'true',
        name: claims.name?.trim().slice(0, 60) || null,
      };
    } catch {
      return null;
    }
  };
}
