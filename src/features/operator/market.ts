import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';
import { OPERATOR_KEY } from './queries';

/**
 * A project's market in the console (src/domain/operator-market.ts): its reads and actions, in
 * the market screen's chunk only (its actions: useMarketAction in mutations.ts). Reads sit under the operator key, so they are never saved on
 * the device; actions are sent now or not at all.
 */
const marketSchemas = () => import('../../domain/operator-market');
const operatorMeta = { persist: false } as const;

export const operatorMarketKeys = {
  market: (id: number) => [OPERATOR_KEY, 'market', id] as const,
  trades: (id: number, cursor: number | undefined) => [OPERATOR_KEY, 'market', id, 'trades', cursor ?? 0] as const,
};

export const operatorMarketOptions = (id: number) =>
  queryOptions({
    queryKey: operatorMarketKeys.market(id),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/operator/projects/${id}/market`, {
        schema: loadSchema(marketSchemas, 'operatorMarketSchema'),
        signal,
      }),
    staleTime: 5_000,
    meta: operatorMeta,
  });

export const operatorMarketTradesOptions = (id: number, cursor?: number) =>
  queryOptions({
    queryKey: operatorMarketKeys.trades(id, cursor),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/operator/projects/${id}/market/trades`, {
        query: cursor ? { cursor: String(cursor) } : {},
        schema: loadSchema(marketSchemas, 'operatorMarketTradesPageSchema'),
        signal,
      }),
    staleTime: 5_000,
    meta: operatorMeta,
  });

/** Every trade of the project as the CSV file the server writes (formulas neutralised), with its name. */
export function downloadMarketTrades(id: number) {
  return api.download(`/api/v1/operator/projects/${id}/market/trades`, { query: { format: 'csv' } });
}
