import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { orderStates, nextOrderState, type OrderState } from '../../../src/domain/order-state';
import {
  depositReferenceInMessage,
  headerSignature,
  importOutcomes,
  referenceInMessage,
  statementMappingSchema,
  type ImportOutcome,
  type StatementConfirmResult,
  type StatementImport,
  type StatementLine,
  type StatementLineState,
  type StatementMapping,
  type StatementMatch,
  type StatementPreview,
} from '../../../src/domain/bank-statements';
import type { AppContext } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import { applyOperatorAction, findOrderByReference, findOrderViewById } from '../orders/service';
import { creditDepositIn, depositorOf } from '../cash/service';
import { confirmationNeedsFourEyes, confirmPayment } from './actions';
import { assertAdmin, type Operator } from './service';
import { decodeStatement, mapStatementLines, mappingFits, statementRows, type ParsedLine } from './statement-file';
import {
  findLineView,
  findLineViewByFingerprint,
  findLineViews,
  findMappingByBank,
  findMappingBySignature,
  findMappings,
  hasLiveLineForOrder,
  insertLineOnce,
  moveLine,
  upsertMapping,
  type StatementLineRow,
  type StatementLineView,
} from './statements-repository';

/**
 * Bank statement import (docs/decisions/1803): admins upload the CSV of incoming transfers,
 * each line is stored once by its fingerprint and matched to an order by the reference in its
 * message and its amount; confirming a matched line confirms its order once, through the
 * orders service's confirmation (and four eyes above the threshold). Unmatched lines wait in
 * the queue until assigned to an order by hand or returned to the payer.
 */

type Db = Kysely<Database>;

function bankKey(bank: string): string {
  return bank.trim().toLowerCase();
}

function toLine(view: StatementLineView): StatementLine {
  const orderState = (orderStates as readonly string[]).includes(view.order_state ?? '')
    ? (view.order_state as OrderState)
    : null;
  return {
    id: view.id,
    bank: view.bank,
    bookedOn: view.booked_on,
    amount: Number(view.amount),
    currency: view.currency,
    payer: view.payer,
    message: view.message,
    reference: view.reference,
    match: view.match,
    state: view.state,
    orderReference: view.order_reference,
    orderAmount: view.order_amount === null ? null : Number(view.order_amount),
    orderState,
    depositor: view.user_id ? (view.depositor_email ?? view.user_id) : null,
    approvalId: view.approval_id,
    note: view.note,
    importedBy: view.imported_by,
    importedAt: String(view.imported_at),
    resolvedBy: view.resolved_by,
    resolvedAt: view.resolved_at === null ? null : String(view.resolved_at),
  };
}

async function lineOf(db: Db, id: string): Promise<StatementLine> {
  const view = await findLineView(db, id);
  if (!view) throw new AppError('NOT_FOUND', 'There is no such statement line.');
  return toLine(view);
}

async function audit(
  db: Db,
  operator: Operator,
  type: string,
  detail: Record<string, string | number | null>,
  at: string,
): Promise<void> {
  const strings: Record<string, string> = { operator: operator.label };
  for (const [key, value] of Object.entries(detail)) if (value !== null) strings[key] = String(value);
  await appendAuditEvent(
    db,
    { userId: operator.userId, actor: 'operator', type, detail: strings, meta: operator.meta },
    at,
  );
}

// ---------------------------------------------------------------------------------------------
// Mappings

function mappingOf(json: string): StatementMapping | null {
  const parsed = statementMappingSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

export async function listStatementMappings(ctx: AppContext, operator: Operator): Promise<StatementMapping[]> {
  assertAdmin(operator, 'import bank statements');
  return (await findMappings(ctx.db)).map((row) => mappingOf(row.mapping)).filter((row) => row !== null);
}

/** Saves (or replaces) a bank's column mapping; it is used for that bank's files from now on. */
export async function saveStatementMapping(
  ctx: AppContext,
  operator: Operator,
  mapping: StatementMapping,
): Promise<StatementMapping> {
  assertAdmin(operator, 'import bank statements');
  if (!mappingFits(mapping, mapping.headers)) {
    throw new AppError('VALIDATION_FAILED', 'body.columns: every mapped column must be one of the headers.');
  }
  const at = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await upsertMapping(trx, {
      bank_key: bankKey(mapping.bank),
      bank: mapping.bank,
      header_signature: headerSignature(mapping.headers),
      mapping: JSON.stringify(mapping),
      saved_by: operator.label.slice(0, 200),
      saved_at: at,
    });
    await audit(trx, operator, 'STATEMENT_MAPPING_SAVED', { bank: mapping.bank }, at);
  });
  return mapping;
}

