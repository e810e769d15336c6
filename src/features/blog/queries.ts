import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { POSTS_DEFAULT_LIMIT } from '../../domain/limits';
import { api } from '../../lib/api';
import { buildUrl, loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const postsSchemas = () => import('../../domain/posts');

export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  list: (limit: number) => [...postKeys.lists(), { limit }] as const,
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (urlTitle: string) => [...postKeys.details(), urlTitle] as const,
};

/** The first page's address, exactly as the list asks for it (the worker caches by address). */
export const postListPath = (limit = POSTS_DEFAULT_LIMIT, nextId?: number) =>
  buildUrl('', '/api/v1/posts', { limit, nextId });

export const postPath = (urlTitle: string) => `/api/v1/posts/names/${encodeURIComponent(urlTitle)}`;

export const postListInfiniteOptions = (limit = POSTS_DEFAULT_LIMIT) =>
  infiniteQueryOptions({
    queryKey: postKeys.list(limit),
    queryFn: ({ pageParam, signal }) =>
      api.request(postListPath(limit, pageParam ?? undefined), {
        schema: loadSchema(postsSchemas, 'postListSchema'),
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage) => (lastPage.hasNextPage ? lastPage.nextId : null),
    staleTime: 60_000,
  });

export const postDetailOptions = (urlTitle: string) =>
  queryOptions({
    queryKey: postKeys.detail(urlTitle),
    queryFn: ({ signal }) =>
      api.request(postPath(urlTitle), { schema: loadSchema(postsSchemas, 'postSchema'), signal }),
    staleTime: 60_000,
  });
