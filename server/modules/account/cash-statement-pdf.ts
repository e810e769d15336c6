import type { CashStatementFigures } from '../../../src/domain/cash-statements';
import type { Language } from '../../../src/domain/language';
import { formatMinorUnitsIn } from '../../../src/domain/money';
import { cashStatementWords, statementLocale } from '../../i18n/statements';
import { drawStatementPdf } from './statement-pdf';

/**
 * Draws a monthly or annual statement of the cash balance (runs in a render thread beside the
 * contracts and yearly statements). The figures come summed (src/domain/cash-statements.ts);
 * this writes them in the investor's language with the embedded Korean font.
 */

export interface CashStatementFacts {
  language: Language;
  investorName: string;
  /** `2026` or `2026-11` */
  period: string;
  kind: 'YEAR' | 'MONTH';
  from: string;
  to: string;
  isToDate: boolean;
  currency: string;
  figures: CashStatementFigures;
  /** Revenue lines' project names, by project id. */
  projectNames: Record<number, string>;
  sha256: string;
}

export async function renderCashStatement(facts: CashStatementFacts): Promise<Uint8Array> {
  const words = cashStatementWords(facts.language);
  const locale = statementLocale(facts.language);
  const money = (minor: number) => formatMinorUnitsIn(minor, facts.currency, locale);
  const date = (day: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  const { figures } = facts;
  const title = words.title(facts.period, facts.kind);
  const footer = `Moa · ${title} · ${words.fingerprint} ${facts.sha256}`;

  return drawStatementPdf({
    title,
    footer,
    sha256: facts.sha256,
    asOfDay: facts.to,
    draw: (sheet) => {
      sheet.text(title, 16);
      if (facts.isToDate) sheet.text(words.toDate, 10, 0.35);
      sheet.space(8);
      sheet.row(words.investor, facts.investorName, 0);
      sheet.row(words.period, `${date(facts.from)} – ${date(facts.to)}`, 0);
      sheet.row(words.currency, facts.currency, 0);
      sheet.space(10);
      sheet.rule();
      sheet.row(words.opening(date(facts.from)), money(figures.opening), 0);
      sheet.row(words.deposits, money(figures.deposits));
      sheet.row(words.purchases, money(-figures.purchases));
      sheet.row(words.refunds, money(figures.refunds));
      if (figures.marketBought || figures.marketSold) {
        sheet.row(words.marketBought, money(-figures.marketBought));
        sheet.row(words.marketSold, money(figures.marketSold));
      }
      sheet.row(words.withdrawals, money(-figures.withdrawals));
      sheet.row(words.fees, money(-figures.fees));
      if (figures.other) sheet.row(words.other, money(figures.other));
      sheet.row(words.revenue, money(figures.revenueTotal.net));
      for (const line of figures.revenue) {
        sheet.text(words.revenueOf(facts.projectNames[line.productId] ?? String(line.productId)), 10);
        sheet.row(words.revenueGross, money(line.gross), 24);
        sheet.row(words.revenueWithheld, money(line.withheld), 24);
        sheet.row(words.revenueNet, money(line.net), 24);
      }
      sheet.rule();
      sheet.row(words.closing(date(facts.to)), money(figures.closing), 0);
      if (figures.heldAtEnd) sheet.row(words.held, money(figures.heldAtEnd));
      sheet.space(14);
      sheet.text(words.notes, 8, 0.35);
      sheet.text(`${words.fingerprint}: ${facts.sha256}`, 8, 0.35);
    },
  });
}
