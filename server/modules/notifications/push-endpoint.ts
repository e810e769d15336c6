import { promises as dns } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Which push endpoints the server subscribes and connects to. A push service is a public HTTPS
 * service named by a host name, so an endpoint is refused unless it is https on port 443 of a
 * public-looking host name; and when sending, the name is connected to only if every address
 * it resolves to is public. The first rule needs no network (subscribing works offline); the
 * second runs inside the connection itself, so a name that later resolves to an internal
 * address (DNS rebinding) is refused all the same.
 *
 * `devHosts` (PUSH_DEV_HOSTS, refused in production) names a push service of one's own for
 * tests and development: for those hosts alone http, any port and private addresses pass.
 */

/** Top-level names that never reach a public push service (RFC 2606, 6761, 6762, 8375 and common intranet use). */
const INTERNAL_SUFFIXES = [
  'localhost',
  'localdomain',
  'local',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'private',
  'test',
  'example',
  'invalid',
  'onion',
  'arpa',
];

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The host as the URL parser normalised it, without a final dot and without IPv6 brackets. */
function bareHost(url: URL): string {
  return url.hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[(.*)\]$/, '$1');
}

/**
 * Why an endpoint may not be subscribed or sent to, or null when it may. The URL is read by the
 * WHATWG parser, which writes every IPv4 notation (0x7f000001, 2130706433, 127.1, 0177.0.0.1,
 * full-width digits) as dotted decimal, so one check refuses them all.
 */
export function pushEndpointProblem(endpoint: string, devHosts: ReadonlySet<string> = new Set()): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  const host = bareHost(url);
  if (devHosts.has(host)) {
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'not an http(s) URL';
  }
  if (url.protocol !== 'https:') return 'not an https URL';
  if (url.username || url.password) return 'carries credentials';
  if (url.port !== '') return 'not on port 443';
  if (isIP(host) !== 0 || url.hostname.startsWith('[')) return 'an IP address, not a host name';
  const labels = host.split('.');
  if (labels.length < 2) return 'not a fully qualified host name';
  if (!labels.every((label) => LABEL.test(label))) return 'not a host name';
  const top = labels[labels.length - 1]!;
  if (!TOP_LABEL.test(top)) return 'not a public host name';
  if (INTERNAL_SUFFIXES.includes(top)) return 'an internal host name';
  return null;
}

// Addresses --------------------------------------------------------------------------------

/** IPv4 ranges that are not the public internet (RFC 6890 and its successors). */
const NON_PUBLIC_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

/**
 * IPv6 is public only inside global unicast (2000::/3), which leaves out loopback, unspecified,
 * IPv4-mapped and -translated, unique-local (fc00::/7), link-local (fe80::/10) and multicast;
 * within it these are not public either.
 */
const NON_PUBLIC_V6: Array<[string, number]> = [
  ['2001::', 23], // IETF protocol assignments, Teredo among them
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: carries an IPv4 address of any kind
  ['3fff::', 20], // documentation
];

const nonPublic = new BlockList();
for (const [network, prefix] of NON_PUBLIC_V4) nonPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of NON_PUBLIC_V6) nonPublic.addSubnet(network, prefix, 'ipv6');
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

/** Whether an address (as a resolver returns it) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, '');
  switch (isIP(bare)) {
    case 4:
      return !nonPublic.check(bare, 'ipv4');
    case 6:
      return globalUnicast.check(bare, 'ipv6') && !nonPublic.check(bare, 'ipv6');
    default:
      return false;
  }
}

// Resolving at connection time -------------------------------------------------------------

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address of a name; the system resolver unless a test gives its own. */
export type PushResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: PushResolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** The code of the error a connection to a non-public address fails with. */
export const PUSH_ADDRESS_REFUSED = 'PUSH_ADDRESS_REFUSED';

export class PushAddressRefusedError extends Error {
  readonly code = PUSH_ADDRESS_REFUSED;
  constructor(hostname: string) {
    super(`${hostname} resolves to an address that is not public; not connecting`);
    this.name = 'PushAddressRefusedError';
  }
}

/**
 * The `lookup` of the sockets the sender opens: it resolves the name and refuses the connection
 * when any address is not public (a name with one internal address is not a push service), so
 * the socket never connects there. The answer is the one connected to: nothing resolves twice.
 */
export function publicOnlyLookup(resolve: PushResolver, devHosts: ReadonlySet<string>): LookupFunction {
  return (hostname, options, callback) => {
    const reply = callback as (error: Error | null, address: string | ResolvedAddress[], family?: number) => void;
    const host = hostname.toLowerCase().replace(/\.$/, '');
    resolve(hostname).then(
      (found) => {
        if (!devHosts.has(host) && (found.length === 0 || found.some((item) => !isPublicAddress(item.address)))) {
          reply(new PushAddressRefusedError(hostname), '', 0);
          return;
        }
        const wanted = options.family ? found.filter((item) => item.family === options.family) : found;
        if (wanted.length === 0) {
          reply(Object.assign(new Error(`${hostname} has no address of the asked family`), { code: 'ENOTFOUND' }), '');
          return;
        }
        if (options.all) reply(null, wanted);
        else reply(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: unknown) => reply(error instanceof Error ? error : new Error(String(error)), '', 0),
    );
  };
}
