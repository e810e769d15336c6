import { parse } from 'csv-parse/sync';
import { parseMajorUnitsNumeral } from '../../../src/domain/money';
import {
  STATEMENT_MAX_BYTES,
  STATEMENT_MAX_LINES,
  normaliseStatementDate,
  normaliseStatementText,
  type StatementMapping,
} from '../../../src/domain/bank-statements';
import { AppError } from '../../errors';

/**
 * Reading a bank's CSV export: the bytes to text (UTF-8 with or without a byte order mark, or
 * EUC-KR as Korean banks export it), the text to rows (csv-parse), the rows to lines through
 * the bank's column mapping. Every refusal is STATEMENT_FILE_INVALID naming what is wrong.
 */

function invalid(message: string): AppError {
  return new AppError('STATEMENT_FILE_INVALID', message);
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** The file's text: UTF-8 (a byte order mark is dropped) when it is valid UTF-8, else EUC-KR. */
export function decodeStatement(bytes: Uint8Array): string {
  if (bytes.byteLength === 0) throw invalid('The file is empty.');
  if (bytes.byteLength > STATEMENT_MAX_BYTES) {
    throw invalid(`The file is larger than ${STATEMENT_MAX_BYTES} bytes; export a shorter period.`);
  }
  const hasBom = UTF8_BOM.every((byte, index) => bytes[index] === byte);
  const body = hasBom ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    if (hasBom) throw invalid('The file starts as UTF-8 but is not valid UTF-8.');
  }
  try {
    // Korean banks export in EUC-KR (its Windows superset, which the WHATWG decoder reads).
    return new TextDecoder('euc-kr', { fatal: true }).decode(body);
  } catch {
    throw invalid('The file is neither UTF-8 nor EUC-KR text; export it as CSV again.');
  }
}

/** The separator the header row uses most: a comma, a semicolon or a tab. */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((candidate) => ({ candidate, count: header.split(candidate).length }));
  return counts.sort((a, b) => b.count - a.count)[0]!.candidate;
}

/** The file's rows: the header first. Blank lines are skipped; rows must have the header's width. */
export function statementRows(text: string): string[][] {
  let rows: string[][];
  try {
    rows = parse(text, {
      skip_empty_lines: true,
      relax_column_count: false,
      trim: false,
      bom: true,
      delimiter: delimiterOf(text),
      max_record_size: 64 * 1024,
    }) as string[][];
  } catch (error) {
    const { message } = error as Error;
    throw invalid(`The file is not readable CSV: ${message}`);
  }
  if (rows.length < 2) throw invalid('The file has no lines below its header.');
  if (rows.length - 1 > STATEMENT_MAX_LINES) {
    throw invalid(`The file has more than ${STATEMENT_MAX_LINES} lines; export a shorter period.`);
  }
  return rows;
}

export interface ParsedLine {
  /** The line's number in the file, the header being line 1. */
  lineNumber: number;
  bookedOn: string;
  amount: number;
  currency: string;
  payer: string;
  message: string;
}

function columnIndex(headers: readonly string[], name: string): number {
  const wanted = normaliseStatementText(name).toLowerCase();
  return headers.findIndex((header) => normaliseStatementText(header).toLowerCase() === wanted);
}

/** Whether every column the mapping names is in these headers. */
export function mappingFits(mapping: StatementMapping, headers: readonly string[]): boolean {
  const { columns } = mapping;
  return [columns.date, columns.amount, columns.payer, columns.message, columns.currency]
    .filter((name): name is string => name !== null)
    .every((name) => columnIndex(headers, name) >= 0);
}

/**
 * The lines of the file through the mapping: dates normalised, amounts in integer minor units
 * of their currency. Any bad line refuses the whole file, naming the line, so a file is imported
 * entirely or not at all.
 */
export function mapStatementLines(rows: string[][], mapping: StatementMapping): ParsedLine[] {
  const headers = rows[0]!;
  const at = (name: string) => {
    const index = columnIndex(headers, name);
    if (index < 0) throw invalid(`The file has no column "${name}"; map its columns again.`);
    return index;
  };
  const date = at(mapping.columns.date);
  const amount = at(mapping.columns.amount);
  const payer = at(mapping.columns.payer);
  const message = at(mapping.columns.message);
  const currency = mapping.columns.currency === null ? null : at(mapping.columns.currency);
  return rows.slice(1).map((row, index) => {
    const lineNumber = index + 2;
    const bookedOn = normaliseStatementDate(row[date] ?? '');
    if (!bookedOn) throw invalid(`Line ${lineNumber}: "${row[date]}" is not a date (YYYY-MM-DD).`);
    const code = currency === null ? mapping.currency : normaliseStatementText(row[currency] ?? '').toUpperCase();
    if (!/^[A-Z]{3}$/.test(code)) throw invalid(`Line ${lineNumber}: "${code}" is not a currency code.`);
    const minor = parseMajorUnitsNumeral(row[amount] ?? '', code);
    if (minor === null || minor <= 0) {
      throw invalid(
        `Line ${lineNumber}: "${row[amount]}" is not a positive amount in ${code} (digits, at most its decimals).`,
      );
    }
    const payerText = normaliseStatementText(row[payer] ?? '');
    const messageText = normaliseStatementText(row[message] ?? '');
    if (payerText.length > 500 || messageText.length > 1000) {
      throw invalid(`Line ${lineNumber}: the payer or the message is too long.`);
    }
    return { lineNumber, bookedOn, amount: minor, currency: code, payer: payerText, message: messageText };
  });
}
