import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';

/**
 * The console's key prefix (features/operator/queries.ts): the persister leaves it out of
 * IndexedDB, so drafts never stay on the device (decision 1802).
 */
export const OPERATOR_KEY = 'operator';

// The response schemas load with the first response that needs them, not with the page.
const schemas = () => import('../../domain/operator-posts');

export const operatorPostKeys = {
  all: () => [OPERATOR_KEY, 'posts'] as const,
  list: () => [OPERATOR_KEY, 'posts', 'list'] as const,
  post: (id: number) => [OPERATOR_KEY, 'posts', id] as const,
  preview: (markdown: string) => [OPERATOR_KEY, 'posts', 'preview', markdown] as const,
};

const meta = { persist: false } as const;

export const operatorPostsOptions = () =>
  queryOptions({
    queryKey: operatorPostKeys.list(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/operator/posts', { schema: loadSchema(schemas, 'operatorPostListSchema'), signal }),
    staleTime: 10_000,
    meta,
  });

export const operatorPostOptions = (id: number) =>
  queryOptions({
    queryKey: operatorPostKeys.post(id),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/operator/posts/${id}`, { schema: loadSchema(schemas, 'operatorPostSchema'), signal }),
    // The editor keeps what the operator types; a refetch behind it would not change the form.
    staleTime: Infinity,
    meta,
  });

/**
 * The live preview: the server makes the Markdown into HTML and sanitizes it exactly as saving
 * would, so what the operator sees is what readers will get.
 */
export const postPreviewOptions = (markdown: string) =>
  queryOptions({
    queryKey: operatorPostKeys.preview(markdown),
    queryFn: ({ signal }) =>
      api.request('/api/v1/operator/posts/preview', {
        method: 'POST',
        body: { markdown },
        schema: loadSchema(schemas, 'postPreviewSchema'),
        signal,
      }),
    staleTime: Infinity,
    gcTime: 60_000,
    meta,
  });
