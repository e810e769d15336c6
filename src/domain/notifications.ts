import { z } from 'zod';

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
] as const;
export const notificationTypeSchema = z.enum(notificationTypes, {
  error: `type must be one of ${notificationTypes.join(', ')}.`,
});
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
  .min(1)
  .max(300, { error: 'link is at most 300 characters.' })
  .regex(/^\/(?![/\\])[^\s]*$/, { error: 'link must be a path inside the app, such as /projects/3.' });

export const NOTIFICATION_TITLE_MAX = 120;
export const NOTIFICATION_BODY_MAX = 500;

export const notificationSchema = z.object({
  id: z.number().int().positive(),
  type: notificationTypeSchema,
  productId: z.number().int().positive().nullable(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_DEFAULT_LIMIT = 20;
export const NOTIFICATIONS_MAX_LIMIT = 50;

export const notificationListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int({ error: 'limit must be a whole number.' })
    .min(1, { error: 'limit must be at least 1.' })
    .max(NOTIFICATIONS_MAX_LIMIT, { error: `limit must be at most ${NOTIFICATIONS_MAX_LIMIT}.` })
    .default(NOTIFICATIONS_DEFAULT_LIMIT),
  /** Only notifications older than this id: the previous page's nextBefore. */
  before: z.coerce
    .number({ error: 'before must be a number.' })
    .int({ error: 'before must be a whole number.' })
    .positive({ error: 'before must be positive.' })
    .optional(),
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
  id: z.coerce
    .number({ error: 'The notification id must be a number.' })
    .int({ error: 'The notification id must be a whole number.' })
    .positive({ error: 'The notification id must be positive.' }),
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
    productId: z.number().int().positive().optional(),
    isEnabled: z.boolean({ error: 'isEnabled must be true or false.' }),
  })
  .refine((value) => value.productId === undefined || isProjectScopedType(value.type), {
    error: 'Only governance notifications can be chosen per project.',
    path: ['productId'],
  });
export type UpdatePreferenceRequest = z.infer<typeof updatePreferenceRequestSchema>;

// Push ------------------------------------------------------------------------------------

const base64url = (name: string, max: number) =>
  z
    .string()
    .min(8, { error: `${name} is too short.` })
    .max(max, { error: `${name} is too long.` })
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: `${name} must be base64url.` });

/** PushSubscription.toJSON() as the browser gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ error: 'endpoint must be a URL.' })
    .max(1000, { error: 'endpoint is at most 1000 characters.' })
    .regex(/^https?:\/\//, { error: 'endpoint must be an http(s) URL.' }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url('keys.p256dh', 200), auth: base64url('keys.auth', 100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** The worker's pushsubscriptionchange: the old endpoint proves which device this is. */
export const renewPushSubscriptionSchema = z.object({
  oldEndpoint: z.url().max(1000),
  subscription: pushSubscriptionSchema,
});

export const pushEndpointQuerySchema = z.object({ endpoint: z.url({ error: 'endpoint must be a URL.' }).max(1000) });

export const vapidKeySchema = z.object({ publicKey: z.string().min(40) });

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
  }
}
