import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';
import { OPERATOR_KEY } from './queries';

/**
 * The reads of the console's revenue and governance screens, under the operator prefix: never
 * saved on the device (decision 1802). Their actions are in mutations.ts.
 */

const governanceSchemas = () => import('../../domain/operator-governance');
const operatorMeta = { persist: false } as const;

export const revenueGovernanceKeys = {
  projects: () => [OPERATOR_KEY, 'projects'] as const,
  notices: (productId: number) => [OPERATOR_KEY, 'governance', 'notices', productId] as const,
  votings: (productId: number | null) => [OPERATOR_KEY, 'governance', 'votings', productId] as const,
  reports: () => [OPERATOR_KEY, 'governance', 'reports'] as const,
};

export const projectChoicesOptions = () =>
  queryOptions({
    queryKey: revenueGovernanceKeys.projects(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/operator/project-choices', {
        schema: loadSchema(governanceSchemas, 'projectChoicesSchema'),
        signal,
      }),
    staleTime: 60_000,
    meta: operatorMeta,
  });

export const operatorNoticesOptions = (productId: number) =>
  queryOptions({
    queryKey: revenueGovernanceKeys.notices(productId),
    queryFn: ({ signal }) =>
      api.request('/api/v1/operator/governance/notices', {
        query: { productId },
        schema: loadSchema(governanceSchemas, 'operatorNoticeListSchema'),
        signal,
      }),
    staleTime: 15_000,
    meta: operatorMeta,
  });

export const operatorVotingsOptions = (productId: number | null) =>
  queryOptions({
    queryKey: revenueGovernanceKeys.votings(productId),
    queryFn: ({ signal }) =>
      api.request('/api/v1/operator/governance/votings', {
        query: { productId },
        schema: loadSchema(governanceSchemas, 'operatorVotingListSchema'),
        signal,
      }),
    staleTime: 15_000,
    meta: operatorMeta,
  });

export const reportedPostsOptions = () =>
  queryOptions({
    queryKey: revenueGovernanceKeys.reports(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/operator/governance/reports', {
        schema: loadSchema(governanceSchemas, 'reportedPostListSchema'),
        signal,
      }),
    staleTime: 15_000,
    meta: operatorMeta,
  });
