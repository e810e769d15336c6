import { numeral, toCsv, type CsvValue } from '../../domain/csv';
import { toMajorUnitsNumeral } from '../../domain/money';
import type { MyRevenueAndProducts } from '../../domain/portfolio';
import { t } from '../../lib/i18n';

/** Every revenue share (paid and scheduled) as CSV, its header in the reader's language, amounts in major units with the currency's decimals. */
export function revenueCsv(data: MyRevenueAndProducts): string {
  const rows: CsvValue[][] = [
    [
      t('portfolio.csv.date'),
      t('portfolio.csv.project'),
      t('portfolio.csv.tokens'),
      t('portfolio.csv.amount', { currency: data.currency }),
      t('portfolio.csv.state'),
      t('portfolio.csv.memo'),
    ],
  ];
  for (const share of data.shares) {
    rows.push([
      share.paysAt.slice(0, 10),
      share.productName,
      share.balance,
      numeral(toMajorUnitsNumeral(share.amount, data.currency)),
      share.state,
      share.memo ?? '',
    ]);
  }
  return toCsv(rows);
}
