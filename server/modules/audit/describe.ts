import { isIPv4, isIPv6 } from 'node:net';

/**
 * How an audit event's origin is shown to the user: a short device label from the user agent
 * and the network the request came from, never the full address. There is no location
 * database in a fresh install, so the network prefix is the honest "approximate origin".
 */
export function describeDevice(userAgent: string): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /SamsungBrowser\//.test(userAgent)
        ? 'Samsung Internet'
        : /Firefox\//.test(userAgent)
          ? 'Firefox'
          : /Chrom(e|ium)\//.test(userAgent)
            ? 'Chrome'
            : /Safari\//.test(userAgent)
              ? 'Safari'
              : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Mac OS X|Macintosh/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : null;
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system)!;
  return userAgent.split(/[\s/]/)[0]?.slice(0, 40) || 'Unknown device';
}

export function approximateOrigin(ip: string): string {
  const address = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.x network`;
  if (isIPv6(address)) {
    if (address === '::1') return 'This computer';
    const groups = address.split('::')[0]!.split(':').filter(Boolean).slice(0, 3);
    return `${groups.join(':')}::/48 network`;
  }
  return 'Unknown network';
}
