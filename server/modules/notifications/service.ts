import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  defaultLinkFor,
  defaultPreference,
  isProjectScopedType,
  notificationLinkSchema,
  notificationTypes,
  notificationTypeSchema,
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_TITLE_MAX,
  projectScopedTypes,
  type Notification,
  type NotificationListQuery,
  type NotificationPage,
  type NotificationPreferences,
  type NotificationType,
  type PushSubscriptionInput,
  type UpdatePreferenceRequest,
} from '../../../src/domain/notifications';
import { notificationParamsProblem } from '../../../src/domain/notification-params';
import type { AppConfig } from '../../config';
import type { AppContext, RequestMeta } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { validationText } from '../../i18n/errors';
import { notificationText, parseNotificationParams } from '../../i18n/notifications';
import type { Caller } from '../auth/service';
import { appendAuditEvent } from '../audit/repository';
import { pushEndpointProblem } from './push-endpoint';
import * as repo from './repository';
import { recordLiveEvents } from '../live/service';

/** A device's push subscriptions are forgotten with the account's sessions (users: signing out everywhere). */
export { deleteUserSubscriptions } from './repository';

type Db = Kysely<Database>;

// Recording (called by other modules inside their own transaction) -------------------------

const recordInputSchema = z
  .object({
    type: notificationTypeSchema,
    productId: z.number().int().positive().nullable(),
    /** Exactly one of userIds and audience says who. */
    userIds: z.array(z.string().min(1).max(36)).optional(),
    /** HOLDERS: everyone holding the project's tokens now; ALL: every account that is not banned. */
    audience: z.enum(['HOLDERS', 'ALL']).optional(),
    /**
     * The type's parameters (notificationParamNames in src/domain/notification-texts.ts): the
     * inbox and push messages write the notification from them in the reader's language.
     */
    params: z.record(z.string(), z.string().max(NOTIFICATION_BODY_MAX)),
    link: notificationLinkSchema.optional(),
    /** Also by mail: stored with the inbox rows, sent by the mail sweep to the account's address. */
    mail: z.object({ subject: z.string().trim().min(1).max(200), text: z.string().trim().min(1) }).optional(),
  })
  .refine((value) => (value.userIds === undefined) !== (value.audience === undefined), {
    error: 'Give either userIds or an audience.',
  })
  .refine((value) => value.audience !== 'HOLDERS' || value.productId !== null, {
    error: 'The HOLDERS audience needs a productId.',
  })
  .superRefine((value, context) => {
    const problem = notificationParamsProblem(value.type, value.params);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['params'] });
    else if (value.type === 'PROMOTE' && value.params.title!.trim().length > NOTIFICATION_TITLE_MAX) {
      context.addIssue({
        code: 'custom',
        message: `A promotion's title is at most ${NOTIFICATION_TITLE_MAX} characters.`,
        path: ['params'],
      });
    }
  });

export type RecordNotificationsInput = z.input<typeof recordInputSchema>;

export interface RecordedNotifications {
  /** Investors who get it after their preferences. */
  recipientCount: number;
  notificationIds: number[];
  /** Push messages queued in the outbox (one per subscribed device). */
  pushCount: number;
  /** Mails queued in the mail outbox (one per recipient, when the input had a mail). */
  mailCount: number;
}

/**
 * The one way to notify investors. Call it with the transaction that makes the event true
 * (the signed contract, the closed vote), so the inbox rows and the push outbox rows commit or
 * roll back with it: stored first, then sent by the outbox sweep of any API process.
 * Preferences apply here: an investor who turned the type (or, for governance types, that
 * project) off gets neither an inbox entry nor a push.
 */
