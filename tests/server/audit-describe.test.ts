import { describe, expect, it } from 'vitest';
import { approximateOrigin, describeDevice } from '../../server/modules/audit/describe';

describe('how audit events show their origin', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36', 'Chrome on Android'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36 Edg/130.0',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0', 'Firefox on Linux'],
    ['curl/8.5.0', 'curl'],
    ['', 'Unknown device'],
  ])('%s -> %s', (agent, label) => {
    expect(describeDevice(agent)).toBe(label);
  });

  it.each([
    ['203.0.113.77', '203.0.113.x network'],
    ['::ffff:198.51.100.4', '198.51.100.x network'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::/48 network'],
    ['::1', 'This computer'],
    ['garbage', 'Unknown network'],
  ])('%s -> %s', (ip, origin) => {
    expect(approximateOrigin(ip)).toBe(origin);
  });
});

describe('the same descriptions for a Korean reader', () => {
  it('names devices and networks in Korean, browser and system names as they are', () => {
    expect(describeDevice('', 'ko')).toBe('알 수 없는 기기');
    expect(
      describeDevice('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36', 'ko'),
    ).toBe('Android의 Chrome');
    expect(describeDevice('curl/8.5.0', 'ko')).toBe('curl');
    expect(approximateOrigin('203.0.113.77', 'ko')).toBe('203.0.113.x 네트워크');
    expect(approximateOrigin('::1', 'ko')).toBe('이 컴퓨터');
    expect(approximateOrigin('garbage', 'ko')).toBe('알 수 없는 네트워크');
  });
});
