import { describe, expect, it } from 'vitest';
import {
  CODE_LENGTH,
  isCode,
  isRecoveryCode,
  keepCodeDigits,
  mfaVerifyRequestSchema,
  sixDigitCodeSchema,
} from '../../src/domain/auth';
import { maySubmit, submissionRefusalOf } from '../../src/domain/kyc';
import { isWholeAmount, minorUnitDigits, toMajorUnits } from '../../src/domain/money';
import { closingSoonUntil, deriveSaleStatus } from '../../src/domain/sale';
import { formatMoney } from '../../src/features/projects/format';

describe('the code a user types', () => {
  it('is six digits, the same for the form check and the server schema', () => {
    for (const value of ['123456', '000000']) {
      expect(isCode(value)).toBe(true);
      expect(sixDigitCodeSchema.safeParse(value).success).toBe(true);
    }
    for (const value of ['12345', '1234567', '12345a', ' 123456', '']) {
      expect(isCode(value)).toBe(false);
      expect(sixDigitCodeSchema.safeParse(value).success).toBe(false);
    }
  });

  it('keeps only the digits of what is typed or pasted, at most a code long', () => {
    expect(keepCodeDigits('123 456')).toBe('123456');
    expect(keepCodeDigits('12-34-56-78')).toHaveLength(CODE_LENGTH);
    expect(isCode(keepCodeDigits('Your code: 654321.'))).toBe(true);
  });

  it('tells a recovery code by the same pattern as the server', () => {
    for (const value of ['ABCDE-FGHJK', 'abcdefghjk', ' ABCDE-FGHJK ']) {
      expect(isRecoveryCode(value)).toBe(true);
      expect(mfaVerifyRequestSchema.safeParse({ recoveryCode: value }).success).toBe(true);
    }
    for (const value of ['ABCD-FGHJK', 'ABCDE_FGHJK']) {
      expect(isRecoveryCode(value)).toBe(false);
      expect(mfaVerifyRequestSchema.safeParse({ recoveryCode: value }).success).toBe(false);
    }
  });
});

describe('the identity submission rule', () => {
  const review = (
    reviewStatus: string,
    reviewAnswer: 'GREEN' | 'RED' | null = null,
    rejectType: 'RETRY' | 'FINAL' | null = null,
  ) => ({ reviewStatus, reviewAnswer, rejectType }) as Parameters<typeof submissionRefusalOf>[0];

  it('takes a first submission, one on hold, and one after a RED answer to retry', () => {
    expect(maySubmit(null)).toBe(true);
    expect(maySubmit(review('init'))).toBe(true);
    expect(maySubmit(review('onHold'))).toBe(true);
    expect(maySubmit(review('completed', 'RED', 'RETRY'))).toBe(true);
  });

  it('refuses while waiting, once approved, and after a final RED, saying which', () => {
    for (const status of ['pending', 'prechecked', 'queued'])
      expect(submissionRefusalOf(review(status))).toBe('WAITING');
    expect(submissionRefusalOf(review('completed', 'GREEN'))).toBe('APPROVED');
    expect(submissionRefusalOf(review('completed', 'RED', 'FINAL'))).toBe('DECLINED_FOR_GOOD');
    expect(submissionRefusalOf(review('completed', 'RED', null))).toBe('DECLINED_FOR_GOOD');
  });
});

describe('minor units per currency', () => {
  it('reads the digits of each currency’s minor unit', () => {
    expect(minorUnitDigits('USD')).toBe(2);
    expect(minorUnitDigits('EUR')).toBe(2);
    expect(minorUnitDigits('KRW')).toBe(0);
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(minorUnitDigits('BHD')).toBe(3);
  });

  it('converts and formats amounts by them', () => {
    expect(toMajorUnits(2550, 'USD')).toBe(25.5);
    expect(toMajorUnits(2550, 'KRW')).toBe(2550);
    expect(isWholeAmount(2500, 'USD')).toBe(true);
    expect(isWholeAmount(2550, 'USD')).toBe(false);
    expect(formatMoney(2550, 'USD')).toBe('$25.50');
    expect(formatMoney(2500, 'USD')).toBe('$25');
    expect(formatMoney(25_000, 'KRW')).toBe('₩25,000');
  });
});

describe('the closing-soon window', () => {
  const now = new Date('2026-11-22T12:00:00.000Z');
  const facts = (endsAt: string) => ({ startsAt: null, endsAt, totalQuantity: 10, remainingQuantity: 5 });

  it('is the same moment for the status and for the list filter', () => {
    const edge = closingSoonUntil(now).toISOString();
    expect(deriveSaleStatus(facts(edge), now)).toBe('CLOSING_SOON');
    expect(deriveSaleStatus(facts(new Date(Date.parse(edge) + 1).toISOString()), now)).toBe('SALE');
  });
});