/** The mapping for this bank's file: the bank's own when it fits, else one saved for the same headers. */
async function rememberedMapping(db: Db, bank: string, headers: string[]): Promise<StatementMapping | null> {
  const own = await findMappingByBank(db, bankKey(bank));
  const ownMapping = own ? mappingOf(own.mapping) : null;
  if (ownMapping && mappingFits(ownMapping, headers)) return ownMapping;
  const same = await findMappingBySignature(db, headerSignature(headers));
  const sameMapping = same ? mappingOf(same.mapping) : null;
  return sameMapping && mappingFits(sameMapping, headers) ? { ...sameMapping, bank } : null;
}

/** The file's columns, the mapping that would be used, and its first lines; nothing is written. */
export async function previewStatement(
  ctx: AppContext,
  operator: Operator,
  bank: string,
  bytes: Uint8Array,
): Promise<StatementPreview> {
  assertAdmin(operator, 'import bank statements');
  const rows = statementRows(decodeStatement(bytes));
  const headers = rows[0]!;
  return {
    bank,
    headers,
    mapping: await rememberedMapping(ctx.db, bank, headers),
    sample: rows.slice(1, 6),
    lineCount: rows.length - 1,
  };
}

// ---------------------------------------------------------------------------------------------
// Import

/**
 * A line's fingerprint: its bank, date, amount, currency, payer and message, and how many
 * identical lines came before it in the file, so two real transfers alike in every field stay
 * two lines while the same file (or an export overlapping an earlier one) adds nothing.
 */
export function fingerprintsOf(bank: string, lines: readonly ParsedLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const content = JSON.stringify([
      bankKey(bank),
      line.bookedOn,
      line.amount,
      line.currency,
      line.payer,
      line.message,
    ]);
    const ordinal = seen.get(content) ?? 0;
    seen.set(content, ordinal + 1);
    return createHash('sha256').update(`${content}#${ordinal}`).digest('hex');
  });
}

interface LineMatch {
  match: StatementMatch;
  reference: string | null;
  orderId: string | null;
  userId: string | null;
}

/**
 * How a line compares with what its message names, read inside the import's transaction: an
 * order's reference first, else an investor's deposit reference (a deposit in the platform's
 * currency is matched whatever its amount: all of it is the investor's).
 */
async function matchOf(ctx: AppContext, db: Db, line: ParsedLine): Promise<LineMatch> {
  const found = await orderMatchOf(db, line);
  if (found.orderId) return { ...found, userId: null };
  const depositReference = depositReferenceInMessage(line.message);
  const userId = depositReference ? await depositorOf(db, depositReference) : undefined;
  if (!depositReference || !userId) return { ...found, userId: null };
  const match = line.currency === ctx.config.CURRENCY ? 'DEPOSIT' : 'AMOUNT_DIFFERS';
  return { match, reference: depositReference, orderId: null, userId };
}

async function orderMatchOf(
  db: Db,
  line: ParsedLine,
): Promise<{ match: StatementMatch; reference: string | null; orderId: string | null }> {
  const reference = referenceInMessage(line.message);
  const order = reference ? await findOrderByReference(db, reference) : null;
  if (!reference || !order) return { match: 'UNKNOWN_REFERENCE', reference, orderId: null };
  if (Number(order.amount) !== line.amount || order.currency !== line.currency) {
    return { match: 'AMOUNT_DIFFERS', reference, orderId: order.id };
  }
  if (!nextOrderState(order.state, 'CONFIRM_PAYMENT', 'OPERATOR') || (await hasLiveLineForOrder(db, order.id))) {
    return { match: 'ORDER_CLOSED', reference, orderId: order.id };
  }
  return { match: 'MATCHED', reference, orderId: order.id };
}

/**
 * Imports a bank's statement file: all of it or, when any line is bad, none of it. Each line
 * is stored once by its fingerprint (a line already stored answers ALREADY_IMPORTED and is left
 * as it is) and matched to an order. Nothing is confirmed here.
 */
