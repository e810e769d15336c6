import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../lib/api';
import { t } from '../../lib/i18n';
import { productKeys } from './queries';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const productsSchemas = () => import('../../domain/products');

export function useToggleSubscription(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.request('/api/v1/products/subscribe', {
        method: 'POST',
        body: { productId },
        schema: loadSchema(productsSchemas, 'subscribeResponseSchema'),
      }),
    onSuccess: async (result) => {
      toast.success(result.isSubscribe ? t('projects.subscribed') : t('projects.unsubscribed'));
      queryClient.setQueryData(productKeys.detail(productId), (detail) =>
        detail ? { ...detail, isSubscribe: result.isSubscribe } : detail,
      );
      await queryClient.invalidateQueries({ queryKey: productKeys.detail(productId) });
    },
    onError: (error) => toast.error(error.message),
  });
}

export function useRequestWhitelist(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.request(`/api/v1/products/${productId}/whitelist`, {
        method: 'POST',
        schema: loadSchema(productsSchemas, 'whitelistStateSchema'),
      }),
    onSuccess: (state) => {
      queryClient.setQueryData(productKeys.whitelist(productId), state);
      toast.success(t('whitelist.requested'));
    },
    onError: (error) => toast.error(error.message),
  });
}
