import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../server/config';
import {
  isPublicAddress,
  PUSH_ADDRESS_REFUSED,
  pushEndpointProblem,
  type PushResolver,
} from '../../server/modules/notifications/push-endpoint';
import { createPushTransport } from '../../server/modules/notifications/push-transport';
import { ACCEPTED_ENDPOINTS, REFUSED_ENDPOINTS } from '../helpers/push-service';

describe('the push endpoint rule', () => {
  it('refuses anything but https on port 443 of a public host name, in every notation', () => {
    for (const endpoint of REFUSED_ENDPOINTS) expect(pushEndpointProblem(endpoint), endpoint).not.toBeNull();
    for (const endpoint of ACCEPTED_ENDPOINTS) expect(pushEndpointProblem(endpoint), endpoint).toBeNull();
  });

  it('lets PUSH_DEV_HOSTS name their own service, over http and on any port, and nothing else', () => {
    const dev = new Set(['127.0.0.1', '::1', 'push.dev.internal']);
    expect(pushEndpointProblem('http://127.0.0.1:4000/push/a', dev)).toBeNull();
    expect(pushEndpointProblem('https://[::1]:4000/push/a', dev)).toBeNull();
    expect(pushEndpointProblem('http://push.dev.internal:9000/a', dev)).toBeNull();
    expect(pushEndpointProblem('ftp://127.0.0.1/a', dev)).not.toBeNull();
    // Another notation is another host as far as the URL parser is concerned: still the same address.
    expect(pushEndpointProblem('http://0x7f000001:4000/a', dev)).toBeNull();
    expect(pushEndpointProblem('http://127.0.0.2:4000/a', dev)).not.toBeNull();
    expect(pushEndpointProblem('http://localhost:4000/a', dev)).not.toBeNull();
  });

  it('counts only the public internet as public', () => {
    const internal = [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '192.0.2.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'ff02::1',
      '2001:db8::1',
      '2002:7f00:1::1',
      '2001:0:4136:e378::1',
      'not an address',
    ];
    const external = ['8.8.8.8', '142.250.196.10', '172.32.0.1', '2607:f8b0:4004:c07::5f', '2a00:1450:4001::200e'];
    for (const address of internal) expect(isPublicAddress(address), address).toBe(false);
    for (const address of external) expect(isPublicAddress(address), address).toBe(true);
  });

  it('is refused in production, so no deployment can open it by accident', () => {
    expect(() => parseConfig({ NODE_ENV: 'production', PUSH_DEV_HOSTS: '127.0.0.1' })).toThrow(
      /^Invalid environment variable PUSH_DEV_HOSTS: not allowed when NODE_ENV is production/,
    );
    expect([
      ...parseConfig({ NODE_ENV: 'test', PUSH_DEV_HOSTS: ' 127.0.0.1, [::1] ,Push.Dev. ' }).pushDevHosts,
    ]).toEqual(['127.0.0.1', '::1', 'push.dev']);
    expect(parseConfig({ NODE_ENV: 'production' }).pushDevHosts.size).toBe(0);
    expect(parseConfig({}).pushDevHosts.size).toBe(0);
  });
});

describe('connecting to a push service', () => {
  // A listener on loopback that counts every connection made to it.
  let listener: net.Server;
  let port: number;
  let connections = 0;
  beforeAll(async () => {
    listener = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  /** A resolver standing in for DNS: names of public-looking domains that answer internal addresses. */
  const asked: string[] = [];
  const resolver: PushResolver = async (hostname) => {
    asked.push(hostname);
    const table: Record<string, Array<{ address: string; family: number }>> = {
      'rebind.push-service.net': [{ address: '127.0.0.1', family: 4 }],
      'mixed.push-service.net': [
        { address: '142.250.196.10', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
      'mapped.push-service.net': [{ address: '::ffff:127.0.0.1', family: 6 }],
    };
    const found = table[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found;
  };

  it('never connects to a name that resolves to an internal address: the lookup refuses it', async () => {
    const transport = createPushTransport({ timeoutMs: 2000, devHosts: new Set(), resolve: resolver });
    try {
      for (const name of ['rebind.push-service.net', 'mixed.push-service.net', 'mapped.push-service.net']) {
        for (const scheme of ['https', 'http']) {
          const refused = await transport.post(`${scheme}://${name}:${port}/push`, {}, Buffer.from('x')).then(
            () => null,
            (error: unknown) => error,
          );
          expect((refused as { code?: string }).code, `${scheme} ${name}`).toBe(PUSH_ADDRESS_REFUSED);
        }
      }
      // An address in the URL itself is not looked up, so it is checked before connecting.
      const literal = await transport.post(`http://127.0.0.1:${port}/push`, {}, undefined).then(
        () => null,
        (error: unknown) => error,
      );
      expect((literal as { code?: string }).code).toBe(PUSH_ADDRESS_REFUSED);
      expect(asked).toContain('rebind.push-service.net');
      expect(connections).toBe(0);
    } finally {
      transport.close();
    }
  });

  it('reaches the same listener when the name is a dev host, so the refusal above is what kept it away', async () => {
    const transport = createPushTransport({
      timeoutMs: 2000,
      devHosts: new Set(['rebind.push-service.net']),
      resolve: resolver,
    });
    try {
      const outcome = await transport.post(`http://rebind.push-service.net:${port}/push`, {}, undefined).then(
        () => 'answered',
        (error: unknown) => (error as { code?: string }).code,
      );
      // The listener hangs up without answering: the connection was made.
      expect(outcome).not.toBe(PUSH_ADDRESS_REFUSED);
      expect(connections).toBe(1);
    } finally {
      transport.close();
    }
  });
});
