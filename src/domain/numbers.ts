/**
 * Number shortening of spec §9: K, M, B, T, truncated (never rounded up) to one decimal, so
 * 999 949 shows as 999.9K and never as a misleading 1M.
 */
const units = [
  { value: 1e12, suffix: 'T' },
  { value: 1e9, suffix: 'B' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
] as const;

export function shortenNumber(value: number): string {
  if (!Number.isFinite(value)) return '-';
  const sign = value < 0 ? '-' : '';
  const magnitude = Math.abs(value);
  for (const unit of units) {
    if (magnitude >= unit.value) {
      // Work in tenths of the unit with an integer, so 999 949 / 1000 = 999.949 -> 9999 tenths.
      const tenths = Math.floor((magnitude * 10) / unit.value + 1e-9);
      const whole = Math.floor(tenths / 10);
      const decimal = tenths % 10;
      return `${sign}${whole}${decimal ? `.${decimal}` : ''}${unit.suffix}`;
    }
  }
  const truncated = Math.trunc(magnitude * 10) / 10;
  return `${sign}${truncated}`;
}

/**
 * A whole number with its thousands grouped by commas (12,000), as English and Korean both
 * write them. For texts built when a module loads: it needs no Intl formatter, whose first use
 * costs a phone tens of milliseconds.
 */
export function groupThousands(value: number): string {
  const digits = String(Math.trunc(Math.abs(value)));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${grouped}` : grouped;
}
