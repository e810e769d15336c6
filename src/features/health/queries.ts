import { queryOptions } from '@tanstack/react-query';
import type { Health } from '../../domain/schemas';
import { api } from '../../lib/api';
import { RequestError } from '../../lib/request-error';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const schemasSchemas = () => import('../../domain/schemas');

export const healthKeys = { all: ['health'] as const };

const unreachable: Health = { status: 'degraded', db: 'down', version: 'unknown' };

/** The server's health, as /health-check shows it. A server answering 503 still reports its body. */
export const healthQueryOptions = () =>
  queryOptions({
    queryKey: healthKeys.all,
    queryFn: async ({ signal }) => {
      try {
        return {
          health: await api.request('/api/health', { schema: loadSchema(schemasSchemas, 'healthSchema'), signal }),
          checkedAt: new Date().toISOString(),
        };
      } catch (error) {
        if (error instanceof RequestError)
          return { health: unreachable, checkedAt: new Date().toISOString(), error: error.message };
        throw error;
      }
    },
    refetchInterval: 30_000,
    meta: { persist: false },
  });
