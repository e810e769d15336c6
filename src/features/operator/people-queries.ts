import { queryOptions } from '@tanstack/react-query';
import type { GiftClaimState, PeopleQuery } from '../../domain/operator-people';
import { api } from '../../lib/api';
import { loadSchema } from '../../lib/api-client';
import { OPERATOR_KEY } from './queries';

// The response schemas load with the first response that needs them, not with the page.
const peopleSchemas = () => import('../../domain/operator-people');

/** Never saved on the device: the key starts with the console's prefix (decision 1802). */
const operatorMeta = { persist: false } as const;

export const peopleKeys = {
  people: (query: PeopleQuery) => [OPERATOR_KEY, 'people', query] as const,
  person: (userId: string) => [OPERATOR_KEY, 'person', userId] as const,
  gifts: (state: GiftClaimState) => [OPERATOR_KEY, 'gifts', state] as const,
};

export const peopleOptions = (query: PeopleQuery) =>
  queryOptions({
    queryKey: peopleKeys.people(query),
    queryFn: ({ signal }) =>
      api.request('/api/v1/operator/people', {
        query: { ...query },
        schema: loadSchema(peopleSchemas, 'peopleListSchema'),
        signal,
      }),
    staleTime: 10_000,
    meta: operatorMeta,
  });

export const personOptions = (userId: string) =>
  queryOptions({
    queryKey: peopleKeys.person(userId),
    queryFn: ({ signal }) =>
      api.request(`/api/v1/operator/people/${encodeURIComponent(userId)}`, {
        schema: loadSchema(peopleSchemas, 'personDetailSchema'),
        signal,
      }),
    meta: operatorMeta,
  });

export const giftsOptions = (state: GiftClaimState) =>
  queryOptions({
    queryKey: peopleKeys.gifts(state),
    queryFn: ({ signal }) =>
      api.request('/api/v1/operator/gifts', {
        query: { state },
        schema: loadSchema(peopleSchemas, 'giftListSchema'),
        signal,
      }),
    staleTime: 15_000,
    meta: operatorMeta,
  });
