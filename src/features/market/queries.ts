import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const marketSchemas = () => import('../../domain/market');

export const marketKeys = {
  all: ['market'] as const,
  book: (productId: number) => [...marketKeys.all, 'book', productId] as const,
  /** Every project's chart series (a prefix), or one project's. */
  series: (productId?: number) =>
    productId === undefined
      ? ([...marketKeys.all, 'series'] as const)
      : ([...marketKeys.all, 'series', productId] as const),
};

/** The project's book by price level, last price, the day's change and volume, state and band. */
export const marketQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: marketKeys.book(productId),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/products/${productId}/market`, {
        schema: loadSchema(marketSchemas, 'marketViewSchema'),
        signal,
      }),
    staleTime: 5_000,
  });

/** The price and volume series of the chart: one point per UTC day with trades, bounded by `days`. */
export const marketSeriesQueryOptions = (productId: number, days = 90) =>
  queryOptions({
    queryKey: [...marketKeys.series(productId), days] as const,
    queryFn: ({ signal }) =>
      api.request(`/api/v1/products/${productId}/market/series?days=${days}`, {
        schema: loadSchema(marketSchemas, 'marketSeriesSchema'),
        signal,
      }),
    staleTime: 30_000,
  });
