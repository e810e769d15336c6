import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { liveEventTypes, MARKET_TRADED, type LiveEvent, type LiveEventType } from '../../src/domain/live';
import { activityQueryOptions, badgeQueryOptions } from '../../src/features/account/queries';
import { votingsOptions } from '../../src/features/governance/queries';
import { myOrdersOptions, orderOptions, purchaseIdentitiesOptions } from '../../src/features/invest/queries';
import {
  investorStatusQueryOptions,
  kycStatusQueryOptions,
  identityTokenQueryOptions,
} from '../../src/features/kyc/queries';
import {
  inboxQueryOptions,
  preferencesQueryOptions,
  unreadCountQueryOptions,
} from '../../src/features/notifications/queries';
import {
  addressesQueryOptions,
  bankDetailsQueryOptions,
  documentsQueryOptions,
  giftCheckQueryOptions,
  revenuesQueryOptions,
} from '../../src/features/portfolio/queries';
import {
  productDetailOptions,
  productShelvesOptions,
  whitelistStateOptions,
} from '../../src/features/projects/queries';
import { meQueryOptions } from '../../src/features/session/queries';
import { createQueryClient } from '../../src/lib/query-client';
import { balanceKeys } from '../../src/features/balance/keys';
import {
  marketQueryOptions,
  marketSeriesQueryOptions,
  myMarketOrdersQueryOptions,
  myMarketTradesQueryOptions,
} from '../../src/features/market/queries';
import { invalidateEveryLiveQuery, invalidateForLiveEvent, liveInvalidations } from '../../src/live/invalidation';

const HELD = 7;
const OTHER = 8;
const ORDER = 'order-1';

/** The reads of the screens the walk-through looked at, by the names used below. */
const screens: Record<string, QueryKey> = {
  me: meQueryOptions().queryKey,
  activity: activityQueryOptions().queryKey,
  badge: badgeQueryOptions().queryKey,
  order: orderOptions(ORDER).queryKey,
  myOrders: myOrdersOptions().queryKey,
  projectOrders: myOrdersOptions(HELD).queryKey,
  purchaseIdentities: purchaseIdentitiesOptions().queryKey,
  project: productDetailOptions(HELD).queryKey,
  otherProject: productDetailOptions(OTHER).queryKey,
  shelves: productShelvesOptions().queryKey,
  whitelist: whitelistStateOptions(HELD).queryKey,
  otherWhitelist: whitelistStateOptions(OTHER).queryKey,
  overview: revenuesQueryOptions().queryKey,
  projectRevenues: revenuesQueryOptions(HELD).queryKey,
  gift: giftCheckQueryOptions(HELD).queryKey,
  otherGift: giftCheckQueryOptions(OTHER).queryKey,
  documents: documentsQueryOptions().queryKey,
  bankDetails: bankDetailsQueryOptions().queryKey,
  balance: balanceKeys.summary(),
  addresses: addressesQueryOptions().queryKey,
  inbox: inboxQueryOptions().queryKey,
  unread: unreadCountQueryOptions().queryKey,
  preferences: preferencesQueryOptions().queryKey,
  kycStatus: kycStatusQueryOptions().queryKey,
  investorStatus: investorStatusQueryOptions().queryKey,
  identityToken: identityTokenQueryOptions().queryKey,
  proposals: votingsOptions(HELD, 'PROPOSAL').queryKey,
  otherProposals: votingsOptions(OTHER, 'PROPOSAL').queryKey,
  book: marketQueryOptions(HELD).queryKey,
  otherBook: marketQueryOptions(OTHER).queryKey,
  chart: marketSeriesQueryOptions(HELD).queryKey,
  otherChart: marketSeriesQueryOptions(OTHER).queryKey,
  myMarketOrders: myMarketOrdersQueryOptions().queryKey,
  myOpenMarketOrders: myMarketOrdersQueryOptions('OPEN').queryKey,
  myMarketTrades: myMarketTradesQueryOptions().queryKey,
};

