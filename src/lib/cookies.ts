/**
 * The access token lives in the `access_token` cookie (secure, path /, expiry from the
 * token) as the spec says. The cookie is readable by script on purpose: the client sends
 * it as a Bearer header, and the server accepts it as a cookie only on safe GET requests.
 */
import { ACCESS_TOKEN_COOKIE } from '../domain/constants';

export { ACCESS_TOKEN_COOKIE };

/**
 * Where the server's renderer (src/prerender.tsx) reads cookies from, one page at a time: the
 * visitor's session cookie, the only one it is given. There is no document there.
 */
let serverCookies = '';

export function setServerCookies(cookies: string): void {
  serverCookies = cookies;
}

export function readCookie(
  name: string,
  source: string = typeof document === 'undefined' ? serverCookies : document.cookie,
): string | null {
  for (const part of source.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return null;
}

export function writeCookie(name: string, value: string, expiresAt: Date): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Expires=${expiresAt.toUTCString()}; Secure; SameSite=Lax`;
}

export function clearCookie(name: string): void {
  // On the server, the session ended while its page rendered (the only cookie there).
  if (typeof document === 'undefined') serverCookies = '';
  else document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure; SameSite=Lax`;
}

export const getAccessToken = (): string | null => readCookie(ACCESS_TOKEN_COOKIE);
export const setAccessToken = (token: string, expiresAt: Date): void =>
  writeCookie(ACCESS_TOKEN_COOKIE, token, expiresAt);
export const clearAccessToken = (): void => clearCookie(ACCESS_TOKEN_COOKIE);
