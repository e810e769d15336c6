import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';

/**
 * The Projects screen's documents read. Every operator read starts with this key (as in
 * features/operator): the persister leaves the prefix out of IndexedDB, sign-out clears it.
 */
export const OPERATOR_KEY = 'operator';

const schemas = () => import('../../domain/project-documents');

export const projectDocumentsKey = (id: number) => [OPERATOR_KEY, 'projects', id, 'documents'] as const;

export const projectDocumentsOptions = (id: number) =>
  queryOptions({
    queryKey: projectDocumentsKey(id),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/operator/projects/${id}/documents`, {
        schema: loadSchema(schemas, 'operatorDocumentListSchema'),
        signal,
      }),
    staleTime: 15_000,
    meta: { persist: false },
  });
