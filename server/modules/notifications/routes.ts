import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  pushEndpointQuerySchema,
  pushSubscriptionSchema,
  renewPushSubscriptionSchema,
  unreadCountSchema,
  updatePreferenceRequestSchema,
  vapidKeySchema,
} from '../../../src/domain/notifications';
import { authOf, requestMeta } from '../../plugins/auth';
import type { PushResolver } from './push-endpoint';
import { createNotificationFanout, type NotificationFanout } from './fanout';
import { createMailSender, type MailSender } from './mail-sender';
import { createPushSender, type PushSender, type VapidDetails } from './push-sender';
import {
  getPreferences,
  listInbox,
  markAllRead,
  markRead,
  renewSubscription,
  subscribeDevice,
  unreadCount,
  unsubscribeDevice,
  updatePreference,
} from './service';
import { noStore } from '../../plugins/presets';

declare module 'fastify' {
  interface FastifyInstance {
    /** The push outbox sender of this process (tests sweep with it directly). */
    pushSender: PushSender;
    /** The notifications' mail outbox sender of this process (tests sweep with it directly). */
    notificationMailSender: MailSender;
    /** The notification fan-out job of this process (tests and the bench run it directly). */
    notificationFanout: NotificationFanout;
  }
}

export interface NotificationRoutesOptions {
  vapid: VapidDetails;
  /** How push hosts are resolved before connecting (tests give their own); the system resolver otherwise. */
  resolvePushHost?: PushResolver;
}

const notificationsPlugin: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (
  app,
  { vapid, resolvePushHost },
) => {
  const { ctx } = app;
  const anySession = app.requireAuth({ level: 'session' });
  const reader = app.requireAuth({ level: 'verified' });

  const sender = createPushSender({
    db: ctx.db,
    vapid,
    now: ctx.now,
    log: app.log,
    retentionMs: ctx.config.PUSH_OUTBOX_RETENTION_DAYS * 24 * 60 * 60_000,
    devHosts: ctx.config.pushDevHosts,
    resolve: resolvePushHost,
  });
  app.decorate('pushSender', sender);
  const interval = ctx.config.PUSH_SWEEP_INTERVAL_MS;
  if (interval > 0) app.addHook('onReady', async () => sender.start(interval));
  app.addHook('onClose', async () => sender.stop());
  const mailSender = createMailSender({
    db: ctx.db,
    mailer: ctx.mailer,
    now: ctx.now,
    log: app.log,
    retentionMs: ctx.config.PUSH_OUTBOX_RETENTION_DAYS * 24 * 60 * 60_000,
  });
  app.decorate('notificationMailSender', mailSender);
  if (interval > 0) app.addHook('onReady', async () => mailSender.start(interval));
  app.addHook('onClose', async () => mailSender.stop());
  const fanout = createNotificationFanout({ db: ctx.db, now: ctx.now, log: app.log });
  app.decorate('notificationFanout', fanout);
  if (interval > 0) app.addHook('onReady', async () => fanout.start(interval));
  app.addHook('onClose', async () => fanout.stop());

  app.get('/api/v1/push/key', { schema: { response: { 200: vapidKeySchema } } }, async () => ({
    publicKey: vapid.publicKey,
  }));

  app.post(
    '/api/v1/push/subscriptions',
    { schema: { body: pushSubscriptionSchema }, preValidation: reader },
    async (request, reply) => {
      await subscribeDevice(ctx, authOf(request), request.body, requestMeta(request));
      return reply.status(204).send();
    },
  );

  // Allowed on any session, so signing out (even before the second factor) always cleans up.
  app.delete(
    '/api/v1/push/subscriptions',
    { schema: { querystring: pushEndpointQuerySchema }, preValidation: anySession },
    async (request, reply) => {
      await unsubscribeDevice(ctx, authOf(request), request.query.endpoint);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/push/subscriptions/renew',
    { schema: { body: renewPushSubscriptionSchema } },
    async (request, reply) => {
      await renewSubscription(ctx, request.body);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/notifications',
    {
      schema: { querystring: notificationListQuerySchema, response: { 200: notificationPageSchema } },
      preValidation: reader,
    },
    async (request, reply) => {
      noStore(reply);
      return listInbox(ctx, authOf(request), request.query);
    },
  );

  app.get(
    '/api/v1/notifications/unread-count',
    { schema: { response: { 200: unreadCountSchema } }, preValidation: reader },
    async (request, reply) => {
      noStore(reply);
      return unreadCount(ctx, authOf(request));
    },
  );

  app.post(
    '/api/v1/notifications/:id/read',
    { schema: { params: notificationIdParamsSchema, response: { 200: unreadCountSchema } }, preValidation: reader },
    async (request) => markRead(ctx, authOf(request), request.params.id),
  );

  app.post(
    '/api/v1/notifications/read-all',
    { schema: { response: { 200: unreadCountSchema } }, preValidation: reader },
    async (request) => markAllRead(ctx, authOf(request)),
  );

  app.get(
    '/api/v1/notifications/preferences',
    { schema: { response: { 200: notificationPreferencesSchema } }, preValidation: reader },
    async (request, reply) => {
      noStore(reply);
      return getPreferences(ctx, authOf(request));
    },
  );

  app.put(
    '/api/v1/notifications/preferences',
    {
      schema: { body: updatePreferenceRequestSchema, response: { 200: notificationPreferencesSchema } },
      preValidation: reader,
      // A choice for one project names it, so it obeys the project-access rule.
      config: { projectUse: 'see' },
    },
    async (request) => updatePreference(ctx, authOf(request), request.body, requestMeta(request)),
  );
};

/** Inbox, preferences, push subscriptions and this process's push outbox sweep. */
export const notificationRoutes = fp(notificationsPlugin, { name: 'notifications', dependencies: ['auth'] });
