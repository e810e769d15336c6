import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
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
