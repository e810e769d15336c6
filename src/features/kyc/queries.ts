import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const kycSchemas = () => import('../../domain/kyc');

export const kycKeys = {
  all: ['kyc'] as const,
  status: () => [...kycKeys.all, 'status'] as const,
  token: () => [...kycKeys.all, 'token'] as const,
  investor: () => [...kycKeys.all, 'investor'] as const,
};

/** While a review runs, the result page asks again this often, so a decision shows by itself. */
export const REVIEW_POLL_MS = 5_000;

const isRunning = (status: string | undefined) => status !== undefined && status !== 'init' && status !== 'completed';

/** Personal data (legal name, date of birth): kept in memory only, never in the offline cache. */
export const kycStatusQueryOptions = () =>
  queryOptions({
    queryKey: kycKeys.status(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/kyc/status', { schema: loadSchema(kycSchemas, 'kycStatusSchema'), signal }),
    staleTime: 0,
    refetchInterval: (query) => (isRunning(query.state.data?.reviewStatus) ? REVIEW_POLL_MS : false),
    meta: { persist: false },
  });

/** The WebSDK token is a credential: never persisted, never reused after it expires. */
export const identityTokenQueryOptions = () =>
  queryOptions({
    queryKey: kycKeys.token(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/kyc/generate/token', {
        method: 'POST',
        schema: loadSchema(kycSchemas, 'generateTokenResponseSchema'),
        signal,
      }),
    staleTime: 5 * 60_000,
    gcTime: 5 * 60_000,
    retry: false,
    meta: { persist: false },
  });

export const investorStatusQueryOptions = () =>
  queryOptions({
    queryKey: kycKeys.investor(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/kyc/investor', { schema: loadSchema(kycSchemas, 'investorStatusSchema'), signal }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? REVIEW_POLL_MS * 2 : false),
    meta: { persist: false },
  });