export async function recordNotifications(
  ctx: Pick<AppContext, 'now'>,
  trx: Db,
  input: RecordNotificationsInput,
): Promise<RecordedNotifications> {
  const parsed = recordInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(
      'VALIDATION_FAILED',
      issue ? validationText(issue.message, 'en') : 'The notification is not valid.',
    );
  }
  const { type, productId, params } = parsed.data;
  // Stored beside the parameters, in English: what a client that does not render them shows.
  const english = notificationText('en', { type, params, title: '', body: '' });
  const title = english.title.slice(0, NOTIFICATION_TITLE_MAX);
  const body = english.body.slice(0, NOTIFICATION_BODY_MAX);
  const link = parsed.data.link ?? defaultLinkFor(type, productId);
  const now = ctx.now().toISOString();

  let candidates: string[];
  if (parsed.data.userIds) candidates = [...new Set(parsed.data.userIds)];
  else if (parsed.data.audience === 'HOLDERS') candidates = await repo.findHolderIds(trx, productId!);
  // An opt-in type (PROMOTE) to everyone: only those who opted in can receive it, so start there.
  else if (!defaultPreference(type)) candidates = await repo.findOptedInUserIds(trx, type);
  else candidates = await repo.findActiveUserIds(trx);
  const recipients = await filterByPreferences(trx, type, productId, candidates);
  if (recipients.length === 0) return { recipientCount: 0, notificationIds: [], pushCount: 0, mailCount: 0 };

  const inserted = await repo.insertNotifications(
    trx,
    recipients.map((userId) => ({
      user_id: userId,
      type,
      product_id: productId,
      title,
      body,
      params: JSON.stringify(params),
      link,
      created_at: now,
    })),
  );
  await recordLiveEvents(
    trx,
    now,
    recipients.map((userId) => ({ userId, type: 'notification' as const, productId })),
  );
  const notificationOf = new Map(inserted.map((row) => [row.user_id, row.id]));
  const subscriptions = await repo.findSubscriptionsOfUsers(trx, recipients);
  await repo.insertOutboxRows(
    trx,
    subscriptions.map((subscription) => ({
      id: randomUUID(),
      notification_id: notificationOf.get(subscription.user_id)!,
      subscription_id: subscription.id,
    })),
    now,
  );
  const mail = parsed.data.mail;
  if (mail) {
    await repo.insertMailRows(
      trx,
      inserted.map((row) => ({ id: randomUUID(), notification_id: row.id, subject: mail.subject, text: mail.text })),
      now,
    );
  }
  return {
    recipientCount: recipients.length,
    notificationIds: inserted.map((row) => row.id),
    pushCount: subscriptions.length,
    mailCount: mail ? inserted.length : 0,
  };
}

const holderNotificationSchema = z
  .object({
    type: z.enum(['PROPOSAL_CREATED', 'VOTE_FINISH', 'AGENDA_CLOSED']),
    productId: z.number().int().positive(),
    votingId: z.number().int().positive(),
    /** The type's parameters: each reader's inbox and push write the notification from them. */
    params: z.record(z.string(), z.string().max(NOTIFICATION_BODY_MAX)),
    link: notificationLinkSchema.optional(),
  })
  .superRefine((value, context) => {
    const problem = notificationParamsProblem(value.type, value.params);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['params'] });
  });

export type HolderNotificationInput = z.input<typeof holderNotificationSchema>;

/**
 * One notification to every holder of a vote (its rows of voting power), however many: the
 * caller's transaction writes one row of the fan-out outbox, and the fan-out job of any API
 * process writes the inbox rows, pushes and live events in batches after it commits, each
 * holder once (fanout.ts). Preferences apply when a batch is written.
 */
export async function queueHolderNotification(
  ctx: Pick<AppContext, 'now'>,
  trx: Db,
  input: HolderNotificationInput,
): Promise<{ fanoutId: number }> {
  const parsed = holderNotificationSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(
      'VALIDATION_FAILED',
      issue ? validationText(issue.message, 'en') : 'The notification is not valid.',
    );
  }
  const { type, productId, votingId, params } = parsed.data;
  // Stored beside the parameters, in English: what a client that does not render them shows.
  const english = notificationText('en', { type, params, title: '', body: '' });
  const fanoutId = await repo.insertFanout(trx, {
    type,
    product_id: productId,
    voting_id: votingId,
    title: english.title.slice(0, NOTIFICATION_TITLE_MAX),
    body: english.body.slice(0, NOTIFICATION_BODY_MAX),
    params: JSON.stringify(params),
    link: parsed.data.link ?? defaultLinkFor(type, productId),
    created_at: ctx.now().toISOString(),
  });
  return { fanoutId };
}

/**
 * The type as a whole is a master switch; for governance types a project can also be turned
 * off on its own. Without a choice, the type's default applies (PROMOTE is off).
 */
