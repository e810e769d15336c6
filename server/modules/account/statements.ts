import { createHash } from 'node:crypto';
import type { Language } from '../../../src/domain/language';
import {
  statementFigures,
  statementYears,
  type MyStatementsResponse,
  type StatementEntry,
  type StatementShare,
} from '../../../src/domain/statements';
import type { CallerId } from '../auth/service';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findUserById } from '../users/records-repository';
import type { StatementFacts } from './statement-pdf';
import { findLedgerEntriesOfUser, findUserShares } from './repository';

/**
 * Yearly statements of holdings and revenue (docs/decisions/1800-yearly-statements.md): computed
 * on request from the ledger of holdings and the paid revenue shares, nothing stored; the PDF
 * renders in the same worker threads as the signed contracts.
 */

interface StatementRenderer {
  renderStatement(facts: StatementFacts): Promise<{ pdf: Uint8Array }>;
}

interface Sources {
  entries: StatementEntry[];
  shares: StatementShare[];
  names: Map<number, { productName: string; tokenName: string }>;
}

/** The investor's ledger entries and the revenue shares paid by now (scheduled ones are not revenue yet). */
async function readSources(ctx: AppContext, userId: string, now: Date): Promise<Sources> {
  const names = new Map<number, { productName: string; tokenName: string }>();
  const entries = (await findLedgerEntriesOfUser(ctx.db, userId)).map((row) => {
    const productId = Number(row.product_id);
    names.set(productId, { productName: row.product_name, tokenName: row.token_name });
    return { productId, quantity: Number(row.quantity), reason: row.reason, at: row.created_at };
  });
  const nowIso = now.toISOString();
  const shares = (await findUserShares(ctx.db, userId))
    .filter((row) => row.pays_at <= nowIso)
    .map((row) => {
      const productId = Number(row.product_id);
      if (!names.has(productId)) names.set(productId, { productName: row.product_name, tokenName: '' });
      return { productId, amount: Number(row.amount), paysAt: row.pays_at };
    });
  return { entries, shares, names };
}

const periodOf = (year: number, now: Date) => {
  const isYearToDate = year === now.getUTCFullYear();
  return { from: `${year}-01-01`, to: isYearToDate ? now.toISOString().slice(0, 10) : `${year}-12-31`, isYearToDate };
};

export const statementUrl = (year: number) => `/api/v1/users/me/statements/${year}.pdf`;
const fileNameOf = (year: number) => `moa-statement-${year}.pdf`;

export async function listMyStatements(ctx: AppContext, caller: CallerId): Promise<MyStatementsResponse> {
  const userId = caller.user.id;
  const now = ctx.now();
  const { entries, shares } = await readSources(ctx, userId, now);
  const currency = ctx.config.CURRENCY;
  return {
    statements: statementYears(now.getUTCFullYear(), entries, shares).map((year) => {
      const figures = statementFigures(year, entries, shares);
      return {
        year,
        ...periodOf(year, now),
        projectCount: figures.lines.length,
        revenueGross: figures.totals.revenueGross,
        currency,
        downloadUrl: statementUrl(year),
        fileName: fileNameOf(year),
      };
    }),
  };
}

/** SHA-256 of a statement's figures in a fixed order: the same figures give the same value in any language. */
export function statementSha256(facts: Omit<StatementFacts, 'sha256' | 'language'>): string {
  const canonical = JSON.stringify([
    facts.investorName,
    facts.year,
    facts.from,
    facts.to,
    facts.currency,
    facts.lines.map((line) => [
      line.productId,
      line.productName,
      line.startQuantity,
      line.bought,
      line.sold,
      line.gifted,
      line.adjusted,
      line.endQuantity,
      line.revenueGross,
      line.revenueWithheld,
      line.revenueNet,
    ]),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * One year's statement as a PDF in `language`, for its owner. A year after the current one is
 * VALIDATION_FAILED; a year without holdings or revenue is NOT_FOUND, as is every year for an
 * investor who never held anything, so nothing can be learnt about anyone else.
 */
export async function renderMyStatement(
  ctx: AppContext,
  renderer: StatementRenderer,
  caller: CallerId,
  year: number,
  language: Language,
): Promise<{ pdf: Uint8Array; fileName: string; sha256: string }> {
  const userId = caller.user.id;
  const now = ctx.now();
  if (year > now.getUTCFullYear()) {
    throw new AppError('VALIDATION_FAILED', `There is no statement for ${year} yet.`);
  }
  const { entries, shares, names } = await readSources(ctx, userId, now);
  const figures = statementFigures(year, entries, shares);
  if (!figures.lines.length) throw new AppError('NOT_FOUND', `You have no statement for ${year}.`);
  const user = await findUserById(ctx.db, userId);
  const body = {
    investorName: user?.legalName ?? user?.name ?? user?.email ?? '',
    year,
    ...periodOf(year, now),
    currency: ctx.config.CURRENCY,
    lines: figures.lines.map((line) => ({
      ...line,
      productName: names.get(line.productId)?.productName ?? String(line.productId),
      tokenName: names.get(line.productId)?.tokenName ?? '',
    })),
    totals: figures.totals,
  };
  const sha256 = statementSha256(body);
  const { pdf } = await renderer.renderStatement({ ...body, language, sha256 });
  return { pdf, fileName: fileNameOf(year), sha256 };
}
