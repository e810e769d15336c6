/** Minor units as money in the viewer's locale. */
export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(minor / 100);
}

export function formatMonth(date: string): string {
  return new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
