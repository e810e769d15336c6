import { describe, expect, it } from 'vitest';
import { groupThousands, shortenNumber } from '../../src/domain/numbers';

describe('shortenNumber (K/M/B/T, truncated to one decimal)', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [12.34, '12.3'],
    [1000, '1K'],
    [1050, '1K'],
    [1099, '1K'],
    [1100, '1.1K'],
    [15_490, '15.4K'],
    [999_949, '999.9K'],
    [999_999, '999.9K'],
    [1_000_000, '1M'],
    [1_250_000, '1.2M'],
    [2_000_000_000, '2B'],
    [3_990_000_000_000, '3.9T'],
    [1_000_000_000_000_000, '1000T'],
    [-1500, '-1.5K'],
    [-999_949, '-999.9K'],
  ])('%d -> %s', (value, expected) => {
    expect(shortenNumber(value)).toBe(expected);
  });

  it('says "-" for what is not a number', () => {
    expect(shortenNumber(Number.NaN)).toBe('-');
    expect(shortenNumber(Number.POSITIVE_INFINITY)).toBe('-');
  });
});

describe('groupThousands', () => {
  it('groups like the English and Korean formatters do', () => {
    for (const value of [0, 7, 999, 1000, 12_000, 123_456, 1_000_000, 98_765_432_100, -4_500]) {
      expect(groupThousands(value)).toBe(value.toLocaleString('en-US'));
      expect(groupThousands(value)).toBe(value.toLocaleString('ko-KR'));
    }
  });
});
