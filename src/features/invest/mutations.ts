import { useMutation, useQueryClient } from '@tanstack/react-query';
import { purchaseListSchema } from '../../domain/kyc';
import { api } from '../../lib/api';
import { investKeys } from './queries';

/** Saves the identity the investor buys under by default; the list comes back with it marked. */
export function useSetDefaultIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.request('/api/v1/kyc/setting/default', { method: 'POST', body: { id }, schema: purchaseListSchema }),
    onSuccess: (list) => queryClient.setQueryData(investKeys.purchaseIdentities(), list),
  });
}
