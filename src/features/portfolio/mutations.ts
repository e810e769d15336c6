import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankDetailsRequest, GiftClaimRequest, WalletAddressRequest } from '../../domain/portfolio';
import { api } from '../../lib/api';
import { portfolioKeys } from './queries';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const portfolioSchemas = () => import('../../domain/portfolio');

export function useSaveBankDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BankDetailsRequest) =>
      api.request('/api/v1/users/me/bank-details', {
        method: 'PUT',
        body,
        schema: loadSchema(portfolioSchemas, 'bankDetailsResponseSchema'),
      }),
    onSuccess: (data) => queryClient.setQueryData(portfolioKeys.bankDetails(), data),
  });
}

export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WalletAddressRequest) =>
      api.request('/api/v1/users/me/addresses', {
        method: 'POST',
        body,
        schema: loadSchema(portfolioSchemas, 'walletAddressSchema'),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portfolioKeys.addresses() }),
  });
}

export function useRemoveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: { id: string; code: string }) =>
      api.request(`/api/v1/users/me/addresses/${id}`, { method: 'DELETE', body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portfolioKeys.addresses() }),
  });
}

export function useClaimGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GiftClaimRequest) =>
      api.request('/api/v1/claim/gift', {
        method: 'POST',
        body,
        schema: loadSchema(portfolioSchemas, 'giftClaimSchema'),
      }),
    onSettled: (_data, _error, body) => queryClient.invalidateQueries({ queryKey: portfolioKeys.gift(body.productId) }),
  });
}

/**
 * Saves a downloaded file under the name the server gave it. `timeoutMs` for files made on
 * request (a statement may wait behind contracts for a render thread).
 */
export async function downloadToDevice(path: string, fallbackName: string, timeoutMs?: number): Promise<void> {
  const file = await api.download(path, timeoutMs ? { timeoutMs } : {});
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
