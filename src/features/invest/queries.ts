import { queryOptions } from '@tanstack/react-query';
import { purchaseListSchema } from '../../domain/kyc';
import { api } from '../../lib/api';

export const investKeys = {
  all: ['invest'] as const,
  purchaseIdentities: () => [...investKeys.all, 'purchase-identities'] as const,
};

/** The identities the investor may buy under, the saved default marked. Personal: never persisted. */
export const purchaseIdentitiesOptions = () =>
  queryOptions({
    queryKey: investKeys.purchaseIdentities(),
    queryFn: ({ signal }) => api.request('/api/v1/kyc/purchase/list', { schema: purchaseListSchema, signal }),
    staleTime: 0,
    meta: { persist: false },
  });
