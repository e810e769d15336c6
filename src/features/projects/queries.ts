import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ProductListQuery } from '../../domain/products';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const productsSchemas = () => import('../../domain/products');

export type ProductFilter = Pick<ProductListQuery, 'saleStatus' | 'categoryId'>;

export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (filter: ProductFilter) => [...productKeys.lists(), filter] as const,
  /** Under the lists, so what refreshes the lists (an allowed project) refreshes the shelves too. */
  shelves: () => [...productKeys.lists(), 'shelves'] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: number) => [...productKeys.details(), id] as const,
  whitelist: (id: number) => [...productKeys.all, 'whitelist', id] as const,
  categories: () => ['categories'] as const,
};

/** Pages of project cards, following the server's cursor. */
export const productListOptions = (filter: ProductFilter, limit = 9) =>
  infiniteQueryOptions({
    queryKey: [...productKeys.list(filter), limit] as const,
    queryFn: ({ pageParam, signal }) =>
      api.request('/api/v1/products', {
        query: { ...filter, limit, nextId: pageParam ?? undefined, hideStatus: 'SHOW' },
        schema: loadSchema(productsSchemas, 'productListResponseSchema'),
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.pageAndInfiniteScrollResponse.nextId,
    staleTime: 30_000,
  });

/** The home page's shelves: featured, most popular and closing soon, picked by the server. */
export const productShelvesOptions = () =>
  queryOptions({
    queryKey: productKeys.shelves(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/products/shelves', {
        schema: loadSchema(productsSchemas, 'productShelvesSchema'),
        signal,
      }),
    staleTime: 30_000,
  });

export const categoriesOptions = () =>
  queryOptions({
    queryKey: productKeys.categories(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/categories', { schema: loadSchema(productsSchemas, 'categoryListSchema'), signal }),
    staleTime: 5 * 60_000,
  });

export const productDetailOptions = (id: number) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/products/${id}`, { schema: loadSchema(productsSchemas, 'productDetailSchema'), signal }),
    staleTime: 30_000,
  });

/** How often a waiting access request is checked, so the page changes by itself when it is answered. */
export const WHITELIST_POLL_MS = 10_000;

export const whitelistStateOptions = (id: number) =>
  queryOptions({
    queryKey: productKeys.whitelist(id),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/products/${id}/whitelist`, {
        schema: loadSchema(productsSchemas, 'whitelistStateSchema'),
        signal,
      }),
    refetchInterval: (query) => (query.state.data?.status === 'REQUEST' ? WHITELIST_POLL_MS : false),
  });
