import { describe, expect, it } from 'vitest';
import { contactMessageInputSchema } from '../../src/domain/contact';
import { bankDetailsRequestSchema, giftClaimRequestSchema } from '../../src/domain/portfolio';
import { validationMessages } from '../../src/domain/validation-messages';
import { errorCatalogue, errorCodes } from '../../src/domain/error-codes';
import { errorEnvelopeSchema, healthSchema, otpUrlSchema, productIdSchema } from '../../src/domain/schemas';

describe('productIdSchema (claim-gift productId: integer, positive, at least 1)', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['016', 16],
  ])('accepts %s', (input, expected) => {
    expect(productIdSchema.parse(input)).toBe(expected);
  });

  // An address carries text of decimal digits: anything else is refused, never read as a number.
  it.each(['0', 0, 1, true, '-3', '1.5', 'abc', '', null, '0x10', '1e1', ' 16', '+16', '16 '])(
    'refuses %s with a message',
    (input) => {
      const result = productIdSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('validation.projectId');
      expect(validationMessages['validation.projectId']).toMatch(/project id/i);
    },
  );
});

describe('otpUrlSchema', () => {
  it('accepts an otpauth URL with a secret', () => {
    const url = 'otpauth://totp/Moa:me%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Moa';
    expect(otpUrlSchema.parse(url)).toBe(url);
  });
  it.each(['otpauth://totp/Moa:me?issuer=Moa', 'otpauth://totp/Moa:me?secret=', 'not a url'])(
    "refuses %s with 'Secret key is required'",
    (input) => {
      const result = otpUrlSchema.safeParse(input);
      expect(result.success).toBe(false);
      // The spec's text, through the message's key.
      expect(result.error?.issues[0]?.message).toBe('validation.otpUrl');
      expect(validationMessages['validation.otpUrl']).toBe('Secret key is required');
    },
  );
});

describe('wire schemas', () => {
  it('the error envelope is { errors: [{ code, message }] }', () => {
    expect(errorEnvelopeSchema.safeParse({ errors: [{ code: 'NOT_FOUND', message: 'x' }] }).success).toBe(true);
    expect(errorEnvelopeSchema.safeParse({ error: 'x' }).success).toBe(false);
  });
  it('health has status, db and version', () => {
    expect(healthSchema.safeParse({ status: 'ok', db: 'up', version: '1.0.0' }).success).toBe(true);
    expect(healthSchema.safeParse({ status: 'fine', db: 'up', version: '1.0.0' }).success).toBe(false);
  });
  it('every catalogue code has a status in the error range and says when it is thrown', () => {
    for (const code of errorCodes) {
      expect(errorCatalogue[code].status).toBeGreaterThanOrEqual(400);
      expect(errorCatalogue[code].when.length).toBeGreaterThan(10);
    }
  });
});

describe('every name a request carries follows the one name rule', () => {
  const names = {
    'contact name': (name: string) =>
      contactMessageInputSchema.safeParse({ name, email: 'a@b.co', topic: 'other', message: 'A question for you.' }),
    'gift recipient': (name: string) =>
      giftClaimRequestSchema.safeParse({
        productId: 1,
        giftId: 1,
        delivery: { recipientName: name, address: 'Seoul', phone: '+82 10 1234 5678' },
      }),
    'payout bank': (name: string) =>
      bankDetailsRequestSchema.safeParse({
        bankName: name,
        holderName: 'Kim',
        accountNumber: '12345678',
        code: '123456',
      }),
    'payout holder': (name: string) =>
      bankDetailsRequestSchema.safeParse({
        bankName: 'Bank',
        holderName: name,
        accountNumber: '12345678',
        code: '123456',
      }),
  };
  it.each(Object.keys(names))('%s: refuses line breaks, invisible characters and markup', (which) => {
    const check = names[which as keyof typeof names];
    expect(check('Seo-yeon Kim').success).toBe(true);
    for (const name of [
      'Seo-yeon\nKim',
      'Seo-yeon\rKim',
      'Kim\u2028Mina',
      'Kim\u202Etxt',
      'zero\u200Bwidth',
      '<b>Kim</b>',
    ]) {
      expect(check(name).success, JSON.stringify(name)).toBe(false);
    }
  });
});
