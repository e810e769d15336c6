/**
 * The one CSV writer every export uses (RFC 4180, CRLF line ends).
 *
 * A text cell a spreadsheet would read as a formula (it starts with `=`, `+`, `-`, `@`, a tab or
 * a carriage return) is written with a leading `'`, so `=HYPERLINK(…)` in a memo stays text.
 * Numbers are numeric cells and stay numeric: a JavaScript number, or a decimal written with
 * `numeral()` (an amount with its currency's decimals, negative ones included), is never a
 * formula and is written as it is. See docs/decisions/1703-input-guards-and-write-locks.md.
 */

/** A number written as a decimal numeral, such as an amount with its fixed decimals ("-25.50"). */
export interface CsvNumeral {
  readonly numeral: string;
}

export type CsvValue = string | number | CsvNumeral;

const DECIMAL = /^-?\d+(?:\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A decimal numeral as a numeric cell; anything else is refused, so text never passes as a number. */
export function numeral(text: string): CsvNumeral {
  if (!DECIMAL.test(text)) throw new RangeError(`Not a decimal number: ${JSON.stringify(text)}`);
  return { numeral: text };
}

/** One cell: numbers as they are, text neutralised against formulas and quoted where it must be. */
export function csvCell(value: CsvValue): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'object') return value.numeral;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to a CSV document, every line ended with CRLF. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
