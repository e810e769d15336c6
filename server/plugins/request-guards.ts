/**
 * A Host header as HTTP allows it: a name or IPv4 address, or a bracketed IPv6 address, with
 * an optional port. Nothing builds URLs from it (absolute URLs come from PUBLIC_URL), but a
 * request that cannot name its host is refused before any route reads it.
 */
const HOST_PATTERN =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

export function isValidHostHeader(host: string | undefined): boolean {
  return host !== undefined && host.length <= 260 && HOST_PATTERN.test(host);
}
