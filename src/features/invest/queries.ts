import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const kycSchemas = () => import('../../domain/kyc');
const ordersSchemas = () => import('../../domain/orders');

export const investKeys = {
  all: ['invest'] as const,
  purchaseIdentities: () => [...investKeys.all, 'purchase-identities'] as const,
  orders: () => [...investKeys.all, 'orders'] as const,
  myOrders: (productId?: number) => [...investKeys.orders(), 'mine', productId ?? 'all'] as const,
  order: (id: string) => [...investKeys.orders(), 'one', id] as const,
  contract: (orderId: string) => [...investKeys.all, 'contract', orderId] as const,
  signStatus: (orderId: string) => [...investKeys.all, 'sign-status', orderId] as const,
};

/** The identities the investor may buy under, the saved default marked. Personal: never persisted. */
export const purchaseIdentitiesOptions = () =>
  queryOptions({
    queryKey: investKeys.purchaseIdentities(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/kyc/purchase/list', { schema: loadSchema(kycSchemas, 'purchaseListSchema'), signal }),
    staleTime: 0,
    meta: { persist: false },
  });

/**
 * One order with its payment instructions and timeline (GET /api/v1/payment/manual?id=, the
 * spec's call). Kept in the offline cache on purpose: the instructions stay readable at the
 * bank counter with no signal.
 */
export const orderOptions = (id: string) =>
  queryOptions({
    queryKey: investKeys.order(id),
    queryFn: ({ signal }) =>
      api.request('/api/v1/payment/manual', {
        query: { id },
        schema: loadSchema(ordersSchemas, 'orderSchema'),
        signal,
      }),
    staleTime: 10_000,
  });

/** The investor's orders, newest first; optionally those of one project. */
export const myOrdersOptions = (productId?: number) =>
  queryOptions({
    queryKey: investKeys.myOrders(productId),
    queryFn: ({ signal }) =>
      api.request('/api/v1/users/me/orders', {
        query: { productId },
        schema: loadSchema(ordersSchemas, 'myOrdersResponseSchema'),
        signal,
      }),
    staleTime: 10_000,
  });

/** The contract for one order, with the SHA-256 of its exact text. Names the investor: not persisted. */
export const contractOptions = (productId: number, orderId: string) =>
  queryOptions({
    queryKey: investKeys.contract(orderId),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/products/${productId}/sign`, {
        query: { orderId },
        schema: loadSchema(ordersSchemas, 'contractViewSchema'),
        signal,
      }),
    staleTime: 0,
    meta: { persist: false },
  });
