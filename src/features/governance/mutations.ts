import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type {
  ProposalRequest,
  ThreadRequest,
  ThreadUpdate,
  Answer,
  Thread,
  VoteRequest,
  VotingKind,
} from '../../domain/governance';
import { api } from '../../lib/api';
import { t } from '../../lib/i18n';
import { governanceKeys, votingPath } from './queries';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const governanceSchemas = () => import('../../domain/governance');

const onError = (error: Error) => toast.error(error.message);

/** A vote is sent now or not at all: offline the button is disabled, never queued. */
export function useCastVote(productId: number, kind: VotingKind) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, body }: { id: number; body: VoteRequest }) =>
      api.request(`/api/v1/governance/${productId}/${votingPath(kind)}/${id}/vote`, {
        method: 'POST',
        body,
        schema: loadSchema(governanceSchemas, 'ballotItemSchema'),
      }),
    onSuccess: async () => {
      toast.success(t('governance.voted'));
      await queryClient.invalidateQueries({ queryKey: governanceKeys.votings(productId, kind) });
    },
    onError,
  });
}

export function useCreateProposal(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: ProposalRequest) =>
      api.request(`/api/v1/governance/${productId}/proposals`, {
        method: 'POST',
        body,
        schema: loadSchema(governanceSchemas, 'ballotItemSchema'),
      }),
    onSuccess: async () => {
      toast.success(t('governance.proposalOpened'));
      await queryClient.invalidateQueries({ queryKey: governanceKeys.votings(productId, 'PROPOSAL') });
    },
    // The form shows the refusal beside its button (a cap on open proposals, the day's limit, …).
  });
}

export function useMarkNoticeRead(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.request(`/api/v1/governance/${productId}/notices/${id}/read`, {
        method: 'POST',
        schema: loadSchema(governanceSchemas, 'noticeSchema'),
      }),
    onSuccess: (notice) => {
      queryClient.setQueryData(governanceKeys.notice(productId, notice.id), notice);
      return queryClient.invalidateQueries({ queryKey: governanceKeys.notices(productId) });
    },
  });
}

/** The author edits a thread (title and text) or an answer (text); online only. */
export function useUpdatePost(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (
      input:
        { kind: 'thread'; id: number; body: ThreadUpdate } | { kind: 'answer'; id: number; body: { body: string } },
    ): Promise<Thread | Answer> =>
      input.kind === 'thread'
        ? api.request(`/api/v1/governance/${productId}/threads/${input.id}`, {
            method: 'PUT',
            body: input.body,
            schema: loadSchema(governanceSchemas, 'threadSchema'),
          })
        : api.request(`/api/v1/governance/${productId}/answers/${input.id}`, {
            method: 'PUT',
            body: input.body,
            schema: loadSchema(governanceSchemas, 'answerSchema'),
          }),
    onSuccess: async () => {
      toast.success(t('governance.saved'));
      await queryClient.invalidateQueries({ queryKey: governanceKeys.all(productId) });
    },
    onError,
  });
}

export function useCreateThread(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: ThreadRequest) =>
      api.request(`/api/v1/governance/${productId}/threads`, {
        method: 'POST',
        body,
        schema: loadSchema(governanceSchemas, 'threadSchema'),
      }),
    onSuccess: async () => {
      toast.success(t('governance.posted'));
      await queryClient.invalidateQueries({ queryKey: governanceKeys.all(productId) });
    },
    onError,
  });
}

export function useCreateAnswer(productId: number, threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: { body: string }) =>
      api.request(`/api/v1/governance/${productId}/threads/${threadId}/answers`, {
        method: 'POST',
        body,
        schema: loadSchema(governanceSchemas, 'answerSchema'),
      }),
    onSuccess: async () => {
      toast.success(t('governance.posted'));
      await queryClient.invalidateQueries({ queryKey: governanceKeys.all(productId) });
    },
    onError,
  });
}

export function useDeletePost(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, kind }: { id: number; kind: 'thread' | 'answer' }) =>
      api.request(`/api/v1/governance/${productId}/${kind === 'thread' ? 'threads' : 'answers'}/${id}`, {
        method: 'DELETE',
      }),
    onSuccess: async (_, { id, kind }) => {
      toast.success(t('governance.deleted'));
      // A deleted thread's own page is left first (by the caller); its query is dropped, not refetched into a 404.
      const gone = governanceKeys.thread(productId, id);
      await queryClient.invalidateQueries({
        queryKey: governanceKeys.all(productId),
        predicate: (query) => kind !== 'thread' || query.queryKey[2] !== gone[2] || query.queryKey[3] !== gone[3],
      });
      if (kind === 'thread') queryClient.removeQueries({ queryKey: gone, exact: true });
    },
    onError,
  });
}

export function useReportPost(productId: number) {
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.request(`/api/v1/governance/${productId}/posts/${id}/report`, { method: 'POST', body: { reason } }),
    onSuccess: () => toast.success(t('governance.reported')),
    onError,
  });
}
