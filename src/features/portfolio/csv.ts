import { numeral, toCsv, type CsvValue } from '../../domain/csv';
import { toMajorUnitsNumeral } from '../../domain/money';
import type { MyRevenueAndProducts } from '../../domain/portfolio';

/** Every revenue share (paid and scheduled) as CSV, amounts in major units with the currency's decimals. */
export function revenueCsv(data: MyRevenueAndProducts): string {
  const rows: CsvValue[][] = [
    ['date', 'project', 'tokens at record date', `amount (${data.currency})`, 'state', 'memo'],
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
