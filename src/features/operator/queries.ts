import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const operatorSchemas = () => import('../../domain/operator');

/**
 * Every operator read starts with this key. The persister leaves the whole prefix out of
 * IndexedDB (src/lib/query-persistence.ts) and memory forgets it at the default time: the console
 * is online-only and other people's data never stays on the device (decision 1802).
 */
export const OPERATOR_KEY = 'operator';

export const operatorKeys = {
  all: () => [OPERATOR_KEY] as const,
  queue: () => [OPERATOR_KEY, 'queue'] as const,
};

/** Operator reads are never saved on the device (the key prefix), and say so in their meta too. */
const operatorMeta = { persist: false } as const;

export const queueOptions = () =>
  queryOptions({
    queryKey: operatorKeys.queue(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/operator/queue', { schema: loadSchema(operatorSchemas, 'queueResponseSchema'), signal }),
    staleTime: 15_000,
    meta: operatorMeta,
  });