async function filterByPreferences(
  db: Db,
  type: NotificationType,
  productId: number | null,
  candidates: string[],
): Promise<string[]> {
  if (candidates.length === 0) return [];
  const projectIds = productId !== null && isProjectScopedType(type) ? [0, productId] : [0];
  const rows = await repo.findPreferenceRows(db, type, projectIds, candidates);
  const typeChoice = new Map<string, boolean>();
  const projectChoice = new Map<string, boolean>();
  for (const row of rows) (row.product_id === 0 ? typeChoice : projectChoice).set(row.user_id, row.is_enabled === 1);
  return candidates.filter(
    (userId) => (typeChoice.get(userId) ?? defaultPreference(type)) && (projectChoice.get(userId) ?? true),
  );
}

// The inbox --------------------------------------------------------------------------------

type NotificationRow = Awaited<ReturnType<typeof repo.listNotifications>>[number];

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    productId: row.product_id,
    params: parseNotificationParams(row.params),
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}

export async function listInbox(
  ctx: AppContext,
  caller: Caller,
  query: NotificationListQuery,
): Promise<NotificationPage> {
  const rows = await repo.listNotifications(ctx.db, caller.user.id, query);
  const page = rows.slice(0, query.limit);
  return {
    notifications: page.map(toNotification),
    nextBefore: rows.length > query.limit ? page[page.length - 1]!.id : null,
    // Read with the page. An empty first page means an empty inbox; only a page past the last
    // notification has no row to carry the count.
    unreadCount:
      rows[0]?.unread_count ?? (query.before === undefined ? 0 : await repo.countUnread(ctx.db, caller.user.id)),
  };
}

export async function unreadCount(ctx: AppContext, caller: Caller): Promise<{ unreadCount: number }> {
  return { unreadCount: await repo.countUnread(ctx.db, caller.user.id) };
}

export async function markRead(ctx: AppContext, caller: Caller, id: number): Promise<{ unreadCount: number }> {
  // Another investor's notification is answered exactly like a missing one.
  if (!(await repo.notificationExists(ctx.db, caller.user.id, id))) {
    throw new AppError('NOT_FOUND', 'There is no such notification.');
  }
  await repo.markNotificationRead(ctx.db, caller.user.id, id, ctx.now().toISOString());
  return unreadCount(ctx, caller);
}

export async function markAllRead(ctx: AppContext, caller: Caller): Promise<{ unreadCount: number }> {
  await repo.markAllNotificationsRead(ctx.db, caller.user.id, ctx.now().toISOString());
  return unreadCount(ctx, caller);
}

// Preferences ------------------------------------------------------------------------------

export async function getPreferences(ctx: AppContext, caller: Caller): Promise<NotificationPreferences> {
  const rows = await repo.listUserPreferenceRows(ctx.db, caller.user.id);
  const choice = (type: string, productId: number) =>
    rows.find((row) => row.type === type && row.product_id === productId)?.is_enabled;
  const projects = await repo.findPreferenceProjects(ctx.db, caller.user.id);
  return {
    types: notificationTypes.map((type) => ({
      type,
      isEnabled: choice(type, 0) === undefined ? defaultPreference(type) : choice(type, 0) === 1,
    })),
    projects: projects.map((project) => ({
      productId: project.id,
      productName: project.name,
      types: projectScopedTypes.map((type) => ({ type, isEnabled: choice(type, project.id) !== 0 })),
    })),
  };
}

export async function updatePreference(
  ctx: AppContext,
  caller: Caller,
  request: UpdatePreferenceRequest,
  meta: RequestMeta,
): Promise<NotificationPreferences> {
  if (request.productId !== undefined && !(await repo.productExists(ctx.db, request.productId))) {
    throw new AppError('NOT_FOUND', 'There is no such project.');
  }
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now().toISOString();
    await repo.upsertPreference(
      trx,
      { userId: caller.user.id, type: request.type, productId: request.productId ?? 0, isEnabled: request.isEnabled },
      now,
    );
    await appendAuditEvent(
      trx,
      {
        userId: caller.user.id,
        actor: 'user',
        type: 'NOTIFICATION_PREFERENCE_CHANGED',
        detail: {
          type: request.type,
          ...(request.productId ? { productId: String(request.productId) } : {}),
          isEnabled: String(request.isEnabled),
        },
        meta,
      },
      now,
    );
  });
  return getPreferences(ctx, caller);
}

