/**
 * Every page address the app has: the client route tree's full paths (src/routeTree.gen.ts),
 * `$name` standing for one segment. The server answers any other page address with the app
 * shell and status 404 (the client renders its not-found page); tests/server/page-paths.test.ts
 * fails when this list and the route tree differ, so the two cannot drift apart.
 */
export const pagePaths = [
  '/',
  '/faq',
  '/health-check',
  '/landing',
  '/account',
  '/about/$product',
  '/about/infrastructure',
  '/auth/signin',
  '/blog/$urlTitle',
  '/legal/privacy-policy',
  '/legal/terms-of-service',
  '/blog/',
  '/contact-us/',
  '/disclaimers/',
  '/privacy-policy/',
  '/projects/',
  '/terms-of-service/',
  '/account/account-activity',
  '/account/account-settings',
  '/account/address-book',
  '/account/balance',
  '/account/bank-details',
  '/account/documents',
  '/account/market',
  '/account/notification-settings',
  '/account/notifications',
  '/account/overview',
  '/invest/complete',
  '/projects/$productId',
  '/white-list/$productId',
  '/auth/otp/intro',
  '/auth/otp/setup',
  '/auth/otp/verify',
  '/claim-gift/',
  '/invest/',
  '/account/orders/$orderId',
  '/governance/agenda/$productId',
  '/governance/proposal/$productId',
  '/auth/verify/identity/success',
  '/auth/verify/investor/success',
  '/account/orders/',
  '/auth/verify/identity/',
  '/auth/verify/investor/',
  '/governance/community/$productId/$threadId',
  '/governance/notice/$productId/$noticeId',
  '/governance/community/$productId/',
  '/governance/notice/$productId/',
  '/operator/$',
] as const;

/**
 * Old addresses of pages that have one address now: the server answers them with a permanent
 * redirect (301), and their client routes redirect too (an installed app, a link in the app).
 */
export const movedPages: Readonly<Record<string, string>> = {
  '/legal/privacy-policy': '/privacy-policy/',
  '/legal/terms-of-service': '/terms-of-service/',
};

/** Where a moved page lives now (a trailing slash is the same address), or null. */
export function movedPageOf(urlPath: string): string | null {
  return movedPages[urlPath.replace(/(.)\/$/, '$1')] ?? null;
}

/** `$name` is one segment; a bare `$` at the end (a splat, as the operator console's) is any rest. */
const patterns = pagePaths.map((page) =>
  page.endsWith('/$')
    ? new RegExp(`^${page.slice(0, -2)}(?:/.*)?$`)
    : new RegExp(`^${page.replace(/\/$/, '').replace(/\$[A-Za-z]+/g, '[^/]+')}/?$`),
);

/** Whether a path (no query) is one of the app's pages; a trailing slash is the same page. */
export function isPagePath(urlPath: string): boolean {
  return urlPath === '/' || patterns.some((pattern) => pattern.test(urlPath));
}
