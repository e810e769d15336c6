import type { CashEntry } from '../../domain/cash';
import { numeral, toCsv, type CsvValue } from '../../domain/csv';
import { toMajorUnitsNumeral } from '../../domain/money';
import { t } from '../../lib/i18n';

/** The entries as CSV (its header in the reader's language): amounts in major units with the currency's digits, text safe from formulas. */
export function balanceEntriesCsv(entries: readonly CashEntry[]): string {
  const rows: CsvValue[][] = [
    [
      t('balance.csv.date'),
      t('balance.csv.kind'),
      t('balance.csv.reason'),
      t('balance.csv.order'),
      t('balance.csv.project'),
      t('balance.csv.withdrawal'),
      t('balance.csv.currency'),
      t('balance.csv.availableChange'),
      t('balance.csv.heldChange'),
      t('balance.csv.availableAfter'),
      t('balance.csv.heldAfter'),
      t('balance.csv.bankReference'),
      t('balance.csv.note'),
    ],
  ];
  const amount = (minor: number, currency: string) => numeral(toMajorUnitsNumeral(minor, currency));
  for (const entry of entries) {
    rows.push([
      entry.createdAt,
      entry.kind,
      entry.reason,
      entry.orderReference ?? '',
      entry.productName ?? '',
      entry.withdrawalId ?? '',
      entry.currency,
      amount(entry.availableChange, entry.currency),
      amount(entry.heldChange, entry.currency),
      amount(entry.availableAfter, entry.currency),
      amount(entry.heldAfter, entry.currency),
      entry.bankReference ?? '',
      entry.note ?? '',
    ]);
  }
  return toCsv(rows);
}
