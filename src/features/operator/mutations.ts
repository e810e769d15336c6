import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { ReviewDecisionRequest } from '../../domain/operator';
import type { ReviewKind } from '../../domain/operator-console';
import type { ProjectInputDraft } from '../../domain/project-editing';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';
import { t } from '../../lib/i18n';
import { operatorKeys } from './queries';

const operatorSchemas = () => import('../../domain/operator');
const projectSchemas = () => import('../../domain/project-editing');
const onError = (error: Error) => toast.error(error.message);

/** Whatever an action changed: every console read is asked again (they are few and small). */
function useRefreshConsole() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      queryKey: operatorKeys.all(),
      predicate: (query) => query.queryKey[1] !== 'document',
    });
}

/** Console actions are sent now or not at all: never queued for later (online-only). */
export function useReviewDecision(kind: ReviewKind, userId: string) {
  const refresh = useRefreshConsole();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: ReviewDecisionRequest) =>
      api.request(
        `/api/v1/operator/${kind === 'IDENTITY' ? 'identity-reviews' : 'investor-verifications'}/${userId}/decision`,
        { method: 'POST', body, schema: loadSchema(operatorSchemas, 'reviewOutcomeSchema') },
      ),
    onSuccess: async () => {
      toast.success(t('operator.reviews.decided'));
      await refresh();
    },
    onError,
  });
}

export function usePaymentAction(action: 'confirm-payment' | 'reject-payment') {
  const refresh = useRefreshConsole();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ reference, reason }: { reference: string; reason?: string }) =>
      api.request(`/api/v1/operator/orders/${encodeURIComponent(reference)}/${action}`, {
        method: 'POST',
        body: action === 'confirm-payment' ? {} : { reason },
        schema: loadSchema(operatorSchemas, 'orderOutcomeSchema'),
      }),
    onSuccess: async (outcome) => {
      toast.success(
        outcome.status === 'PROPOSED'
          ? t('operator.fourEyes.proposed')
          : t(action === 'confirm-payment' ? 'operator.payments.confirmed' : 'operator.payments.rejected'),
      );
      await refresh();
    },
    onError,
  });
}

export function useApprovalAction(action: 'approve' | 'reject') {
  const refresh = useRefreshConsole();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      api.request(`/api/v1/operator/approvals/${id}/${action}`, {
        method: 'POST',
        ...(action === 'reject' ? { body: { reason } } : {}),
      }),
    onSuccess: async () => {
      toast.success(t(action === 'approve' ? 'operator.approvals.approved' : 'operator.approvals.rejected'));
      await refresh();
    },
    onError,
  });
}

/** Saves a project: a new one as a hidden draft (no id), or an edit of the whole project. */
export function useSaveProject(id: number | null) {
  const refresh = useRefreshConsole();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: ProjectInputDraft) =>
      api.request(id === null ? '/api/v1/operator/projects' : `/api/v1/operator/projects/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: loadSchema(projectSchemas, 'operatorProjectSchema'),
      }),
    onSuccess: async () => {
      toast.success(t('operator.projects.saved'));
      await refresh();
    },
    onError,
  });
}

export function useProjectVisibility(id: number) {
  const refresh = useRefreshConsole();
  return useMutation({
    networkMode: 'always',
    mutationFn: (action: 'publish' | 'hide') =>
      api.request(`/api/v1/operator/projects/${id}/${action}`, {
        method: 'POST',
        schema: loadSchema(projectSchemas, 'operatorProjectSchema'),
      }),
    onSuccess: async (project) => {
      toast.success(t(project.state === 'PUBLISHED' ? 'operator.projects.published' : 'operator.projects.hidden'));
      await refresh();
    },
    onError,
  });
}
