import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { UserRole } from '../../domain/auth';
import type { DistributionCommitRequest, DistributionRequest, ReviewDecisionRequest } from '../../domain/operator';
import type { AgendaRequest, NoticeRequest } from '../../domain/operator-governance';
import type { ReviewKind } from '../../domain/operator-console';
import type { MarketSettingsRequest } from '../../domain/operator-market';
import type { ProjectInputDraft } from '../../domain/project-editing';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';
import { t, type MessageKey } from '../../lib/i18n';
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

/**
 * Allow a person into a restricted project, or decline their request with a reason. Sent now or
 * not at all (online-only); every console read is asked again after it.
 */
export function useWhitelistAnswer() {
  const refresh = useRefreshConsole();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({
      productId,
      userId,
      answer,
      reason,
    }: {
      productId: number;
      userId: string;
      answer: 'allow' | 'decline';
      reason?: string;
    }) =>
      api.request(`/api/v1/operator/whitelist-requests/${productId}/${encodeURIComponent(userId)}/${answer}`, {
        method: 'POST',
        ...(answer === 'decline' ? { body: { reason } } : {}),
        schema: loadSchema(operatorSchemas, 'doneSchema'),
      }),
    onSuccess: async (_done, { answer }) => {
      toast.success(t(answer === 'allow' ? 'operator.whitelist.allowed' : 'operator.whitelist.declined'));
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

const peopleSchemas = () => import('../../domain/operator-people');

/** Bans an account, or lifts the ban; the reason goes into the audit log either way. */
export function useBanAction(userId: string, action: 'ban' | 'unban') {
  const refresh = useRefreshConsole();
  return useMutation({
    networkMode: 'always',
    mutationFn: (reason: string) =>
      api.request(`/api/v1/operator/users/${encodeURIComponent(userId)}/${action}`, {
        method: 'POST',
        body: reason ? { reason } : {},
        schema: loadSchema(operatorSchemas, 'doneSchema'),
      }),
    onSuccess: async () => {
      toast.success(t(action === 'ban' ? 'operator.people.banned' : 'operator.people.unbanned'));
      await refresh();
    },
    onError,
  });
}

/** Grants or takes back a role; granting ADMIN answers with the approval it proposed. */
export function useRoleChange(userId: string) {
  const refresh = useRefreshConsole();
  return useMutation({
    networkMode: 'always',
    mutationFn: (role: UserRole) =>
      api.request(`/api/v1/operator/users/${encodeURIComponent(userId)}/role`, {
        method: 'PUT',
        body: { role },
        schema: loadSchema(operatorSchemas, 'roleOutcomeSchema'),
      }),
    onSuccess: async (outcome) => {
      toast.success(t(outcome.status === 'PROPOSED' ? 'operator.fourEyes.proposed' : 'operator.people.roleChanged'));
      await refresh();
    },
    onError,
  });
}

/** Marks a physical gift shipped with its tracking note. */
export function useShipGift() {
  const refresh = useRefreshConsole();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, tracking }: { id: string; tracking: string }) =>
      api.request(`/api/v1/operator/gifts/${encodeURIComponent(id)}/ship`, {
        method: 'POST',
        body: tracking ? { tracking } : {},
        schema: loadSchema(peopleSchemas, 'giftShipOutcomeSchema'),
      }),
    onSuccess: async () => {
      toast.success(t('operator.gifts.shipped'));
      await refresh();
    },
    onError,
  });
}

// ---------------------------------------------------------------------------------------------
// Revenue distributions and governance

/** Every holder's exact share, nothing written: a mutation, since it is asked for on purpose. */
export function useDistributionPreview() {
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: DistributionRequest) =>
      api.request('/api/v1/operator/distributions/preview', {
        method: 'POST',
        body,
        schema: loadSchema(operatorSchemas, 'distributionPreviewSchema'),
      }),
  });
}

/** Commits (or, with four eyes, proposes) with the form's one idempotency key. */
export function useDistributionCommit() {
  const refresh = useRefreshConsole();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ body, key }: { body: DistributionCommitRequest; key: string }) =>
      api.request('/api/v1/operator/distributions', {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
        schema: loadSchema(operatorSchemas, 'distributionOutcomeSchema'),
      }),
    onSuccess: async () => {
      await refresh();
    },
  });
}

