/**
 * A canonical link for a route's `head`: pages reachable at two addresses (the legal pairs)
 * name one, so search engines and shared links agree on it.
 */
export function canonicalLink(path: string) {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return { rel: 'canonical', href: `${origin}${path}` };
}
