import { z } from 'zod';
import { orderStates } from './order-state';

/**
 * Bank statement import (`/api/v1/operator/statements/…`): the CSV of incoming transfers a bank
 * exports, read through a column mapping remembered per bank, each line matched to an order by
 * the reference code in its message and its amount. See docs/decisions/1803.
 */

/** The largest statement file accepted, in bytes. */
export const STATEMENT_MAX_BYTES = 2 * 1024 * 1024;
/** The most lines one file may hold. */
export const STATEMENT_MAX_LINES = 5000;

/** The fields every line needs, each read from one column of the bank's file. */
export const statementFields = ['date', 'amount', 'payer', 'message'] as const;
export type StatementField = (typeof statementFields)[number];

/**
 * How a line compares with what its message names, when it was imported: an order with the same
 * amount (MATCHED), an investor's deposit reference (DEPOSIT: the whole amount is credited to
 * their balance), or neither.
 */
export const statementMatches = ['MATCHED', 'DEPOSIT', 'AMOUNT_DIFFERS', 'UNKNOWN_REFERENCE', 'ORDER_CLOSED'] as const;
export type StatementMatch = (typeof statementMatches)[number];

import { statementLineStates } from './statement-states';

export { statementLineStates, type StatementLineState } from './statement-states';

/** What an import did with each line of the file. */
export const importOutcomes = [...statementMatches, 'ALREADY_IMPORTED'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

const columnName = z.string().trim().min(1).max(120);
const bankName = z.string().trim().min(1).max(80);

export const statementMappingSchema = z.strictObject({
  bank: bankName,
  /** The file's header names, in order: the mapping is also found again by them. */
  headers: z.array(z.string().max(120)).min(1).max(60),
  columns: z.strictObject({
    date: columnName,
    amount: columnName,
    payer: columnName,
    message: columnName,
    /** A column holding each line's currency; null when the file has none. */
    currency: columnName.nullable(),
  }),
  /** The currency of lines without a currency column (ISO 4217). */
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type StatementMapping = z.infer<typeof statementMappingSchema>;

export const statementMappingListSchema = z.object({ mappings: z.array(statementMappingSchema) });

export const statementBankQuerySchema = z.strictObject({ bank: bankName });

/** What the console shows before importing: the file's columns and the remembered mapping. */
export const statementPreviewSchema = z.object({
  bank: z.string(),
  headers: z.array(z.string()),
  /** The mapping remembered for this bank or for these headers; null when none fits. */
  mapping: statementMappingSchema.nullable(),
  /** The first lines as the file has them, to check a mapping against. */
  sample: z.array(z.array(z.string())),
  lineCount: z.number().int(),
});
export type StatementPreview = z.infer<typeof statementPreviewSchema>;

export const statementLineSchema = z.object({
  id: z.string(),
  bank: z.string(),
  /** The transfer's date as the file has it, normalised to YYYY-MM-DD (with a time if given). */
  bookedOn: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  payer: z.string(),
  message: z.string(),
  /** The order reference or deposit reference found in the message, if any. */
  reference: z.string().nullable(),
  match: z.enum(statementMatches),
  state: z.enum(statementLineStates),
  /** The order the line matched or was assigned to, and that order's state now. */
  orderReference: z.string().nullable(),
  orderAmount: z.number().int().nullable(),
  orderState: z.enum(orderStates).nullable(),
  /** A deposit line's investor (their email), credited when the line is confirmed. */
  depositor: z.string().nullable(),
  approvalId: z.string().nullable(),
  note: z.string().nullable(),
  importedBy: z.string(),
  importedAt: z.string(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const statementImportSchema = z.object({
  importId: z.string(),
  bank: z.string(),
  /** Each line of the file in order, with what the import did with it. */
  lines: z.array(
    z.object({
      lineNumber: z.number().int(),
      outcome: z.enum(importOutcomes),
      line: statementLineSchema,
    }),
  ),
  counts: z.record(z.enum(importOutcomes), z.number().int()),
});
export type StatementImport = z.infer<typeof statementImportSchema>;

export const statementLineListQuerySchema = z.strictObject({
  state: z.enum(statementLineStates).optional(),
});
export const statementLineListSchema = z.object({ lines: z.array(statementLineSchema) });

export const statementConfirmRequestSchema = z.strictObject({
  lineIds: z.array(z.uuid()).min(1).max(500),
});
export const statementConfirmOutcomes = [
  'CONFIRMED',
  'PROPOSED',
  'ALREADY_DONE',
  'ORDER_CLOSED',
  'NOT_MATCHED',
] as const;
export const statementConfirmResultSchema = z.object({
  results: z.array(
    z.object({
      lineId: z.string(),
      outcome: z.enum(statementConfirmOutcomes),
      line: statementLineSchema,
    }),
  ),
});
export type StatementConfirmResult = z.infer<typeof statementConfirmResultSchema>;

export const statementLineParamsSchema = z.strictObject({ id: z.uuid() });
export const statementAssignRequestSchema = z.strictObject({
  reference: z.string().trim().min(5).max(40),
  note: z.string().trim().min(1).max(500),
});
export const statementReturnRequestSchema = z.strictObject({ note: z.string().trim().min(1).max(500) });
export const statementLineOutcomeSchema = z.object({
  status: z.enum(['APPLIED', 'PROPOSED']),
  line: statementLineSchema,
});

/** The order reference in a transfer's message: MOA- and 8 characters, the dash optional. */
const REFERENCE_IN_MESSAGE = /MOA[-\s]?([23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8})(?![0-9A-Z])/i;

export function referenceInMessage(message: string): string | null {
  const found = REFERENCE_IN_MESSAGE.exec(message);
  return found ? `MOA-${found[1]!.toUpperCase()}` : null;
}

/**
 * An investor's deposit reference in a transfer's message (MOA and 6 characters, see
 * src/domain/cash.ts), written as given or with a dash or space after MOA. An order reference
 * (8 characters) is never read as one.
 */
const DEPOSIT_REFERENCE_IN_MESSAGE = /(?<![0-9A-Z])MOA[-\s]?([23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6})(?![0-9A-Z])/i;

export function depositReferenceInMessage(message: string): string | null {
  const found = DEPOSIT_REFERENCE_IN_MESSAGE.exec(message);
  return found ? `MOA${found[1]!.toUpperCase()}` : null;
}

/** Text compared between files: Unicode NFC, spaces collapsed, trimmed. */
export function normaliseStatementText(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** A header row as one signature: names normalised, lower case, in order. */
export function headerSignature(headers: readonly string[]): string {
  return headers.map((header) => normaliseStatementText(header).toLowerCase()).join('|');
}

/**
 * A bank's date as YYYY-MM-DD, with the time when the bank gives one: 2026-11-25, 2026.11.25,
 * 2026/11/25 and 20261125, then an optional HH:MM[:SS]. Null when it is none of these or not a
 * calendar day.
 */
export function normaliseStatementDate(text: string): string | null {
  const found = /^(\d{4})[-./]?(\d{2})[-./]?(\d{2})\.?(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!found) return null;
  const [, year, month, day, hour, minute, second] = found;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  if (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59)) return null;
  const day10 = `${year}-${month}-${day}`;
  return hour === undefined ? day10 : `${day10} ${hour}:${minute}${second ? `:${second}` : ''}`;
}
