import { describe, expect, it } from 'vitest';
import { parseMajorUnitsNumeral } from '../../src/domain/money';
import {
  depositReferenceInMessage,
  normaliseStatementDate,
  referenceInMessage,
} from '../../src/domain/bank-statements';
import { DEPOSIT_REFERENCE_PATTERN } from '../../src/domain/cash';

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

describe('a deposit reference in a transfer message', () => {
  it.each([
    ['MOA7K3F9Q', 'MOA7K3F9Q'],
    ['top up moa-7k3f9q thanks', 'MOA7K3F9Q'],
    ['KIM MOA 7K3F9Q', 'MOA7K3F9Q'],
    // An order reference (8 characters) is not a deposit reference, nor letters glued around one.
    ['MOA-7K3F9QAB', null],
    ['XMOA7K3F9Q', null],
    ['MOA7K3F9QZ', null],
    // Look-alike letters are not in the alphabet.
    ['MOA7K3F9O', null],
    ['MOA1K3F9Q', null],
    ['no reference', null],
  ])('%s reads as %s', (message, expected) => {
    const found = depositReferenceInMessage(message);
    expect(found).toBe(expected);
    if (found) expect(found).toMatch(DEPOSIT_REFERENCE_PATTERN);
  });
});