export async function importStatement(
  ctx: AppContext,
  operator: Operator,
  bank: string,
  bytes: Uint8Array,
): Promise<StatementImport> {
  assertAdmin(operator, 'import bank statements');
  const bankName = bank.trim();
  const rows = statementRows(decodeStatement(bytes));
  const mapping = await rememberedMapping(ctx.db, bankName, rows[0]!);
  if (!mapping) {
    throw new AppError(
      'STATEMENT_MAPPING_REQUIRED',
      `No saved column mapping fits this file of ${bankName}; map its columns (${rows[0]!.join(', ')}) first.`,
    );
  }
  const parsed = mapStatementLines(rows, mapping);
  const fingerprints = fingerprintsOf(bankName, parsed);
  const importId = randomUUID();
  const at = ctx.now().toISOString();
  const label = operator.label.slice(0, 200);
  const results = await ctx.db.transaction().execute(async (trx) => {
    const done: { lineNumber: number; outcome: ImportOutcome; id: string }[] = [];
    for (const [index, line] of parsed.entries()) {
      const fingerprint = fingerprints[index]!;
      const existing = await findLineViewByFingerprint(trx, fingerprint);
      if (existing) {
        done.push({ lineNumber: line.lineNumber, outcome: 'ALREADY_IMPORTED', id: existing.id });
        continue;
      }
      const { match, reference, orderId, userId } = await matchOf(ctx, trx, line);
      const id = randomUUID();
      const inserted = await insertLineOnce(trx, {
        id,
        fingerprint,
        import_id: importId,
        bank: bankName,
        booked_on: line.bookedOn,
        amount: line.amount,
        currency: line.currency,
        payer: line.payer,
        message: line.message,
        reference,
        match,
        state: match === 'MATCHED' || match === 'DEPOSIT' ? 'MATCHED' : 'UNMATCHED',
        order_id: orderId,
        user_id: userId,
        approval_id: null,
        note: null,
        imported_by: label,
        imported_at: at,
        resolved_by: null,
        resolved_at: null,
      });
      if (inserted) done.push({ lineNumber: line.lineNumber, outcome: match, id });
      else {
        // Another import stored the same line first, and committed while this one waited.
        const other = (await findLineViewByFingerprint(trx, fingerprint))!;
        done.push({ lineNumber: line.lineNumber, outcome: 'ALREADY_IMPORTED', id: other.id });
      }
    }
    const counts = Object.fromEntries(importOutcomes.map((outcome) => [outcome, 0])) as Record<ImportOutcome, number>;
    for (const result of done) counts[result.outcome] += 1;
    await audit(trx, operator, 'STATEMENT_IMPORTED', { importId, bank: bankName, lines: parsed.length, ...counts }, at);
    return { done, counts };
  });
  const lines = [];
  for (const result of results.done) {
    lines.push({ lineNumber: result.lineNumber, outcome: result.outcome, line: await lineOf(ctx.db, result.id) });
  }
  return { importId, bank: bankName, lines, counts: results.counts };
}

export async function listStatementLines(
  ctx: AppContext,
  operator: Operator,
  state: StatementLineState | null,
): Promise<StatementLine[]> {
  assertAdmin(operator, 'import bank statements');
  return (await findLineViews(ctx.db, state, 1000)).map(toLine);
}

// ---------------------------------------------------------------------------------------------
// Confirming, assigning, returning

type LineConfirmation = 'CONFIRMED' | 'PROPOSED' | 'ALREADY_DONE' | 'ORDER_CLOSED' | 'NOT_MATCHED';

function isStateConflict(error: unknown): boolean {
  return error instanceof AppError && error.code === 'ORDER_STATE_CONFLICT';
}

/**
 * Confirms the order a line pays, once: the line's move out of `from` and the order's
 * confirmation are one transaction, so of two operators confirming the same line one does it
 * and the other finds it done; a second line paying an order already paid (or closed) is
 * refused by the order's own conditional change and goes to the queue. Above the four-eyes
 * amount the confirmation is proposed instead, through the confirm-payment action.
 */