/** What each change must refresh, and nothing else of the screens above. */
const expected: Record<LiveEventType, string[]> = {
  order: ['order', 'myOrders', 'projectOrders', 'project', 'shelves', 'activity'],
  holding: ['overview', 'projectRevenues', 'gift', 'documents', 'badge', 'project', 'shelves', 'proposals'],
  payout: ['overview', 'projectRevenues'],
  balance: ['balance', 'overview', 'activity'],
  notification: ['inbox', 'unread'],
  review: ['me', 'kycStatus', 'investorStatus', 'purchaseIdentities', 'activity'],
  whitelist: ['whitelist', 'project', 'shelves', 'activity'],
  vote: ['proposals'],
  account: ['me', 'activity'],
  // An order placed or cancelled without a trade: the book only.
  market: ['book'],
  marketOrder: ['myMarketOrders', 'myOpenMarketOrders', 'myMarketTrades'],
};

function seeded(): QueryClient {
  const client = new QueryClient();
  for (const key of Object.values(screens)) client.setQueryData(key, { seeded: true });
  return client;
}

const invalidated = (client: QueryClient) =>
  Object.entries(screens)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();

describe('what each live change refreshes', () => {
  it('has an entry for every event type', () => {
    expect(Object.keys(liveInvalidations).sort()).toEqual([...liveEventTypes].sort());
  });

  it.each(liveEventTypes)('%s marks stale exactly the queries that show it', async (type) => {
    const client = seeded();
    const event: LiveEvent = { type, productId: HELD, ref: type === 'order' ? ORDER : null };
    await invalidateForLiveEvent(client, event);
    expect(invalidated(client)).toEqual([...expected[type]].sort());
  });

  it('a market change that traded refreshes the book, the chart and the holdings valued at the last price', async () => {
    const client = seeded();
    await invalidateForLiveEvent(client, { type: 'market', productId: HELD, ref: MARKET_TRADED });
    expect(invalidated(client)).toEqual(['book', 'chart', 'overview'].sort());
  });

  it('a change without a project refreshes that kind of read in every project', async () => {
    const client = seeded();
    await invalidateForLiveEvent(client, { type: 'holding', productId: null, ref: null });
    expect(invalidated(client)).toEqual(expect.arrayContaining(['project', 'otherProject', 'gift', 'otherGift']));
  });

  it('after changes may have been missed, refreshes every query a change drives, but not the identity token', async () => {
    const client = seeded();
    await invalidateEveryLiveQuery(client);
    const all = new Set(Object.values(expected).flat());
    expect(invalidated(client)).toEqual(expect.arrayContaining([...all]));
    expect(invalidated(client)).not.toContain('identityToken');
    expect(invalidated(client)).not.toContain('preferences');
  });

  it('on the first connection, refreshes only what was asked for before the stream listened, each once', async () => {
    const client = createQueryClient();
    const asked: Record<string, number> = { me: 0, project: 0, otherProject: 0 };
    const read = (name: keyof typeof asked) => () => {
      asked[name]! += 1;
      return Promise.resolve({ name });
    };
    // Fresh for as long as the test runs: only the invalidation may ask again.
    const me = { queryKey: screens.me!, queryFn: read('me'), staleTime: Infinity };
    const project = { queryKey: screens.project!, queryFn: read('project'), staleTime: Infinity };
    // Saved on the device, never asked for in this page.
    client.setQueryData(screens.otherProject!, { saved: true });
    await client.fetchQuery(me);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const listeningSince = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await client.fetchQuery(project);
    // Both on screen: a query invalidated is refetched at once.
    const watching = [me, project].map((options) => new QueryObserver(client, options).subscribe(() => undefined));
    await invalidateEveryLiveQuery(client, listeningSince);
    // What the device saved is marked stale (it refreshes when a page shows it).
    expect(invalidated(client)).toContain('otherProject');
    // The project read after the stream listened is not asked again; the profile read before is,
    // once, though several kinds of change drive it.
    expect(asked).toEqual({ me: 2, project: 1, otherProject: 0 });
    for (const stop of watching) stop();
  });
});
