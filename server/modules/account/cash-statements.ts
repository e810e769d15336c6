import { createHash } from 'node:crypto';
import {
  cashPeriodOf,
  cashStatementFigures,
  cashStatementPeriods,
  type CashPeriod,
  type MyCashStatementsResponse,
} from '../../../src/domain/cash-statements';
import type { Language } from '../../../src/domain/language';
import type { CallerId } from '../auth/service';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { cashStatementEntriesOf } from '../cash/service';
import { findUserById } from '../users/records-repository';
import type { CashStatementFacts } from './cash-statement-pdf';

/**
 * Monthly and annual statements of the cash balance (docs/decisions/1816): computed on request
 * from the cash ledger, nothing stored, rendered in the contracts' worker threads.
 */

interface CashStatementRenderer {
  renderCashStatement(facts: CashStatementFacts): Promise<{ pdf: Uint8Array }>;
}

export const cashStatementUrl = (period: string) => `/api/v1/users/me/cash-statements/${period}.pdf`;
const fileNameOf = (period: string) => `moa-balance-${period}.pdf`;

export async function listMyCashStatements(ctx: AppContext, caller: CallerId): Promise<MyCashStatementsResponse> {
  const userId = caller.user.id;
  const now = ctx.now();
  const { entries } = await cashStatementEntriesOf(ctx, userId);
  const currency = ctx.config.CURRENCY;
  return {
    statements: cashStatementPeriods(now, entries).map((period) => {
      const figures = cashStatementFigures(period, entries);
      return {
        period: period.key,
        kind: period.kind,
        from: period.from,
        to: period.to,
        isToDate: period.isToDate,
        currency,
        opening: figures.opening,
        closing: figures.closing,
        downloadUrl: cashStatementUrl(period.key),
        fileName: fileNameOf(period.key),
      };
    }),
  };
}

/** SHA-256 of a statement's figures in a fixed order: the same figures give the same value in any language. */
export function cashStatementSha256(facts: Omit<CashStatementFacts, 'sha256' | 'language'>): string {
  const { figures } = facts;
  const canonical = JSON.stringify([
    facts.investorName,
    facts.period,
    facts.from,
    facts.to,
    facts.currency,
    figures.opening,
    figures.deposits,
    figures.purchases,
    figures.refunds,
    figures.marketBought,
    figures.marketSold,
    figures.withdrawals,
    figures.fees,
    figures.other,
    figures.revenue.map((line) => [
      line.productId,
      facts.projectNames[line.productId] ?? '',
      line.gross,
      line.withheld,
      line.net,
    ]),
    figures.closing,
    figures.heldAtEnd,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * One period's statement as a PDF in `language`, for its owner. A period that is not a month or
 * a year, before 2000 or not begun yet is VALIDATION_FAILED; one without any entry is NOT_FOUND
 * (the same answer for every investor, so nothing is learnt about anyone else).
 */
export async function renderMyCashStatement(
  ctx: AppContext,
  renderer: CashStatementRenderer,
  caller: CallerId,
  key: string,
  language: Language,
): Promise<{ pdf: Uint8Array; fileName: string; sha256: string }> {
  const userId = caller.user.id;
  const now = ctx.now();
  const period: CashPeriod | null = cashPeriodOf(key, now);
  if (!period) {
    throw new AppError(
      'VALIDATION_FAILED',
      `params.period: there is no statement for ${key}; ask for a month or a year up to now.`,
    );
  }
  const { entries, projectNames } = await cashStatementEntriesOf(ctx, userId);
  if (!cashStatementPeriods(now, entries).some((listed) => listed.key === period.key)) {
    throw new AppError('NOT_FOUND', `You have no balance statement for ${key}.`);
  }
  const figures = cashStatementFigures(period, entries);
  const user = await findUserById(ctx.db, userId);
  const body = {
    investorName: user?.legalName ?? user?.name ?? user?.email ?? '',
    period: period.key,
    kind: period.kind,
    from: period.from,
    to: period.to,
    isToDate: period.isToDate,
    currency: ctx.config.CURRENCY,
    figures,
    projectNames,
  };
  const sha256 = cashStatementSha256(body);
  const { pdf } = await renderer.renderCashStatement({ ...body, language, sha256 });
  return { pdf, fileName: fileNameOf(period.key), sha256 };
}
