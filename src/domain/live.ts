/**
 * What the server tells an investor's open app when something changed for them
 * (GET /api/v1/events, a stream of server-sent events; docs/decisions/1705-live-updates.md).
 * Shared by the server, the client and the service worker. An event names what changed, never
 * its new value: the app refetches what shows it.
 */

export const liveEventTypes = [
  'order',
  'holding',
  'payout',
  'notification',
  'review',
  'whitelist',
  'vote',
  // The cash balance: an entry was written (deposit, purchase, revenue, withdrawal).
  'balance',
  // The account itself (an operator lifted a ban): who the investor is, and their activity.
  'account',
  // A project's order book or trades changed (an order placed, filled or cancelled, trading opened,
  // halted or resumed). Public: one event for every open app, not one per investor.
  'market',
  // One of the investor's market orders was placed, filled, cancelled or expired.
  'marketOrder',
] as const;
export type LiveEventType = (typeof liveEventTypes)[number];

/** The ref of a `market` event when something traded: the last price may have moved. */
export const MARKET_TRADED = 'trade';

export interface LiveEvent {
  type: LiveEventType;
  /** The project it is about, when there is one. */
  productId: number | null;
  /** The order's id for `order` and `marketOrder`; MARKET_TRADED for a `market` change that traded; null otherwise. */
  ref: string | null;
}

/**
 * The stream's event names: `change` carries a LiveEvent; `ready` opens the stream;
 * `reset` says the events since the app's last one cannot be replayed (refetch everything).
 */
export const LIVE_CHANGE = 'change';
export const LIVE_READY = 'ready';
export const LIVE_RESET = 'reset';

/** The header a reconnecting app sends with the id of the last event it read. */
export const LAST_EVENT_ID_HEADER = 'last-event-id';

/** The message the service worker posts to open windows when a push message arrives. */
export const LIVE_WINDOW_MESSAGE = 'moa:live';

export const isLiveEventType = (value: unknown): value is LiveEventType =>
  typeof value === 'string' && (liveEventTypes as readonly string[]).includes(value);

/** Reads one event's data; anything malformed is null (the stream may be newer than the app). */
export function parseLiveEvent(data: unknown): LiveEvent | null {
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const { type, productId, ref } = value as Record<string, unknown>;
  if (!isLiveEventType(type)) return null;
  return {
    type,
    productId: typeof productId === 'number' && Number.isSafeInteger(productId) ? productId : null,
    ref: typeof ref === 'string' ? ref : null,
  };
}
