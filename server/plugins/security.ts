import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An API route that answers a page for people to read (HTML): it gets the page headers. */
    isDocument?: boolean;
  }
}

/**
 * Security headers for every answer. The policy allows exactly what the app needs: its own
 * scripts, styles (plus inline style attributes, which the toast and tooltip libraries set),
 * images from itself and data/blob URLs (QR codes, previews), its own worker and manifest.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'frame-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/**
 * What Google Identity Services needs when Google sign-in is configured: its script, its
 * button's stylesheet, and its iframe and calls, all under accounts.google.com/gsi/.
 */
export const googleSignInSources = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
};

/** Sumsub's WebSDK: its loader script, then the check itself in an iframe of its own domain. */
export const sumsubSources = {
  script: 'https://static.sumsub.com',
  frame: 'https://*.sumsub.com',
  connect: 'https://*.sumsub.com',
};

export function policyFor(options: { googleClientId?: string; isSumsub?: boolean }): Record<string, string[]> {
  const policy: Record<string, string[]> = { ...contentSecurityPolicy };
  const add = (directive: string, source: string) => {
    const current = (policy[directive] ?? []).filter((value) => value !== "'none'");
    policy[directive] = [...current, source];
  };
  if (options.googleClientId) {
    add('script-src', googleSignInSources.script);
    add('style-src', googleSignInSources.style);
    add('frame-src', googleSignInSources.frame);
    add('connect-src', googleSignInSources.connect);
  }
  if (options.isSumsub) {
    add('script-src', sumsubSources.script);
    add('frame-src', sumsubSources.frame);
    add('connect-src', sumsubSources.connect);
  }
  return policy;
}

export interface SecurityOptions {
  isProduction: boolean;
  googleClientId?: string;
  isSumsub?: boolean;
}

export const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=()';

function helmetOptionsFor(options: SecurityOptions): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...policyFor(options),
        // Plain-HTTP localhost must keep working for the embedded default.
        ...(options.isProduction ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // Cross-origin isolation headers would block the Google sign-in popup later.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: options.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/** How many times helmet worked out the list in this process: once per app, never per request. */
export let securityHeaderBuilds = 0;

/**
 * Every security header as a fixed list, worked out once from the options (helmet computes
 * them; nothing in them depends on the request). request-start.ts sets this list on every answer,
 * and the answers Fastify writes before any hook runs (a bad URL, an over-long path
 * parameter) and the raw socket answers to broken HTTP (oversized headers, an unknown method)
 * use it too: every answer carries them, even those.
 */
export function securityHeaderList(options: SecurityOptions): Record<string, string> {
  securityHeaderBuilds += 1;
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  helmet(helmetOptionsFor(options))({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  headers['Permissions-Policy'] = PERMISSIONS_POLICY;
  return headers;
}

/** The policy of an API answer: data, never a document, so it may load and be framed by nothing. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The headers of the page list that still mean something on an API answer, which no browser shows as a page. */
const KEPT_FOR_API = [
  'Cross-Origin-Resource-Policy',
  'Referrer-Policy',
  'Strict-Transport-Security',
  'X-Content-Type-Options',
];

/**
 * The security headers of an API answer, from the page list (securityHeaderList): a JSON answer
 * is never shown as a document (nosniff), so the headers that steer a document (what it may
 * load, its window, its features, old browsers' filters) only add bytes to every answer. What
 * stays: a policy that allows nothing and no framing, no framing in older browsers either,
 * nosniff, the resource policy (no other site reads it into its page), the referrer policy and,
 * in production, HSTS. See docs/decisions/1843-api-answers-carry-the-headers-that-apply.md.
 */
export function apiSecurityHeaderList(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': API_CONTENT_SECURITY_POLICY,
    'X-Frame-Options': 'DENY',
  };
  for (const name of KEPT_FOR_API) {
    const value = pageHeaders[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}
