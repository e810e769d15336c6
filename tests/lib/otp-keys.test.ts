import { beforeAll, describe, expect, it } from 'vitest';
import { otpKeysFromUrl } from '../../src/features/otp/queries';
import { loadTexts } from '../../src/lib/i18n';

// The setup page asks for the validation texts (its route's staticData).
beforeAll(() => loadTexts(['validation']));

describe('otpKeysFromUrl', () => {
  it('derives otpUrl and secretKey from the otpauth URL', () => {
    const url =
      'otpauth://totp/Moa:ana%40example.com?issuer=Moa&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30';
    expect(otpKeysFromUrl(url)).toEqual({ otpUrl: url, secretKey: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
  });

  it.each(['not a url', 'otpauth://totp/Moa?issuer=Moa', 'otpauth://totp/Moa?secret='])(
    "refuses %s with 'Secret key is required'",
    (url) => {
      expect(() => otpKeysFromUrl(url)).toThrow('Secret key is required');
    },
  );
});
