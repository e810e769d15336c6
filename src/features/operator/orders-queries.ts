import { queryOptions } from '@tanstack/react-query';
import type { OperatorOrdersQuery } from '../../domain/operator-orders';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';
import { OPERATOR_KEY } from './queries';

// The response schemas load with the first response that needs them, not with the page.
const ordersSchemas = () => import('../../domain/operator-orders');
const operatorSchemas = () => import('../../domain/operator');

/** Never saved on the device: the key starts with the console's prefix (decision 1802). */
const operatorMeta = { persist: false } as const;

export const ordersKeys = {
  orders: (query: OperatorOrdersQuery) => [OPERATOR_KEY, 'orders', query] as const,
  whitelist: () => [OPERATOR_KEY, 'whitelist'] as const,
};

export const ordersOptions = (query: OperatorOrdersQuery) =>
  queryOptions({
    queryKey: ordersKeys.orders(query),
    queryFn: ({ signal }) =>
      api.request('/api/v1/operator/orders', {
        query: { ...query },
        schema: loadSchema(ordersSchemas, 'operatorOrderListSchema'),
        signal,
      }),
    staleTime: 10_000,
    meta: operatorMeta,
  });

export const whitelistOptions = () =>
  queryOptions({
    queryKey: ordersKeys.whitelist(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/operator/whitelist-requests', {
        schema: loadSchema(operatorSchemas, 'whitelistRequestListSchema'),
        signal,
      }),
    staleTime: 10_000,
    meta: operatorMeta,
  });
