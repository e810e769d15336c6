import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';

// The response schemas load with the first response that needs them, not with the page.
const portfolioSchemas = () => import('../../domain/portfolio');

/** One key family for the account area, so sign-out and mutations clear or refresh it together. */
export const portfolioKeys = {
  all: ['portfolio'] as const,
  revenues: (productId: number | null) => ['portfolio', 'revenues', productId ?? 'all'] as const,
  documents: () => ['portfolio', 'documents'] as const,
  statements: () => ['portfolio', 'statements'] as const,
  bankDetails: () => ['portfolio', 'bank-details'] as const,
  addresses: () => ['portfolio', 'addresses'] as const,
  gift: (productId: number) => ['portfolio', 'gift', productId] as const,
};

export const revenuesQueryOptions = (productId: number | null = null) =>
  queryOptions({
    queryKey: portfolioKeys.revenues(productId),
    queryFn: async ({ signal }) =>
      (
        await api.request(`/api/v1/users/me/revenues?interval=month${productId ? `&productId=${productId}` : ''}`, {
          schema: loadSchema(portfolioSchemas, 'myRevenuesResponseSchema'),
          signal,
        })
      ).myRevenueAndProducts,
    staleTime: 60_000,
  });

export const documentsQueryOptions = () =>
  queryOptions({
    queryKey: portfolioKeys.documents(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/users/me/documents', {
        schema: loadSchema(portfolioSchemas, 'myDocumentsResponseSchema'),
        signal,
      }),
    staleTime: 60_000,
  });

const statementSchemas = () => import('../../domain/statements');

export const statementsQueryOptions = () =>
  queryOptions({
    queryKey: portfolioKeys.statements(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/users/me/statements', {
        schema: loadSchema(statementSchemas, 'myStatementsResponseSchema'),
        signal,
      }),
    staleTime: 60_000,
  });

export const bankDetailsQueryOptions = () =>
  queryOptions({
    queryKey: portfolioKeys.bankDetails(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/users/me/bank-details', {
        schema: loadSchema(portfolioSchemas, 'bankDetailsResponseSchema'),
        signal,
      }),
    staleTime: 60_000,
  });

export const addressesQueryOptions = () =>
  queryOptions({
    queryKey: portfolioKeys.addresses(),
    queryFn: ({ signal }) =>
      api.request('/api/v1/users/me/addresses', {
        schema: loadSchema(portfolioSchemas, 'walletAddressesResponseSchema'),
        signal,
      }),
    staleTime: 60_000,
  });

export const giftCheckQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: portfolioKeys.gift(productId),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/claim/check?id=${productId}`, {
        schema: loadSchema(portfolioSchemas, 'giftCheckSchema'),
        signal,
      }),
    staleTime: 30_000,
  });
