import { z } from 'zod';
import { wholeNumber, wholeNumberParam } from './fields';
import {
  NOTIFICATION_LINK_MAX_LENGTH,
  NOTIFICATIONS_DEFAULT_LIMIT,
  NOTIFICATIONS_MAX_LIMIT,
  PUSH_ENDPOINT_MAX_LENGTH,
} from './limits';
import { says } from './validation-messages';

/**
 * Notifications: the investor's inbox, their preferences and their devices' push
 * subscriptions (product-spec.md, Notification types; decisions.md, Notifications).
 * Shared by the server, the client and the service worker.
 */

export const notificationTypes = [
  'PROPOSAL_CREATED',
  'PROMOTE',
  'VOTE_FINISH',
  'CONTRACT_SIGNED',
  'AGENDA_CLOSED',
  // The investor's own orders: each also goes by mail.
  'PAYMENT_CONFIRMED',
  'PAYMENT_REJECTED',
  'ORDER_EXPIRED',
  'ORDER_REFUNDED',
  // The investor's cash balance: each also goes by mail.
  'DEPOSIT_CREDITED',
  'WITHDRAWAL_PAID',
  'WITHDRAWAL_RETURNED',
  // The market between investors: one of the investor's orders filled, fully or in part.
  'MARKET_ORDER_FILLED',
] as const;
export const notificationTypeSchema = z.enum(notificationTypes, says('validation.notification.type'));
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** Governance news: these can also be turned off for one project at a time. */
export const projectScopedTypes = ['PROPOSAL_CREATED', 'VOTE_FINISH', 'AGENDA_CLOSED'] as const;
export type ProjectScopedType = (typeof projectScopedTypes)[number];
export const isProjectScopedType = (type: NotificationType): type is ProjectScopedType =>
  (projectScopedTypes as readonly string[]).includes(type);

/** What an investor gets before choosing: everything but promotions. */
export const defaultPreference = (type: NotificationType): boolean => type !== 'PROMOTE';

/** A path inside the app (never another origin), which the inbox and the push click open. */
export const notificationLinkSchema = z
  .string()
  .min(1, says('validation.notification.link'))
  .max(NOTIFICATION_LINK_MAX_LENGTH, says('validation.notification.link'))
  .regex(/^\/(?![/\\])[^\s]*$/, says('validation.notification.link'));

export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_BODY_MAX = 500;

export const notificationSchema = z.object({
  id: z.number().int().positive(),
  type: notificationTypeSchema,
  productId: z.number().int().positive().nullable(),
  /**
   * The type's parameters, from which the reader's client writes the notification in its
   * language (src/domain/notification-texts.ts); null on notifications stored before.
   */
  params: z.record(z.string(), z.string()).nullable(),
  /** The notification written in English when it was stored: for clients that do not render params. */
  title: z.string(),
  body: z.string(),
  link: z.string(),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export { NOTIFICATIONS_DEFAULT_LIMIT, NOTIFICATIONS_MAX_LIMIT };

export const notificationListQuerySchema = z.object({
  limit: wholeNumberParam('validation.limit.notifications', { max: NOTIFICATIONS_MAX_LIMIT }).default(
    NOTIFICATIONS_DEFAULT_LIMIT,
  ),
  /** Only notifications older than this id: the previous page's nextBefore. */
  before: wholeNumberParam('validation.before').optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.number().int().positive().nullable(),
  unreadCount: z.number().int().min(0),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number().int().min(0) });

export const notificationIdParamsSchema = z.object({
  id: wholeNumberParam('validation.notificationId'),
});

// Preferences -----------------------------------------------------------------------------

export const typePreferenceSchema = z.object({ type: notificationTypeSchema, isEnabled: z.boolean() });

export const projectPreferenceSchema = z.object({
  productId: z.number().int().positive(),
  productName: z.string(),
  /** One entry per governance type, already resolved (project choice, else the type's). */
  types: z.array(z.object({ type: z.enum(projectScopedTypes), isEnabled: z.boolean() })),
});

export const notificationPreferencesSchema = z.object({
  types: z.array(typePreferenceSchema),
  /** Projects the investor holds, or chose something for. */
  projects: z.array(projectPreferenceSchema),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const updatePreferenceRequestSchema = z
  .strictObject({
    type: notificationTypeSchema,
    /** A project for governance types; absent for the type as a whole. */
    productId: wholeNumber('validation.projectId').optional(),
    isEnabled: z.boolean(says('validation.notification.isEnabled')),
  })
  .refine((value) => value.productId === undefined || isProjectScopedType(value.type), {
    ...says('validation.notification.perProject'),
    path: ['productId'],
  });
export type UpdatePreferenceRequest = z.infer<typeof updatePreferenceRequestSchema>;

// Push ------------------------------------------------------------------------------------

const base64url = (max: number) =>
  z
    .string()
    .min(8, says('validation.push.key'))
    .max(max, says('validation.push.key'))
    .regex(/^[A-Za-z0-9_-]+=*$/, says('validation.push.key'));

const pushEndpointSchema = z
  .url(says('validation.push.endpoint'))
  .max(PUSH_ENDPOINT_MAX_LENGTH, says('validation.push.endpoint'));

/** PushSubscription.toJSON() as the browser gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema.regex(/^https?:\/\//, says('validation.push.endpoint')),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** The worker's pushsubscriptionchange: the old endpoint proves which device this is. */
export const renewPushSubscriptionSchema = z.object({
  oldEndpoint: pushEndpointSchema,
  subscription: pushSubscriptionSchema,
});

export const pushEndpointQuerySchema = z.object({ endpoint: pushEndpointSchema });

export const vapidKeySchema = z.object({ publicKey: z.string().min(40) });

/** The VAPID public key as served (base64url), in the bytes PushManager.subscribe() takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** What the server puts (encrypted) in every push message, and the worker reads. */
export const pushPayloadSchema = z.object({
  id: z.number().int().positive(),
  type: notificationTypeSchema,
  productId: z.number().int().positive().nullable(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  /** Replaces an earlier notification about the same thing on the device. */
  tag: z.string(),
  createdAt: z.iso.datetime(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** The screen a notification opens when its sender names none. */
export function defaultLinkFor(type: NotificationType, productId: number | null): string {
  if (productId === null) return '/account/notifications';
  switch (type) {
    case 'PROPOSAL_CREATED':
    case 'VOTE_FINISH':
      return `/governance/proposal/${productId}`;
    case 'AGENDA_CLOSED':
      return `/governance/agenda/${productId}`;
    case 'CONTRACT_SIGNED':
      return '/account/documents';
    case 'PROMOTE':
      return `/projects/${productId}`;
    case 'PAYMENT_CONFIRMED':
    case 'PAYMENT_REJECTED':
    case 'ORDER_EXPIRED':
    case 'ORDER_REFUNDED':
      return '/account/orders';
    case 'DEPOSIT_CREDITED':
    case 'WITHDRAWAL_PAID':
    case 'WITHDRAWAL_RETURNED':
      return '/account/balance';
    case 'MARKET_ORDER_FILLED':
      return '/account/market';
  }
}
