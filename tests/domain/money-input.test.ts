import { describe, expect, it } from 'vitest';
import { parseMajorAmount } from '../../src/domain/money';

describe('an amount typed in major units', () => {
  it('becomes integer minor units by the currency’s digits', () => {
    expect(parseMajorAmount('25.5', 'USD')).toBe(2550);
    expect(parseMajorAmount('25.50', 'USD')).toBe(2550);
    expect(parseMajorAmount('0.07', 'USD')).toBe(7);
    expect(parseMajorAmount('19.99', 'USD')).toBe(1999);
    expect(parseMajorAmount('1,000', 'KRW')).toBe(1000);
    expect(parseMajorAmount(' 50000 ', 'KRW')).toBe(50000);
    expect(parseMajorAmount('1.234', 'BHD')).toBe(1234);
  });

  it('refuses decimals the currency cannot hold', () => {
    expect(parseMajorAmount('10.5', 'KRW')).toBeNull();
    expect(parseMajorAmount('1.005', 'USD')).toBeNull();
  });

  it('refuses anything but a positive amount', () => {
    for (const text of ['', '0', '0.00', '-5', '+5', '1e3', 'abc', '1,00', '1.', '.5', '12,34,567', 'NaN']) {
      expect(parseMajorAmount(text, 'USD'), text).toBeNull();
    }
    expect(parseMajorAmount('99999999999999999999', 'KRW')).toBeNull();
  });
});
