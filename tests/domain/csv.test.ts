import { describe, expect, it } from 'vitest';
import { csvCell, numeral, toCsv } from '../../src/domain/csv';
import { toMajorUnitsNumeral } from '../../src/domain/money';

describe('the CSV cell writer', () => {
  it.each(['=1+1', '+1', '-1', '@A1', '\tTAB', '\rCR', '-', '=', '-2.5'])(
    'writes the text %j with a leading quote, so no spreadsheet reads it as a formula',
    (text) => {
      const cell = csvCell(text);
      expect(cell.replace(/^"/, '').startsWith(`'${text.slice(0, 1)}`)).toBe(true);
    },
  );

  it('quotes what must be quoted, after neutralising', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('\rCR')).toBe(`"'\rCR"`);
    expect(csvCell('=A1,"x"')).toBe(`"'=A1,""x"""`);
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell(' =leading space')).toBe(' =leading space');
  });

  it('keeps numbers numeric, negative ones included', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(numeral('-25.50'))).toBe('-25.50');
    expect(() => csvCell(Number.NaN)).toThrow(RangeError);
  });

  it('takes only decimal numerals as numbers, so text cannot pass as one', () => {
    for (const text of ['=1', '-1+1', '1e3', '', '0x10', ' 1', '+1']) expect(() => numeral(text)).toThrow(RangeError);
  });

  it('ends every row with CRLF', () => {
    expect(
      toCsv([
        ['a', 1],
        ['=b', -2],
      ]),
    ).toBe("a,1\r\n'=b,-2\r\n");
  });
});

describe('amounts as decimal numerals', () => {
  it.each([
    [2550, 'USD', '25.50'],
    [-5, 'USD', '-0.05'],
    [0, 'USD', '0.00'],
    [2550, 'KRW', '2550'],
    [-2550, 'KRW', '-2550'],
    [1234567, 'BHD', '1234.567'],
  ])('writes %d %s as %s', (minor, currency, text) => {
    expect(toMajorUnitsNumeral(minor, currency)).toBe(text);
  });
});
