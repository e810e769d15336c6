import { matchQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { liveEventTypes, MARKET_TRADED, type LiveEvent, type LiveEventType } from '../domain/live';
import { accountKeys } from '../features/account/queries';
import { balanceKeys } from '../features/balance/keys';
import { governanceKeys } from '../features/governance/queries';
import { investKeys } from '../features/invest/queries';
import { kycKeys } from '../features/kyc/queries';
import { marketKeys } from '../features/market/keys';
import { notificationKeys } from '../features/notifications/queries';
import { portfolioKeys } from '../features/portfolio/queries';
import { productKeys } from '../features/projects/queries';
import { sessionKeys } from '../features/session/queries';
import { fetchStartedAt } from '../lib/query-client';

/** A project's own reads when the event names one, else every project's. */
const project = (productId: number | null) =>
  productId === null ? productKeys.details() : productKeys.detail(productId);
const projectGovernance = (productId: number | null) =>
  productId === null ? governanceKeys.everyProject() : governanceKeys.all(productId);
/** The holdings overview and, when the event names a project, that project's own figures. */
const revenues = (productId: number | null) =>
  productId === null
    ? [portfolioKeys.revenues(null)]
    : [portfolioKeys.revenues(null), portfolioKeys.revenues(productId)];

/**
 * The one map from what changed on the server to the queries that show it, built from the
 * features' key factories (a prefix marks every query under it). Activity lists the account's
 * audit journal, so every change an operator or the system records for the investor is in it.
 */
export const liveInvalidations: Record<LiveEventType, (event: LiveEvent) => QueryKey[]> = {
  // The order's page and lists; the project's remaining tokens moved.
  order: ({ productId }) => [investKeys.orders(), project(productId), productKeys.lists(), accountKeys.activity],
  // What they hold: the overview, the project's "you hold", its gift, the badge, their documents,
  // their voting weight, and the investor counts on the cards.
  holding: ({ productId }) => [
    ...revenues(productId),
    productId === null ? portfolioKeys.all : portfolioKeys.gift(productId),
    portfolioKeys.documents(),
    accountKeys.badge(),
    project(productId),
    productKeys.lists(),
    projectGovernance(productId),
  ],
  payout: ({ productId }) => revenues(productId),
  // The cash balance: its figures, entries and withdrawals; revenue paid into it shows there too.
  balance: () => [balanceKeys.all, portfolioKeys.revenues(null), accountKeys.activity],
  notification: () => [notificationKeys.inbox(), notificationKeys.unread()],
  // Identity or investor review: the guards' facts (me), the review pages, who may buy.
  review: () => [
    sessionKeys.me(),
    kycKeys.status(),
    kycKeys.investor(),
    investKeys.purchaseIdentities(),
    accountKeys.activity,
  ],
  whitelist: ({ productId }) => [
    productId === null ? productKeys.all : productKeys.whitelist(productId),
    project(productId),
    productKeys.lists(),
    accountKeys.activity,
  ],
  vote: ({ productId }) => [projectGovernance(productId)],
  account: () => [sessionKeys.me(), accountKeys.activity],
  // A project's book changed (public: every open app hears it). Its panel; when something traded,
  // its chart and the holdings valued at the last price too.
  market: ({ productId, ref }) => {
    const book = productId === null ? marketKeys.all : marketKeys.book(productId);
    if (ref !== MARKET_TRADED && productId !== null) return [book];
    return [
      book,
      productId === null ? marketKeys.series() : marketKeys.series(productId),
      portfolioKeys.revenues(null),
    ];
  },
  // One of their market orders was placed, filled, cancelled or expired: their orders and trades.
  marketOrder: () => [marketKeys.mine()],
};

/** Marks the queries showing one change stale; those on screen refetch at once. */
export function invalidateForLiveEvent(queryClient: QueryClient, event: LiveEvent): Promise<void> {
  return Promise.all(
    liveInvalidations[event.type](event).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}

/**
 * After changes may have been missed: every query any change could touch, each refetched once.
 * With `listeningSince` (the stream's first answer, without a mark), only those last asked for
 * before it: what was asked for after reads what the stream then tells about.
 */
export function invalidateEveryLiveQuery(
  queryClient: QueryClient,
  listeningSince: number | null = null,
): Promise<void> {
  const keys = new Map<string, QueryKey>();
  for (const type of liveEventTypes) {
    for (const key of liveInvalidations[type]({ type, productId: null, ref: null })) keys.set(JSON.stringify(key), key);
  }
  const filters = [...keys.values()].map((queryKey) => ({ queryKey }));
  return queryClient.invalidateQueries({
    predicate: (query) =>
      filters.some((filter) => matchQuery(filter, query)) &&
      (listeningSince === null || !((fetchStartedAt(query) ?? -Infinity) >= listeningSince)),
  });
}