type GovernanceCall =
  | { action: 'post-notice'; body: NoticeRequest }
  | { action: 'pin-notice'; id: number; isPinned: boolean }
  | { action: 'open-agenda'; body: AgendaRequest }
  | { action: 'close-agenda'; id: number }
  | { action: 'cancel-proposal'; id: number; reason: string }
  | { action: 'hide-post'; id: number; reason: string }
  | { action: 'restore-post'; id: number; reason?: string };

const DONE: Record<GovernanceCall['action'], MessageKey> = {
  'post-notice': 'operator.governance.done.postNotice',
  'pin-notice': 'operator.governance.done.pinNotice',
  'open-agenda': 'operator.governance.done.openAgenda',
  'close-agenda': 'operator.governance.done.closeAgenda',
  'cancel-proposal': 'operator.governance.done.cancelProposal',
  'hide-post': 'operator.governance.done.hidePost',
  'restore-post': 'operator.governance.done.restorePost',
};

function send(call: GovernanceCall) {
  const at = '/api/v1/operator/governance';
  switch (call.action) {
    case 'post-notice':
      return api.request(`${at}/notices`, { method: 'POST', body: call.body });
    case 'pin-notice':
      return api.request(`${at}/notices/${call.id}/pin`, { method: 'PUT', body: { isPinned: call.isPinned } });
    case 'open-agenda':
      return api.request(`${at}/agendas`, { method: 'POST', body: call.body });
    case 'close-agenda':
      return api.request(`${at}/agendas/${call.id}/close`, { method: 'POST' });
    case 'cancel-proposal':
      return api.request(`${at}/proposals/${call.id}/cancel`, { method: 'POST', body: { reason: call.reason } });
    case 'hide-post':
      return api.request(`${at}/posts/${call.id}/hide`, { method: 'POST', body: { reason: call.reason } });
    case 'restore-post':
      return api.request(`${at}/posts/${call.id}/restore`, {
        method: 'POST',
        body: call.reason ? { reason: call.reason } : {},
      });
  }
}

/** One governance action; the screen shows the error where it was asked, and a toast says it is done. */
export function useGovernanceAction() {
  const refresh = useRefreshConsole();
  return useMutation({
    networkMode: 'always',
    mutationFn: (call: GovernanceCall) => send(call),
    onSuccess: async (_answer, call) => {
      toast.success(t(DONE[call.action]));
      await refresh();
    },
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

// A project's market (src/domain/operator-market.ts)

const marketSchemas = () => import('../../domain/operator-market');

type MarketAction =
  | { kind: 'open' | 'close' | 'resume' }
  | { kind: 'halt'; reason: string }
  | { kind: 'settings'; settings: MarketSettingsRequest }
  | { kind: 'cancel-all'; reason: string };

/** One hook for the market's actions: each answers the market as it now is, and the screen refreshes. */
export function useMarketAction(id: number) {
  const queryClient = useQueryClient();
  const base = `/api/v1/operator/projects/${id}/market`;
  return useMutation({
    networkMode: 'always',
    mutationFn: async (action: MarketAction) => {
      switch (action.kind) {
        case 'settings':
          await api.request(`${base}/settings`, {
            method: 'PUT',
            body: action.settings,
            schema: loadSchema(marketSchemas, 'operatorMarketSchema'),
          });
          return { action, cancelled: 0 };
        case 'cancel-all': {
          const result = await api.request(`${base}/cancel-all`, {
            method: 'POST',
            body: { reason: action.reason },
            schema: loadSchema(marketSchemas, 'marketCancelAllResultSchema'),
          });
          return { action, cancelled: result.cancelled };
        }
        case 'halt':
          await api.request(`${base}/halt`, {
            method: 'POST',
            body: { reason: action.reason },
            schema: loadSchema(marketSchemas, 'operatorMarketSchema'),
          });
          return { action, cancelled: 0 };
        default:
          await api.request(`${base}/${action.kind}`, {
            method: 'POST',
            body: {},
            schema: loadSchema(marketSchemas, 'operatorMarketSchema'),
          });
          return { action, cancelled: 0 };
      }
    },
    onSuccess: async ({ action, cancelled }) => {
      toast.success(
        action.kind === 'cancel-all'
          ? t('operator.market.done.cancel-all', { count: cancelled })
          : t(`operator.market.done.${action.kind}`),
      );
      await queryClient.invalidateQueries({ queryKey: [...operatorKeys.all(), 'market', id] });
    },
    onError,
  });
}
