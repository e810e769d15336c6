import type { NotificationType, PushPayload } from '../../../src/domain/notifications';

/**
 * How each type travels through the push services (RFC 8030): how long a service keeps it for
 * an offline device (TTL, seconds), how urgently it wakes the device, and the topic under which
 * a newer message replaces an undelivered older one about the same thing. The worker's tag is
 * the same key, so on the device too a newer notification replaces the older one.
 */
export interface DeliveryOptions {
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  topicPrefix: string;
}

const DAY = 24 * 60 * 60;

export const deliveryByType: Record<NotificationType, DeliveryOptions> = {
  // Governance news stays relevant for days and needs no wake-up at night.
  PROPOSAL_CREATED: { ttlSeconds: 3 * DAY, urgency: 'normal', topicPrefix: 'proposal' },
  VOTE_FINISH: { ttlSeconds: 3 * DAY, urgency: 'normal', topicPrefix: 'vote' },
  AGENDA_CLOSED: { ttlSeconds: 3 * DAY, urgency: 'normal', topicPrefix: 'agenda' },
  // A receipt of the investor's own act: they expect it now, and it matters a week later too.
  CONTRACT_SIGNED: { ttlSeconds: 7 * DAY, urgency: 'high', topicPrefix: 'contract' },
  // Marketing: stale after a day, never worth waking a phone for.
  PROMOTE: { ttlSeconds: DAY, urgency: 'low', topicPrefix: 'promote' },
  // The investor's money: they wait for it, and it stays true for a week. One topic per
  // project, so a later word on the same project's order replaces an undelivered earlier one.
  PAYMENT_CONFIRMED: { ttlSeconds: 7 * DAY, urgency: 'high', topicPrefix: 'payment' },
  PAYMENT_REJECTED: { ttlSeconds: 7 * DAY, urgency: 'high', topicPrefix: 'payment' },
  ORDER_EXPIRED: { ttlSeconds: 7 * DAY, urgency: 'normal', topicPrefix: 'payment' },
  ORDER_REFUNDED: { ttlSeconds: 7 * DAY, urgency: 'high', topicPrefix: 'payment' },
  // The cash balance: money arrived or left; each its own message (no project to group by).
  DEPOSIT_CREDITED: { ttlSeconds: 7 * DAY, urgency: 'high', topicPrefix: 'cash' },
  WITHDRAWAL_PAID: { ttlSeconds: 7 * DAY, urgency: 'high', topicPrefix: 'cash' },
  WITHDRAWAL_RETURNED: { ttlSeconds: 7 * DAY, urgency: 'high', topicPrefix: 'cash' },
  // A fill of the investor's market order: news while the market moves, stale after a few days;
  // one topic per project, so a later fill's word replaces an undelivered earlier one.
  MARKET_ORDER_FILLED: { ttlSeconds: 3 * DAY, urgency: 'normal', topicPrefix: 'market' },
};

/** The topic (at most 32 URL-safe characters) and the worker's tag of one notification. */
export function topicFor(type: NotificationType, productId: number | null, notificationId: number): string {
  const prefix = deliveryByType[type].topicPrefix;
  return productId === null ? `${prefix}-n${notificationId}` : `${prefix}-p${productId}`;
}

export function payloadFor(row: {
  notificationId: number;
  type: NotificationType;
  productId: number | null;
  title: string;
  body: string;
  link: string;
  createdAt: string;
}): PushPayload {
  return {
    id: row.notificationId,
    type: row.type,
    productId: row.productId,
    title: row.title,
    body: row.body,
    link: row.link,
    tag: `moa-${topicFor(row.type, row.productId, row.notificationId)}`,
    createdAt: row.createdAt,
  };
}
