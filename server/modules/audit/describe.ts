import { isIPv4, isIPv6 } from 'node:net';
import type { Language } from '../../../src/domain/language-tags';
import { activityText } from '../../i18n/activity';

/**
 * How an audit event's origin is shown to the user: a short device label from the user agent
 * and the network the request came from, never the full address. There is no location
 * database in a fresh install, so the network prefix is the honest "approximate origin".
 */
export function describeDevice(userAgent: string, language: Language = 'en'): string {
  const text = activityText(language);
  if (!userAgent) return text.unknownDevice;
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
  if (browser && system) return text.browserOn(browser, system);
  if (browser ?? system) return (browser ?? system)!;
  return userAgent.split(/[\s/]/)[0]?.slice(0, 40) || text.unknownDevice;
}

export function approximateOrigin(ip: string, language: Language = 'en'): string {
  const text = activityText(language);
  const address = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(address)) return text.network(`${address.split('.').slice(0, 3).join('.')}.x`);
  if (isIPv6(address)) {
    if (address === '::1') return text.thisComputer;
    const groups = address.split('::')[0]!.split(':').filter(Boolean).slice(0, 3);
    return text.network(`${groups.join(':')}::/48`);
  }
  return text.unknownNetwork;
}
