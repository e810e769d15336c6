import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WithdrawalRequest } from '../../domain/cash';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';
import { balanceKeys } from './keys';

// The response schemas load with the first response that needs them, not with the page.
const cashSchemas = () => import('../../domain/cash');

/** Asks for a payout; the amount is held at once, so every view of the balance is refreshed. */
export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WithdrawalRequest) =>
      api.request('/api/v1/users/me/withdrawals', {
        method: 'POST',
        body,
        schema: loadSchema(cashSchemas, 'withdrawalSchema'),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: balanceKeys.all }),
  });
}

/** Cancels a payout still waiting to be paid; the held amount is available again. */
export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.request(`/api/v1/users/me/withdrawals/${id}/cancel`, {
        method: 'POST',
        body: {},
        schema: loadSchema(cashSchemas, 'withdrawalSchema'),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: balanceKeys.all }),
  });
}