async function confirmThroughLine(
  ctx: AppContext,
  operator: Operator,
  line: StatementLineRow,
  orderId: string,
  from: readonly StatementLineRow['state'][],
  auditType: string,
  note: string | null,
): Promise<LineConfirmation> {
  const order = await findOrderViewById(ctx.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'There is no such order.');
  const at = ctx.now().toISOString();
  const label = operator.label.slice(0, 200);
  const detail = {
    lineId: line.id,
    bank: line.bank,
    bookedOn: line.booked_on,
    amount: Number(line.amount),
    currency: line.currency,
    reference: order.reference,
    note,
  };
  const orderNote = note ?? `Bank statement ${line.bank} ${line.booked_on}`;
  try {
    if (confirmationNeedsFourEyes(ctx, Number(order.amount))) {
      const outcome = await confirmPayment(ctx, operator, order.reference, orderNote);
      const moved = await ctx.db.transaction().execute(async (trx) => {
        const took = await moveLine(trx, line.id, from, {
          state: outcome.status === 'PROPOSED' ? 'PROPOSED' : 'CONFIRMED',
          order_id: orderId,
          approval_id: outcome.approval?.id ?? null,
          note,
          resolved_by: label,
          resolved_at: at,
        });
        if (took)
          await audit(
            trx,
            operator,
            `${auditType}_PROPOSED`,
            { ...detail, approvalId: outcome.approval?.id ?? null },
            at,
          );
        return took;
      });
      return moved ? 'PROPOSED' : 'ALREADY_DONE';
    }
    const moved = await ctx.db.transaction().execute(async (trx) => {
      const took = await moveLine(trx, line.id, from, {
        state: 'CONFIRMED',
        order_id: orderId,
        note,
        resolved_by: label,
        resolved_at: at,
      });
      if (!took) return false;
      await applyOperatorAction(ctx, trx, orderId, 'CONFIRM_PAYMENT', operator.label, orderNote, operator.meta, at);
      await audit(trx, operator, auditType, detail, at);
      return true;
    });
    return moved ? 'CONFIRMED' : 'ALREADY_DONE';
  } catch (error) {
    if (!isStateConflict(error)) throw error;
    // The order was paid or closed meanwhile (another line, by hand, an expiry): the line waits
    // in the queue for an operator, unless someone moved it already.
    await ctx.db.transaction().execute(async (trx) => {
      if (await moveLine(trx, line.id, ['MATCHED'], { state: 'UNMATCHED', match: 'ORDER_CLOSED' })) {
        await audit(trx, operator, 'STATEMENT_LINE_QUEUED', { ...detail, why: 'ORDER_CLOSED' }, at);
      }
    });
    return 'ORDER_CLOSED';
  }
}

/**
 * Credits a deposit line to its investor's balance, once: the line's move out of `from` and the
 * deposit entry (keyed by the line, so no other path credits the same line again) are one
 * transaction; of two operators confirming the same line one credits it and the other finds it
 * done.
 */
async function creditThroughLine(
  ctx: AppContext,
  operator: Operator,
  line: StatementLineRow,
  userId: string,
  from: readonly StatementLineRow['state'][],
  auditType: string,
  note: string | null,
): Promise<'CONFIRMED' | 'ALREADY_DONE'> {
  const at = ctx.now().toISOString();
  const bankReference = `STATEMENT-${line.id}`;
  const moved = await ctx.db.transaction().execute(async (trx) => {
    const took = await moveLine(trx, line.id, from, {
      state: 'CONFIRMED',
      match: 'DEPOSIT',
      user_id: userId,
      note,
      resolved_by: operator.label.slice(0, 200),
      resolved_at: at,
    });
    if (!took) return false;
    const entryId = await creditDepositIn(
      ctx,
      trx,
      { userId, amount: Number(line.amount), bankReference },
      operator.label,
      operator.meta,
    );
    await audit(
      trx,
      operator,
      auditType,
      {
        lineId: line.id,
        bank: line.bank,
        bookedOn: line.booked_on,
        amount: Number(line.amount),
        currency: line.currency,
        userId,
        entryId,
        note,
      },
      at,
    );
    return true;
  });
  return moved ? 'CONFIRMED' : 'ALREADY_DONE';
}

async function lineRow(ctx: AppContext, id: string): Promise<StatementLineView> {
  const view = await findLineView(ctx.db, id);
  if (!view) throw new AppError('NOT_FOUND', 'There is no such statement line.');
  return view;
}

