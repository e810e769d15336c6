import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { NoticeList, VotingKind } from '../../domain/governance';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const governanceSchemas = () => import('../../domain/governance');

/** Everything governance reads is persisted, so it opens offline with its "last updated" time. */
export const governanceKeys = {
  /** Every project's governance reads (a change that may touch any of them). */
  everyProject: () => ['governance'] as const,
  all: (productId: number) => [...governanceKeys.everyProject(), productId] as const,
  notices: (productId: number) => [...governanceKeys.all(productId), 'notices'] as const,
  notice: (productId: number, id: number) => [...governanceKeys.all(productId), 'notice', id] as const,
  threads: (productId: number, source: string) => [...governanceKeys.all(productId), 'threads', source] as const,
  thread: (productId: number, id: number) => [...governanceKeys.all(productId), 'thread', id] as const,
  votings: (productId: number, kind: VotingKind) => [...governanceKeys.all(productId), 'votings', kind] as const,
};

export const votingPath = (kind: VotingKind) => (kind === 'PROPOSAL' ? 'proposals' : 'agendas');

export const noticesOptions = (productId: number) =>
  queryOptions({
    queryKey: governanceKeys.notices(productId),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/governance/${productId}/notices`, {
        schema: loadSchema(governanceSchemas, 'noticeListSchema'),
        signal,
      }),
    staleTime: 30_000,
  });

/**
 * One notice. Until it is fetched on its own it starts from the list the reader already has (with
 * the list's time), so every notice of a list seen online also opens offline.
 */
export const noticeOptions = (productId: number, id: number, queryClient?: QueryClient) =>
  queryOptions({
    queryKey: governanceKeys.notice(productId, id),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/governance/${productId}/notices/${id}`, {
        schema: loadSchema(governanceSchemas, 'noticeSchema'),
        signal,
      }),
    staleTime: 30_000,
    initialData: () =>
      queryClient
        ?.getQueryData<NoticeList>(governanceKeys.notices(productId))
        ?.notices.find((notice) => notice.id === id),
    initialDataUpdatedAt: () => queryClient?.getQueryState(governanceKeys.notices(productId))?.dataUpdatedAt,
  });

export const threadsOptions = (productId: number, source: string) =>
  queryOptions({
    queryKey: governanceKeys.threads(productId, source),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/governance/${productId}/threads`, {
        query: { source },
        schema: loadSchema(governanceSchemas, 'threadListSchema'),
        signal,
      }),
    staleTime: 30_000,
  });

export const threadOptions = (productId: number, id: number) =>
  queryOptions({
    queryKey: governanceKeys.thread(productId, id),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/governance/${productId}/threads/${id}`, {
        schema: loadSchema(governanceSchemas, 'threadDetailSchema'),
        signal,
      }),
    staleTime: 30_000,
  });

export const votingsOptions = (productId: number, kind: VotingKind) =>
  queryOptions({
    queryKey: governanceKeys.votings(productId, kind),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/governance/${productId}/${votingPath(kind)}`, {
        schema: loadSchema(governanceSchemas, 'ballotItemListSchema'),
        signal,
      }),
    staleTime: 15_000,
  });
