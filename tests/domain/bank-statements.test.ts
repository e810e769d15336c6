import { describe, expect, it } from 'vitest';
import { parseMajorUnitsNumeral } from '../../src/domain/money';
import { normaliseStatementDate, referenceInMessage } from '../../src/domain/bank-statements';

describe('reading a bank statement line', () => {
  it.each([
    ['25.5', 'USD', 2550],
    ['1,234.56', 'USD', 123456],
    ['+10', 'USD', 1000],
    ['0.10', 'USD', 10],
    ['1,250,000', 'KRW', 1250000],
    ['1 250 000', 'KRW', 1250000],
    ['10.000', 'KRW', 10],
    ['10.5', 'KRW', null],
    ['10.005', 'USD', null],
    ['-5.00', 'USD', null],
    ['1e3', 'USD', null],
    ['', 'USD', null],
    ['12.3.4', 'USD', null],
  ])('parses %s %s into minor units %s, never through a float', (text, currency, minor) => {
    expect(parseMajorUnitsNumeral(text, currency)).toBe(minor);
  });

  it.each([
    ['2026-11-25', '2026-11-25'],
    ['2026.11.25', '2026-11-25'],
    ['2026/11/25 09:30', '2026-11-25 09:30'],
    ['20261125', '2026-11-25'],
    ['2026-11-25T09:30:05', '2026-11-25 09:30:05'],
    ['2026-02-30', null],
    ['25/11/2026', null],
    ['2026-11-25 24:00', null],
  ])('reads the date %s as %s', (text, date) => {
    expect(normaliseStatementDate(text)).toBe(date);
  });

  it.each([
    ['Moa MOA-ABCD2345 thanks', 'MOA-ABCD2345'],
    ['moaabcd2345', 'MOA-ABCD2345'],
    ['MOA ABCD2345', 'MOA-ABCD2345'],
    ['MOA-ABCD23456', null],
    ['MOA-ABCD1345', null],
    ['no code', null],
  ])('finds the order reference in %s', (message, reference) => {
    expect(referenceInMessage(message)).toBe(reference);
  });
});
