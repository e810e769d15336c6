import { describe, expect, it } from 'vitest';
import { decryptText, deriveDataKeys, encryptText, randomDigits } from '../../server/crypto';
import { generateTotpSecret, matchTotpStep, totpCodeForStep, totpStepAt, totpUrl } from '../../server/modules/mfa/totp';
import { base32Of } from '../helpers/base32';

// RFC 6238 appendix B: the SHA-1 seed is the ASCII string "12345678901234567890".
const rfcSeed = base32Of(Buffer.from('12345678901234567890', 'ascii'));
const vectors: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(vectors)('at T=%i s the 8-digit SHA-1 code is %s', (seconds, expected) => {
    expect(totpCodeForStep(rfcSeed, totpStepAt(seconds * 1000), { digits: 8 })).toBe(expected);
  });

  it.each(vectors)('the 6-digit code at T=%i s is the last six digits of the vector', (seconds, expected) => {
    const code = expected.slice(-6);
    expect(totpCodeForStep(rfcSeed, totpStepAt(seconds * 1000))).toBe(code);
    expect(matchTotpStep(rfcSeed, code, new Date(seconds * 1000))).toBe(totpStepAt(seconds * 1000));
  });

  it('accepts the current and the previous step only', () => {
    const now = new Date(1_800_000_015_000);
    const step = totpStepAt(now.getTime());
    expect(matchTotpStep(rfcSeed, totpCodeForStep(rfcSeed, step), now)).toBe(step);
    expect(matchTotpStep(rfcSeed, totpCodeForStep(rfcSeed, step - 1), now)).toBe(step - 1);
    expect(matchTotpStep(rfcSeed, totpCodeForStep(rfcSeed, step - 2), now)).toBeNull();
    expect(matchTotpStep(rfcSeed, totpCodeForStep(rfcSeed, step + 1), now)).toBeNull();
  });

  it('looks further back only by the steps a test server is given', () => {
    const now = new Date(1_800_000_015_000);
    const step = totpStepAt(now.getTime());
    expect(matchTotpStep(rfcSeed, totpCodeForStep(rfcSeed, step - 4), now, 3)).toBe(step - 4);
    expect(matchTotpStep(rfcSeed, totpCodeForStep(rfcSeed, step - 5), now, 3)).toBeNull();
    expect(matchTotpStep(rfcSeed, totpCodeForStep(rfcSeed, step + 1), now, 3)).toBeNull();
  });

  it('makes 160-bit secrets and an otpauth URL carrying them', () => {
    const secret = generateTotpSecret();
    expect(Buffer.from(base32Decode(secret)).length).toBeGreaterThanOrEqual(20);
    const url = new URL(totpUrl(secret, { issuer: 'Moa', label: 'ana@example.com' }));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Moa');
    expect(generateTotpSecret()).not.toBe(secret);
  });
});

describe('secrets at rest', () => {
  it('round-trips through AES-GCM and refuses tampering or another key', () => {
    const keys = deriveDataKeys('a'.repeat(48));
    const sealed = encryptText(keys.totpSecret, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(decryptText(keys.totpSecret, sealed)).toBe('JBSWY3DPEHPK3PXP');
    // Flip one bit of a decoded byte of the ciphertext, then of the tag: a change of base64
    // characters could touch only padding bits and decode to the same bytes.
    const flipFirstByte = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] = bytes[0]! ^ 0x01;
      return bytes.toString('base64url');
    };
    const [version, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    for (const tampered of [
      [version, iv, tag, flipFirstByte(body)].join('.'),
      [version, iv, flipFirstByte(tag), body].join('.'),
      [version, flipFirstByte(iv), tag, body].join('.'),
    ]) {
      expect(tampered).not.toBe(sealed);
      expect(() => decryptText(keys.totpSecret, tampered)).toThrow();
    }
    expect(() => decryptText(deriveDataKeys('b'.repeat(48)).totpSecret, sealed)).toThrow();
  });

  it('draws codes of the right length from all ten digits', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const code = randomDigits(6);
      expect(code).toMatch(/^\d{6}$/);
      for (const digit of code) seen.add(digit);
    }
    expect(seen.size).toBe(10);
  });
});

function base32Decode(value: string): number[] {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of value.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return bytes;
}