// Push subscriptions -----------------------------------------------------------------------

/** Devices one account keeps subscribed; a further one replaces the one renewed longest ago. */
export const PUSH_SUBSCRIPTIONS_PER_ACCOUNT = 10;

/**
 * An endpoint must be https on port 443 of a public-looking host name (see push-endpoint.ts);
 * no name is resolved here, so subscribing needs no network. PUSH_DEV_HOSTS (never in
 * production) lets a test or a developer name their own push service.
 */
export function assertPushEndpoint(config: Pick<AppConfig, 'pushDevHosts'>, endpoint: string): void {
  const problem = pushEndpointProblem(endpoint, config.pushDevHosts);
  if (problem) {
    throw new AppError(
      'PUSH_ENDPOINT_REFUSED',
      `endpoint must be an https:// URL of a push service on a public host name (it is ${problem}).`,
    );
  }
}

export async function subscribeDevice(
  ctx: AppContext,
  caller: Caller,
  subscription: PushSubscriptionInput,
  meta: RequestMeta,
): Promise<void> {
  assertPushEndpoint(ctx.config, subscription.endpoint);
  await repo.upsertSubscription(
    ctx.db,
    {
      id: randomUUID(),
      userId: caller.user.id,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      userAgent: meta.userAgent,
    },
    ctx.now().toISOString(),
  );
  await repo.trimUserSubscriptions(ctx.db, caller.user.id, PUSH_SUBSCRIPTIONS_PER_ACCOUNT);
}

/** Signing out on a device, or turning push off there: only the caller's own row goes. */
export async function unsubscribeDevice(ctx: AppContext, caller: Caller, endpoint: string): Promise<void> {
  await repo.deleteUserSubscription(ctx.db, caller.user.id, endpoint);
}

/**
 * The browser replaced a subscription (pushsubscriptionchange). The worker has no session;
 * knowing the old endpoint, which only that browser and this server know, identifies the device.
 */
export async function renewSubscription(
  ctx: AppContext,
  request: { oldEndpoint: string; subscription: PushSubscriptionInput },
): Promise<void> {
  assertPushEndpoint(ctx.config, request.subscription.endpoint);
  const existing = await repo.findSubscriptionByEndpoint(ctx.db, request.oldEndpoint);
  if (!existing) throw new AppError('NOT_FOUND', 'That device is not subscribed; subscribe again from the app.');
  const now = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    // The new endpoint may already be stored (the page subscribed first): keep one row.
    const clash = await repo.findSubscriptionByEndpoint(trx, request.subscription.endpoint);
    if (clash && clash.id !== existing.id) await repo.deleteSubscriptionById(trx, clash.id);
    await repo.updateSubscriptionKeys(
      trx,
      existing.id,
      {
        endpoint: request.subscription.endpoint,
        p256dh: request.subscription.keys.p256dh,
        auth: request.subscription.keys.auth,
      },
      now,
    );
  });
}

// Operator: promotions ---------------------------------------------------------------------

/**
 * PROMOTE goes to every investor who turned promotions on (it is off until they do), holder
 * of the project or not: a promotion is how people hear of a project they do not hold yet.
 */
export async function sendPromotion(
  ctx: AppContext,
  input: { productId: number; title: string; body: string },
  meta: RequestMeta,
): Promise<RecordedNotifications> {
  if (!(await repo.productExists(ctx.db, input.productId))) {
    throw new AppError('NOT_FOUND', `There is no project ${input.productId}.`);
  }
  return ctx.db.transaction().execute(async (trx) => {
    const recorded = await recordNotifications(ctx, trx, {
      type: 'PROMOTE',
      productId: input.productId,
      audience: 'ALL',
      params: { title: input.title, body: input.body },
    });
    await appendAuditEvent(
      trx,
      {
        userId: null,
        actor: 'operator',
        type: 'PROMOTION_SENT',
        detail: {
          productId: String(input.productId),
          title: input.title.slice(0, 120),
          recipients: String(recorded.recipientCount),
        },
        meta,
      },
      ctx.now().toISOString(),
    );
    return recorded;
  });
}
