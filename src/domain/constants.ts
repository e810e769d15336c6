/** Business constants of spec section 9, named once. */
export const REQUEST_TIMEOUT_MS = 10_000;
export const OTP_KEYS_CACHE_MS = 5 * 60_000;
export const DELAYED_RENDER_MS = 300;
export const TOOLTIP_DELAY_MS = 0;

export const queryDefaults = {
  retry: 3,
  maxRetryDelayMs: 30_000,
  gcTimeMs: 5 * 60_000,
} as const;

export const routerDefaults = {
  pendingMs: 1000,
  pendingMinMs: 500,
  preloadDelayMs: 50,
  gcTimeMs: 5 * 60_000,
} as const;

export const APP_NAME = 'Moa';
export const APP_TITLE = 'Moa: invest in tokenized K-culture real-world assets';
export const APP_DESCRIPTION =
  'Moa is a marketplace for tokenized real-world assets and culture-themed security tokens: K-pop music royalties, K-drama and film IP, Korean restaurants and food brands, hanwoo herds and craft.';

/** The cookie that carries the access token (src/lib/cookies.ts; the server reads it on safe requests). */
export const ACCESS_TOKEN_COOKIE = 'access_token';
