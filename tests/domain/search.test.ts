import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readErrorEnvelope } from '../../src/domain/error-codes';
import { errorEnvelopeSchema, productIdSchema } from '../../src/domain/schemas';
import { readOneOf, readText, readUuid, readWholeNumber, validateRedirectSearch } from '../../src/domain/search';
import { saleStatuses } from '../../src/domain/sale';

// The app reads its addresses and error bodies without the schema library; each reader must take
// exactly what the wire schema it stands in for takes.
const strange = [
  undefined,
  null,
  true,
  {},
  [],
  '',
  ' ',
  'abc',
  '0',
  '-1',
  '1.5',
  '1e3',
  ' 12 ',
  '0x1f',
  'Infinity',
  'NaN',
  '2147483647',
  '2147483648',
  '9007199254740993',
  0,
  -4,
  7,
  2.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];

describe('address readers', () => {
  it('reads a whole number as the wire schemas do', () => {
    for (const value of [...strange, '1', '42', 42, '016', '+16', '0x10', '1e1', ' 16', '16 ', '16.0']) {
      // A number is one the router already decoded from the address: it is read as its digits would be.
      const parsed = productIdSchema.safeParse(typeof value === 'number' ? String(value) : value);
      const expected = parsed.success ? parsed.data : undefined;
      expect(readWholeNumber(value), JSON.stringify(value)).toBe(expected);
    }
    expect(readWholeNumber('42')).toBe(42);
    expect(readWholeNumber('0')).toBeUndefined();
  });

  it('reads a whole number in an address from decimal digits only', () => {
    for (const value of ['0x10', '1e1', ' 16', '+16', '16.0', '-16', '１６']) {
      expect(readWholeNumber(value), value).toBeUndefined();
      expect(productIdSchema.safeParse(value).success, value).toBe(false);
    }
    expect(readWholeNumber('16')).toBe(16);
    expect(productIdSchema.parse('16')).toBe(16);
  });

  it('reads an order id as z.uuid() does', () => {
    const ids = [
      '0b3c9a52-4c1e-4a8e-9d5f-2f3e4a5b6c7d',
      '0B3C9A52-4C1E-4A8E-9D5F-2F3E4A5B6C7D',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '0b3c9a52-4c1e-0a8e-9d5f-2f3e4a5b6c7d',
      '0b3c9a52-4c1e-4a8e-7d5f-2f3e4a5b6c7d',
      '0b3c9a52-4c1e-9a8e-9d5f-2f3e4a5b6c7d',
      '0b3c9a524c1e4a8e9d5f2f3e4a5b6c7d',
      '0b3c9a52-4c1e-4a8e-9d5f-2f3e4a5b6c7',
      ...strange,
    ];
    for (const value of ids) {
      expect(readUuid(value), String(value)).toBe(z.uuid().safeParse(value).success ? value : undefined);
    }
  });

  it('reads one of a set exactly, and text up to its length', () => {
    expect(readOneOf(saleStatuses, 'CLOSING_SOON')).toBe('CLOSING_SOON');
    expect(readOneOf(saleStatuses, 'closing_soon')).toBeUndefined();
    expect(readOneOf(saleStatuses, ['SALE'])).toBeUndefined();
    expect(readText('hanwoo', 6)).toBe('hanwoo');
    expect(readText('hanwoo!', 6)).toBeUndefined();
    expect(readText(12, 6)).toBeUndefined();
  });

  it('keeps a redirect to this site only, and drops one that is not text', () => {
    expect(validateRedirectSearch({ redirect: '/account/overview' })).toEqual({ redirect: '/account/overview' });
    expect(validateRedirectSearch({ redirect: 'https://evil.example' })).toEqual({ redirect: '/' });
    expect(validateRedirectSearch({ redirect: '//evil.example' })).toEqual({ redirect: '/' });
    expect(validateRedirectSearch({ redirect: 12 })).toEqual({ redirect: undefined });
    expect(validateRedirectSearch({})).toEqual({ redirect: undefined });
  });
});

describe('readErrorEnvelope', () => {
  it('takes what the error envelope schema takes, and nothing else', () => {
    const bodies = [
      { errors: [{ code: 'NOT_FOUND', message: 'Not here.' }] },
      {
        errors: [
          { code: 'A', message: 'a' },
          { code: 'B', message: 'b', extra: 1 },
        ],
      },
      { errors: [] },
      { errors: [{ code: 'A' }] },
      { errors: [{ code: 1, message: 'x' }] },
      { errors: [{ code: 'A', message: 'a' }, null] },
      { errors: 'x' },
      { error: 'x' },
      null,
      'errors',
      [],
    ];
    for (const body of bodies) {
      const parsed = errorEnvelopeSchema.safeParse(body);
      expect(readErrorEnvelope(body), JSON.stringify(body)).toEqual(parsed.success ? parsed.data.errors : null);
    }
  });
});
