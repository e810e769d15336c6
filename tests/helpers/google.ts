import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export const GOOGLE_TEST_CLIENT_ID = 'moa-test-client.apps.googleusercontent.com';

/** A stand-in for Google's key endpoint: serves one RS256 public key and signs tokens with it. */
export async function startGoogleKeyServer() {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  async function sign(
    claims: JWTPayload & { email?: string; email_verified?: boolean | string; name?: string },
    options: { key?: CryptoKey; nowSeconds?: number; expiresInSeconds?: number } = {},
  ): Promise<string> {
    const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
    return new SignJWT({ iss: 'https://accounts.google.com', aud: GOOGLE_TEST_CLIENT_ID, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + (options.expiresInSeconds ?? 3600))
      .sign(options.key ?? privateKey);
  }

  /** An unsigned token (`alg: none`) with the same claims a valid one would carry. */
  function unsigned(claims: JWTPayload): string {
    const now = Math.floor(Date.now() / 1000);
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${encode({ alg: 'none', typ: 'JWT', kid: 'test-key-1' })}.${encode({
      iss: 'https://accounts.google.com',
      aud: GOOGLE_TEST_CLIENT_ID,
      iat: now,
      exp: now + 3600,
      ...claims,
    })}.`;
  }

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    sign,
    unsigned,
    otherKey: other.privateKey,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
