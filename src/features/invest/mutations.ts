import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetDefaultKycRequest } from '../../domain/kyc';
import type { CreateOrderRequest, Order, PaymentDeclarationRequest, SignRequest } from '../../domain/orders';
import { api } from '../../lib/api';
import { saveDownload } from '../../lib/save-download';
import { investKeys } from './queries';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const kycSchemas = () => import('../../domain/kyc');
const ordersSchemas = () => import('../../domain/orders');

/**
 * Saves the identity and source of funds the investor buys under by default; the list comes
 * back with them marked, and the next purchase starts from them.
 */
export function useSetDefaultIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetDefaultKycRequest) =>
      api.request('/api/v1/kyc/setting/default', {
        method: 'POST',
        body,
        schema: loadSchema(kycSchemas, 'purchaseListSchema'),
      }),
    onSuccess: (list) => queryClient.setQueryData(investKeys.purchaseIdentities(), list),
  });
}

function useOrderUpdate() {
  const queryClient = useQueryClient();
  return async (order: Order) => {
    queryClient.setQueryData(investKeys.order(order.id), order);
    await queryClient.invalidateQueries({ queryKey: investKeys.orders() });
  };
}

/**
 * Reserves the tokens. `idempotencyKey` is chosen once per purchase attempt, so a retry after a
 * lost answer (or a double tap) gets the same order back instead of a second reservation.
 */
export function useCreateOrder(productId: number) {
  const onOrder = useOrderUpdate();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateOrderRequest; idempotencyKey: string }) =>
      api.request(`/api/v1/products/${productId}/investors`, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
        schema: loadSchema(ordersSchemas, 'orderSchema'),
      }),
    onSuccess: onOrder,
  });
}

export function useSignContract(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignRequest) =>
      api.request(`/api/v1/products/${productId}/sign`, {
        method: 'POST',
        body,
        schema: loadSchema(ordersSchemas, 'signStatusSchema'),
      }),
    onSuccess: async (status) => {
      queryClient.setQueryData(investKeys.signStatus(status.orderId), status);
      await queryClient.invalidateQueries({ queryKey: investKeys.contract(status.orderId) });
      await queryClient.invalidateQueries({ queryKey: investKeys.orders() });
    },
  });
}

export function useDeclarePayment() {
  const onOrder = useOrderUpdate();
  return useMutation({
    mutationFn: (body: PaymentDeclarationRequest) =>
      api.request('/api/v1/payment/manual', { method: 'POST', body, schema: loadSchema(ordersSchemas, 'orderSchema') }),
    onSuccess: onOrder,
  });
}

export function useCancelOrder() {
  const onOrder = useOrderUpdate();
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason?: string }) =>
      api.request(`/api/v1/orders/${orderId}/cancel`, {
        method: 'POST',
        body: reason ? { reason } : {},
        schema: loadSchema(ordersSchemas, 'orderSchema'),
      }),
    onSuccess: onOrder,
  });
}

/** Downloads the signed contract; the file is named as the server's Content-Disposition says. */
export function useDownloadSignFile() {
  return useMutation({
    mutationFn: async ({ fileId, fallbackName }: { fileId: string; fallbackName: string }) => {
      const download = await api.download(`/api/v1/users/me/sign-files/${fileId}`);
      return saveDownload(download, fallbackName);
    },
  });
}
