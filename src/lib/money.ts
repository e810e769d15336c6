const formatters = new Map<string, Intl.NumberFormat>();

/** One cached Intl formatter per currency and number of decimals. */
export function currencyFormatter(currency: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Minor units to a full amount: 2500 USD cents -> "$25.00". */
export function formatMoney(minor: number, currency: string): string {
  const whole = minor % 100 === 0;
  return currencyFormatter(currency, whole ? 0 : 2).format(minor / 100);
}

/** Minor units to the exact amount to transfer, always with its cents: 2500 -> "$25.00". */
export function formatExactMoney(minor: number, currency: string): string {
  return currencyFormatter(currency, 2).format(minor / 100);
}
