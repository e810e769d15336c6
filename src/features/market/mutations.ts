import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarketOrderRequest } from '../../domain/market';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';
import { marketKeys } from './queries';

// The response schemas load with the first response that needs them, not with the page.
const marketSchemas = () => import('../../domain/market');

/** Places a limit order; the book, the balance and the holdings change with it. */
export function usePlaceMarketOrder(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarketOrderRequest) =>
      api.request(`/api/v1/products/${productId}/market/orders`, {
        method: 'POST',
        body,
        schema: loadSchema(marketSchemas, 'marketOrderPlacedSchema'),
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: marketKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['balance'] }),
      ]),
  });
}

/** Cancels one of my open orders: what it held comes back; my lists, the book and the balance change. */
export function useCancelMarketOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) =>
      api.request(`/api/v1/market/orders/${orderId}/cancel`, {
        method: 'POST',
        schema: loadSchema(marketSchemas, 'marketOrderSchema'),
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: marketKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['balance'] }),
      ]),
  });
}
