import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { tokenRoles, type TokenRole } from '../../../src/domain/auth';

const ISSUER = 'moa';
const AUDIENCE = 'moa-api';

const claimsSchema = z.object({
  sub: z.string().min(1),
  sid: z.string().min(1),
  role: z.enum(tokenRoles),
  exp: z.number(),
});
export type AccessClaims = z.infer<typeof claimsSchema>;

export async function signAccessToken(
  key: Uint8Array,
  claims: { userId: string; sessionId: string; role: TokenRole },
  now: Date,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key);
}

/** Null for anything but a well-formed, correctly signed, unexpired token of ours. */
export async function verifyAccessToken(key: Uint8Array, token: string, now: Date): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
    });
    const parsed = claimsSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
