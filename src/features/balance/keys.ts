/**
 * The query keys of the cash balance (src/domain/cash.ts): the balance, its entries (per month
 * filter), the withdrawals and the monthly and annual statements. Everything under `all` refreshes on the live `balance` event.
 */
export const balanceKeys = {
  all: ['balance'] as const,
  summary: () => [...balanceKeys.all, 'summary'] as const,
  entries: (month: string | null = null) => [...balanceKeys.all, 'entries', month] as const,
  /** Every entries list, whatever its month filter. */
  entryLists: () => [...balanceKeys.all, 'entries'] as const,
  entry: (id: number) => [...balanceKeys.all, 'entry', id] as const,
  withdrawals: () => [...balanceKeys.all, 'withdrawals'] as const,
  statements: () => [...balanceKeys.all, 'statements'] as const,
};
