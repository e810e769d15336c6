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

/** How many verified tokens a key's verifier remembers (about 0.5 KB each); the oldest go first. */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * A signing key's verifier: the key imported into WebCrypto once (jose imports a raw key again
 * on every call otherwise), and the tokens whose signature and claims it has already checked.
 * A token is a fixed string: once its signature is verified, the same string verifies the same
 * way every time, so only its expiry is checked again (against each request's time). Whether
 * the session behind it is still live is never remembered: every request reads the session.
 */
interface Verifier {
  key: Promise<CryptoKey>;
  verified: Map<string, AccessClaims>;
}
const verifiers = new WeakMap<Uint8Array, Verifier>();

/** Signature checks done in this process (tests check that a known token is not checked again). */
export const tokenChecks = { signatures: 0 };

function verifierOf(key: Uint8Array): Verifier {
  let verifier = verifiers.get(key);
  if (!verifier) {
    verifier = {
      key: crypto.subtle.importKey('raw', new Uint8Array(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']),
      verified: new Map(),
    };
    verifiers.set(key, verifier);
  }
  return verifier;
}

/** jose's rule: a token is expired from its `exp` second on. */
const isLive = (claims: AccessClaims, now: Date) => claims.exp > Math.floor(now.getTime() / 1000);

/** Null for anything but a well-formed, correctly signed, unexpired token of ours. */
export async function verifyAccessToken(key: Uint8Array, token: string, now: Date): Promise<AccessClaims | null> {
  const verifier = verifierOf(key);
  const known = verifier.verified.get(token);
  if (known) {
    if (isLive(known, now)) return known;
    verifier.verified.delete(token);
    return null;
  }
  let claims: AccessClaims;
  try {
    tokenChecks.signatures += 1;
    const { payload } = await jwtVerify(token, await verifier.key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
    });
    const parsed = claimsSchema.safeParse(payload);
    if (!parsed.success) return null;
    claims = Object.freeze(parsed.data);
  } catch {
    return null;
  }
  verifier.verified.set(token, claims);
  if (verifier.verified.size > VERIFIED_TOKENS_KEPT) verifier.verified.delete(verifier.verified.keys().next().value!);
  return claims;
}
