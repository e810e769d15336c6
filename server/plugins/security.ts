import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

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

async function securityPlugin(
  app: FastifyInstance,
  options: { isProduction: boolean; googleClientId?: string; isSumsub?: boolean },
): Promise<void> {
  await app.register(helmet, {
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
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=(), payment=()');
  });
}

export default fp(securityPlugin, { name: 'security' });
