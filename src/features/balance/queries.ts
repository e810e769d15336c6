import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { CashEntriesPage, CashEntry } from '../../domain/cash';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';
import { balanceKeys } from './keys';

// The response schemas load with the first response that needs them, not with the page.
const cashSchemas = () => import('../../domain/cash');

/** Available and held, the personal deposit reference and where to pay in. Saved for offline. */
export const balanceQueryOptions = () =>
  queryOptions({
    queryKey: balanceKeys.summary(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/users/me/balance', { schema: loadSchema(cashSchemas, 'cashBalanceSchema'), signal }),
    staleTime: 15_000,
  });

/** The entries, newest first, one month or all, a page at a time. Saved for offline. */
export const balanceEntriesQueryOptions = (month: string | null) =>
  infiniteQueryOptions({
    queryKey: balanceKeys.entries(month),
    queryFn: ({ signal, pageParam }) =>
      api.request('/api/v1/users/me/balance/entries', {
        query: { month: month ?? undefined, cursor: pageParam ?? undefined },
        schema: loadSchema(cashSchemas, 'cashEntriesPageSchema'),
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 15_000,
  });

/** The entry among the entries lists this device already has (fetched now or saved), if any. */
export function findSavedEntry(queryClient: QueryClient, id: number): CashEntry | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<CashEntriesPage>>({
    queryKey: balanceKeys.entryLists(),
  })) {
    for (const page of data?.pages ?? []) {
      const found = page.entries.find((entry) => entry.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * One entry (the one a revenue share was paid in by, say). Saved for offline; where it was never
 * fetched, the page reads it from the saved entries lists (`findSavedEntry`).
 */
export const balanceEntryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: balanceKeys.entry(id),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/users/me/balance/entries/${id}`, {
        schema: loadSchema(cashSchemas, 'cashEntrySchema'),
        signal,
      }),
    staleTime: 60_000,
  });

const cashStatementSchemas = () => import('../../domain/cash-statements');

/** The monthly and annual statements of the balance (the PDFs are made on download). Saved for offline. */
export const cashStatementsQueryOptions = () =>
  queryOptions({
    queryKey: balanceKeys.statements(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/users/me/cash-statements', {
        schema: loadSchema(cashStatementSchemas, 'myCashStatementsResponseSchema'),
        signal,
      }),
    staleTime: 60_000,
  });

export const withdrawalsQueryOptions = () =>
  queryOptions({
    queryKey: balanceKeys.withdrawals(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/users/me/withdrawals', {
        schema: loadSchema(cashSchemas, 'withdrawalsResponseSchema'),
        signal,
      }),
    staleTime: 15_000,
  });