/** Confirms the orders of matched lines, each once; answers what happened to every line. */
export async function confirmStatementLines(
  ctx: AppContext,
  operator: Operator,
  lineIds: readonly string[],
): Promise<StatementConfirmResult> {
  assertAdmin(operator, 'import bank statements');
  const results: StatementConfirmResult['results'] = [];
  for (const id of new Set(lineIds)) {
    const line = await lineRow(ctx, id);
    const outcome: LineConfirmation =
      line.state === 'MATCHED' && line.order_id
        ? await confirmThroughLine(ctx, operator, line, line.order_id, ['MATCHED'], 'STATEMENT_LINE_CONFIRMED', null)
        : line.state === 'MATCHED' && line.user_id
          ? await creditThroughLine(ctx, operator, line, line.user_id, ['MATCHED'], 'STATEMENT_LINE_DEPOSITED', null)
          : line.state === 'UNMATCHED'
            ? 'NOT_MATCHED'
            : 'ALREADY_DONE';
    results.push({ lineId: id, outcome, line: await lineOf(ctx.db, id) });
  }
  return { results };
}

/**
 * Resolves a waiting line by hand: the operator names the order it pays, with a note, and the
 * order is confirmed as a matched line's would be.
 */
export async function assignStatementLine(
  ctx: AppContext,
  operator: Operator,
  id: string,
  reference: string,
  note: string,
): Promise<{ status: 'APPLIED' | 'PROPOSED'; line: StatementLine }> {
  assertAdmin(operator, 'import bank statements');
  const line = await lineRow(ctx, id);
  if (line.state !== 'UNMATCHED') {
    throw new AppError('CONFLICT', `The line is ${line.state.toLowerCase()}; only a waiting line is assigned.`);
  }
  const depositReference = depositReferenceInMessage(reference);
  if (depositReference && !referenceInMessage(reference)) {
    const userId = await depositorOf(ctx.db, depositReference);
    if (!userId)
      throw new AppError('DEPOSIT_REFERENCE_UNKNOWN', `No investor has the deposit reference ${depositReference}.`);
    if (line.currency !== ctx.config.CURRENCY) {
      throw new AppError(
        'VALIDATION_FAILED',
        `A balance is kept in ${ctx.config.CURRENCY}; this line is in ${line.currency}.`,
      );
    }
    const outcome = await creditThroughLine(
      ctx,
      operator,
      line,
      userId,
      ['UNMATCHED'],
      'STATEMENT_LINE_ASSIGNED',
      note,
    );
    if (outcome === 'ALREADY_DONE') throw new AppError('CONFLICT', 'The line changed meanwhile; look again.');
    return { status: 'APPLIED', line: await lineOf(ctx.db, id) };
  }
  const order = await findOrderByReference(ctx.db, reference);
  if (!order) throw new AppError('NOT_FOUND', `There is no order ${reference}.`);
  if (!nextOrderState(order.state, 'CONFIRM_PAYMENT', 'OPERATOR')) {
    throw new AppError('ORDER_STATE_CONFLICT', `Order ${order.reference} is ${order.state.toLowerCase()}.`);
  }
  const outcome = await confirmThroughLine(
    ctx,
    operator,
    line,
    order.id,
    ['UNMATCHED'],
    'STATEMENT_LINE_ASSIGNED',
    note,
  );
  if (outcome === 'ALREADY_DONE' || outcome === 'ORDER_CLOSED') {
    throw new AppError('CONFLICT', 'The line or the order changed meanwhile; look again.');
  }
  return { status: outcome === 'PROPOSED' ? 'PROPOSED' : 'APPLIED', line: await lineOf(ctx.db, id) };
}

/** Resolves a waiting line as money sent back to the payer, with a note; no order changes. */
export async function returnStatementLine(
  ctx: AppContext,
  operator: Operator,
  id: string,
  note: string,
): Promise<{ status: 'APPLIED'; line: StatementLine }> {
  assertAdmin(operator, 'import bank statements');
  const line = await lineRow(ctx, id);
  const at = ctx.now().toISOString();
  const moved = await ctx.db.transaction().execute(async (trx) => {
    const took = await moveLine(trx, id, ['UNMATCHED', 'MATCHED'], {
      state: 'RETURNED',
      note,
      resolved_by: operator.label.slice(0, 200),
      resolved_at: at,
    });
    if (took) {
      await audit(
        trx,
        operator,
        'STATEMENT_LINE_RETURNED',
        { lineId: id, bank: line.bank, amount: Number(line.amount), currency: line.currency, note },
        at,
      );
    }
    return took;
  });
  if (!moved) {
    throw new AppError('CONFLICT', `The line is ${line.state.toLowerCase()}; only a waiting line is returned.`);
  }
  return { status: 'APPLIED', line: await lineOf(ctx.db, id) };
}
