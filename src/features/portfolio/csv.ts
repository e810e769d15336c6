import type { MyRevenueAndProducts } from '../../domain/portfolio';

const cell = (value: string | number) => {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Every revenue share (paid and scheduled) as CSV, amounts in major units with two decimals. */
export function revenueCsv(data: MyRevenueAndProducts): string {
  const rows: Array<Array<string | number>> = [
    ['date', 'project', 'tokens at record date', `amount (${data.currency})`, 'state', 'memo'],
  ];
  for (const share of data.shares) {
    rows.push([
      share.paysAt.slice(0, 10),
      share.productName,
      share.balance,
      (share.amount / 100).toFixed(2),
      share.state,
      share.memo ?? '',
    ]);
  }
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
