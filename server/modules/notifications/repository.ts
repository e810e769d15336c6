import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { compiledQuery, compiledQueryFamily } from '../../db/compiled-query';
import type { Database, PushOutboxState } from '../../db/types';
import { votingPowerOf, type VotingPowerBasis } from '../governance/voting-power';

type Db = Kysely<Database>;

// SQLite allows a limited number of bound values per statement; lists are written in chunks.
const CHUNK = 200;
export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// Inbox ------------------------------------------------------------------------------------

export interface NewNotificationRow {
  user_id: string;
  type: string;
  product_id: number | null;
  title: string;
  body: string;
  params: string;
  link: string;
  created_at: string;
}

export async function insertNotifications(db: Db, rows: NewNotificationRow[]) {
  const inserted: Array<{ id: number; user_id: string }> = [];
  for (const part of chunks(rows, 100)) {
    inserted.push(...(await db.insertInto('notifications').values(part).returning(['id', 'user_id']).execute()));
  }
  return inserted;
}

const notificationColumns = [
  'id',
  'type',
  'product_id',
  'title',
  'body',
  'params',
  'link',
  'created_at',
  'read_at',
] as const;

/**
 * A page of the inbox, newest first, one row more than asked (another page follows), each row
 * with the count of unread notifications read in the same statement.
 */
const inboxPage = compiledQueryFamily(
  (fromBefore: boolean) => String(fromBefore),
  (db, params: { userId: string; limit: number; before?: number }, fromBefore) => {
    let query = db
      .selectFrom('notifications')
      .select(notificationColumns)
      .select((eb) =>
        eb
          .selectFrom('notifications as unread')
          .select((inner) => inner.fn.countAll<number | string>().as('count'))
          .where('unread.user_id', '=', params.userId)
          .where('unread.read_at', 'is', null)
          .as('unread_count'),
      )
      .where('user_id', '=', params.userId)
      .orderBy('id', 'desc')
      .limit(params.limit);
    if (fromBefore) query = query.where('id', '<', params.before!);
    return query;
  },
);

export async function listNotifications(db: Db, userId: string, page: { limit: number; before?: number }) {
  const fromBefore = page.before !== undefined;
  const rows = await inboxPage(fromBefore).execute(db, {
    userId,
    limit: page.limit + 1,
    ...(fromBefore ? { before: page.before } : {}),
  });
  return rows.map((row) => ({ ...row, unread_count: Number(row.unread_count) }));
}

const unreadOf = compiledQuery((db, params: { userId: string }) =>
  db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', params.userId)
    .where('read_at', 'is', null),
);

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await unreadOf.executeTakeFirst(db, { userId });
  return Number(row?.count ?? 0);
}

export async function notificationExists(db: Db, userId: string, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Only an unread one changes, so reading twice keeps the first time. */
export async function markNotificationRead(db: Db, userId: string, id: number, now: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

export async function markAllNotificationsRead(db: Db, userId: string, now: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

// Audiences and preferences ----------------------------------------------------------------

export async function findHolderIds(db: Db, productId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('product_holdings')
    .select('user_id')
    .where('product_id', '=', productId)
    .where('quantity', '>', 0)
    .execute();
  return rows.map((row) => row.user_id);
}

export async function findActiveUserIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('is_banned', '=', 0).execute();
  return rows.map((row) => row.id);
}

/** Accounts (not banned) that turned this type on as a whole: the audience of an opt-in type. */
export async function findOptedInUserIds(db: Db, type: string): Promise<string[]> {
  const rows = await db
    .selectFrom('notification_preferences')
    .innerJoin('users', 'users.id', 'notification_preferences.user_id')
    .select('notification_preferences.user_id')
    .where('notification_preferences.type', '=', type)
    .where('notification_preferences.product_id', '=', 0)
    .where('notification_preferences.is_enabled', '=', 1)
    .where('users.is_banned', '=', 0)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Users who chose something for this type, as a whole (product 0) or for the project given. */
export async function findPreferenceRows(db: Db, type: string, productIds: number[], userIds?: string[]) {
  const query = db
    .selectFrom('notification_preferences')
    .select(['user_id', 'product_id', 'is_enabled'])
    .where('type', '=', type)
    .where('product_id', 'in', productIds);
  if (!userIds) return query.execute();
  const rows = [];
  for (const part of chunks(userIds)) rows.push(...(await query.where('user_id', 'in', part).execute()));
  return rows;
}

export async function listUserPreferenceRows(db: Db, userId: string) {
  return db
    .selectFrom('notification_preferences')
    .select(['type', 'product_id', 'is_enabled'])
    .where('user_id', '=', userId)
    .execute();
}

export async function upsertPreference(
  db: Db,
  values: { userId: string; type: string; productId: number; isEnabled: boolean },
  now: string,
): Promise<void> {
  const isEnabled = values.isEnabled ? 1 : 0;
  await db
    .insertInto('notification_preferences')
    .values({
      user_id: values.userId,
      type: values.type,
      product_id: values.productId,
      is_enabled: isEnabled,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'type', 'product_id']).doUpdateSet({ is_enabled: isEnabled, updated_at: now }),
    )
    .execute();
}

/** The projects a preferences page lists: those held, and those already chosen for. */
export async function findPreferenceProjects(db: Db, userId: string) {
  return db
    .selectFrom('products')
    .select(['products.id', 'products.name'])
    .where((eb) =>
      eb.or([
        eb(
          'products.id',
          'in',
          eb
            .selectFrom('product_holdings')
            .select('product_id')
            .where('user_id', '=', userId)
            .where('quantity', '>', 0),
        ),
        eb(
          'products.id',
          'in',
          eb.selectFrom('notification_preferences').select('product_id').where('user_id', '=', userId),
        ),
      ]),
    )
    .orderBy('products.name')
    .execute();
}

export async function productExists(db: Db, productId: number): Promise<boolean> {
  const row = await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
  return row !== undefined;
}

// Push subscriptions -----------------------------------------------------------------------

export interface SubscriptionValues {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string;
}

/** A device that subscribes again (or under another investor) keeps one row: the newest owner's. */
export async function upsertSubscription(db: Db, values: SubscriptionValues, now: string): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({
      id: values.id,
      user_id: values.userId,
      endpoint: values.endpoint,
      p256dh: values.p256dh,
      auth: values.auth,
      user_agent: values.userAgent,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: values.userId,
        p256dh: values.p256dh,
        auth: values.auth,
        user_agent: values.userAgent,
        updated_at: now,
      }),
    )
    .execute();
}

/**
 * Keeps an account's newest `keep` subscriptions (by last renewal) and deletes the rest. One
 * statement, run after the subscription's own insert has committed: of two racing subscribes,
 * the later statement sees both rows, and neither deletes a row the other keeps.
 */
export async function trimUserSubscriptions(db: Db, userId: string, keep: number): Promise<number> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('push_subscriptions as kept')
        .select('kept.id')
        .where('kept.user_id', '=', userId)
        .orderBy('kept.updated_at', 'desc')
        .orderBy('kept.created_at', 'desc')
        .orderBy('kept.id', 'desc')
        .limit(keep),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** One more attempt its push service did not answer; the count after it (0 when the row is gone). */
export async function countSubscriptionFailure(db: Db, id: string): Promise<number> {
  const row = await db
    .updateTable('push_subscriptions')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('failed_attempts')
    .executeTakeFirst();
  return row?.failed_attempts ?? 0;
}

export async function clearSubscriptionFailures(db: Db, id: string): Promise<void> {
  await db
    .updateTable('push_subscriptions')
    .set({ failed_attempts: 0 })
    .where('id', '=', id)
    .where('failed_attempts', '>', 0)
    .execute();
}

export async function findSubscriptionByEndpoint(db: Db, endpoint: string) {
  return db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).executeTakeFirst();
}

export async function findSubscriptionsOfUsers(db: Db, userIds: string[]) {
  const rows: Array<{ id: string; user_id: string }> = [];
  for (const part of chunks(userIds)) {
    rows.push(
      ...(await db.selectFrom('push_subscriptions').select(['id', 'user_id']).where('user_id', 'in', part).execute()),
    );
  }
  return rows;
}

export async function deleteUserSubscription(db: Db, userId: string, endpoint: string): Promise<number> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteUserSubscriptions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
}

export async function deleteSubscriptionById(db: Db, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export async function updateSubscriptionKeys(
  db: Db,
  id: string,
  values: { endpoint: string; p256dh: string; auth: string },
  now: string,
): Promise<void> {
  await db
    .updateTable('push_subscriptions')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

// Push outbox ------------------------------------------------------------------------------

export async function insertOutboxRows(
  db: Db,
  rows: Array<{ id: string; notification_id: number; subscription_id: string }>,
  now: string,
): Promise<void> {
  for (const part of chunks(rows, 100)) {
    await db
      .insertInto('push_outbox')
      .values(part.map((row) => ({ ...row, state: 'PENDING' as const, next_attempt_at: now, created_at: now })))
      .execute();
  }
}

/** The two outboxes (push messages and mails): the same columns for due, claimed and retried rows. */
export type OutboxTable = 'push_outbox' | 'mail_outbox';

export async function findDueOutboxIds(db: Db, table: OutboxTable, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'PENDING'), eb('next_attempt_at', '<=', now)]),
        // A sweep that died mid-send: its lease ran out, so another may take the row.
        eb.and([eb('state', '=', 'SENDING'), eb('claimed_until', '<', now)]),
      ]),
    )
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes the rows for one sweep with a conditional update: a row another process claimed in
 * the meantime no longer matches the WHERE and is left alone, so no message goes out twice.
 */
export async function claimOutboxRows(
  db: Db,
  table: OutboxTable,
  ids: string[],
  claim: { claimId: string; now: string; until: string },
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable(table)
    .set((eb) => ({
      state: 'SENDING',
      claim_id: claim.claimId,
      claimed_until: claim.until,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', ids)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'PENDING'), eb('next_attempt_at', '<=', claim.now)]),
        eb.and([eb('state', '=', 'SENDING'), eb('claimed_until', '<', claim.now)]),
      ]),
    )
    .execute();
}

export async function findClaimedRows(db: Db, claimId: string) {
  return db
    .selectFrom('push_outbox')
    .innerJoin('notifications', 'notifications.id', 'push_outbox.notification_id')
    .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_outbox.subscription_id')
    .innerJoin('users', 'users.id', 'notifications.user_id')
    .select([
      'push_outbox.id as outboxId',
      'push_outbox.attempts',
      'push_subscriptions.id as subscriptionId',
      'push_subscriptions.endpoint',
      'push_subscriptions.p256dh',
      'push_subscriptions.auth',
      'push_subscriptions.failed_attempts as failedAttempts',
      'notifications.id as notificationId',
      'notifications.type',
      'notifications.product_id as productId',
      'notifications.title',
      'notifications.body',
      'notifications.params',
      'notifications.link',
      'users.language',
      'notifications.created_at as createdAt',
    ])
    .where('push_outbox.claim_id', '=', claimId)
    .where('push_outbox.state', '=', 'SENDING')
    .execute();
}

/** Settles a row this sweep still holds; a row whose lease passed to another is not touched. */
export async function settleOutboxRow(
  db: Db,
  id: string,
  claimId: string,
  outcome: {
    state: PushOutboxState;
    status: number | null;
    error: string | null;
    sentAt?: string;
    nextAttemptAt?: string;
  },
): Promise<void> {
  await db
    .updateTable('push_outbox')
    .set({
      state: outcome.state,
      last_status: outcome.status,
      last_error: outcome.error?.slice(0, 300) ?? null,
      sent_at: outcome.sentAt ?? null,
      ...(outcome.nextAttemptAt ? { next_attempt_at: outcome.nextAttemptAt } : {}),
      claim_id: null,
      claimed_until: null,
    })
    .where('id', '=', id)
    .where('claim_id', '=', claimId)
    .execute();
}

/** Settles the messages of one sweep its push services accepted, a statement per status and 500 rows. */
export async function settleSentOutboxRows(
  db: Db,
  claimId: string,
  rows: ReadonlyArray<{ id: string; status: number }>,
  sentAt: string,
): Promise<void> {
  const byStatus = new Map<number, string[]>();
  for (const row of rows) byStatus.set(row.status, [...(byStatus.get(row.status) ?? []), row.id]);
  for (const [status, ids] of byStatus) {
    for (const part of chunks(ids, 500)) {
      await db
        .updateTable('push_outbox')
        .set({
          state: 'SENT',
          last_status: status,
          last_error: null,
          sent_at: sentAt,
          claim_id: null,
          claimed_until: null,
        })
        .where('id', 'in', part)
        .where('claim_id', '=', claimId)
        .execute();
    }
  }
}

/**
 * Forgets delivered (SENT) and given-up (FAILED) rows whose last attempt is older than `before`,
 * at most `limit` at a time. Only settled rows match, so a row a sweep holds or will retry is
 * never touched; two processes pruning at once delete each row once (the second finds it gone).
 */
export async function deleteSettledOutboxRows(db: Db, before: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('push_outbox')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('push_outbox')
        .select('id')
        .where('state', 'in', ['SENT', 'FAILED'])
        .where('next_attempt_at', '<', before)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// The mail outbox ----------------------------------------------------------------------------

export async function insertMailRows(
  db: Db,
  rows: Array<{ id: string; notification_id: number; subject: string; text: string }>,
  now: string,
): Promise<void> {
  for (const part of chunks(rows, 100)) {
    await db
      .insertInto('mail_outbox')
      .values(part.map((row) => ({ ...row, state: 'PENDING' as const, next_attempt_at: now, created_at: now })))
      .execute();
  }
}

/** Claimed mails with the address the account has now (an account without one gets none). */
export async function findClaimedMails(db: Db, claimId: string) {
  return db
    .selectFrom('mail_outbox')
    .innerJoin('notifications', 'notifications.id', 'mail_outbox.notification_id')
    .innerJoin('users', 'users.id', 'notifications.user_id')
    .select(['mail_outbox.id', 'mail_outbox.attempts', 'mail_outbox.subject', 'mail_outbox.text', 'users.email'])
    .where('mail_outbox.claim_id', '=', claimId)
    .where('mail_outbox.state', '=', 'SENDING')
    .execute();
}

export async function settleMailRow(
  db: Db,
  id: string,
  claimId: string,
  outcome: { state: PushOutboxState; error: string | null; sentAt?: string; nextAttemptAt?: string },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      state: outcome.state,
      last_error: outcome.error?.slice(0, 300) ?? null,
      sent_at: outcome.sentAt ?? null,
      ...(outcome.nextAttemptAt ? { next_attempt_at: outcome.nextAttemptAt } : {}),
      claim_id: null,
      claimed_until: null,
    })
    .where('id', '=', id)
    .where('claim_id', '=', claimId)
    .execute();
}

/** Settled mails past the retention, as for push (the inbox row stays the investor's record). */
export async function deleteSettledMailRows(db: Db, before: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('mail_outbox')
        .select('id')
        .where('state', 'in', ['SENT', 'FAILED'])
        .where('next_attempt_at', '<', before)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// The fan-out outbox (one notification to a vote's holders, written in batches) -----------

export interface NewFanout {
  type: string;
  product_id: number;
  voting_id: number;
  title: string;
  body: string;
  params: string;
  link: string;
  created_at: string;
}

export async function insertFanout(db: Db, values: NewFanout): Promise<number> {
  const row = await db
    .insertInto('notification_fanouts')
    .values({ ...values, state: 'PENDING', cursor: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Fan-outs not finished and free: never claimed, or their runner's lease ran out. Oldest first. */
export async function findClaimableFanoutIds(db: Db, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('notification_fanouts')
    .select('id')
    .where('state', '=', 'PENDING')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/** Takes a fan-out for one runner with a conditional update: of two runners, one wins. */
export async function claimFanout(
  db: Db,
  id: number,
  claim: { claimId: string; now: string; until: string },
): Promise<boolean> {
  const result = await db
    .updateTable('notification_fanouts')
    .set({ claim_id: claim.claimId, claimed_until: claim.until })
    .where('id', '=', id)
    .where('state', '=', 'PENDING')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', claim.now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The first statement of a batch's transaction: extends the lease if this runner still holds
 * it, and reads where the last committed batch stopped. On PostgreSQL the update holds the
 * row's lock until the batch commits, so a runner that took over waits, then sees the new
 * cursor; undefined when the claim passed to another runner (or the fan-out is done).
 */
export async function renewFanoutClaim(db: Db, id: number, claimId: string, until: string) {
  return db
    .updateTable('notification_fanouts')
    .set({ claimed_until: until })
    .where('id', '=', id)
    .where('claim_id', '=', claimId)
    .where('state', '=', 'PENDING')
    .returning(['type', 'product_id', 'voting_id', 'title', 'body', 'params', 'link', 'cursor', 'created_at'])
    .executeTakeFirst();
}

/** What a vote's holders and their power are read from (its ledger mark, or its rows). */
export async function findVotingPowerBasis(db: Db, votingId: number): Promise<VotingPowerBasis | undefined> {
  const row = await db
    .selectFrom('governance_votings')
    .select(['id', 'product_id', 'ledger_mark'])
    .where('id', '=', votingId)
    .executeTakeFirst();
  return row && { id: Number(row.id), product_id: Number(row.product_id), ledger_mark: row.ledger_mark };
}

/** The next holders of a vote after `after` (by user id), at most `limit`: the audience of one batch. */
export async function findAudienceBatch(
  db: Db,
  voting: VotingPowerBasis,
  after: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom(votingPowerOf(db, voting, { after }).as('vp'))
    .select('vp.user_id')
    .orderBy('vp.user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * The inbox rows of one batch in one statement: every holder of the vote with a user id in
 * (after, last] whose preferences take this type (the type as a whole, by default
 * `enabledByDefault`, and, when `productScoped`, this project).
 */
export async function insertFanoutNotifications(
  db: Db,
  fanout: {
    type: string;
    productId: number;
    voting: VotingPowerBasis;
    title: string;
    body: string;
    params: string;
    link: string;
    at: string;
  },
  range: { after: string; last: string },
  rules: { enabledByDefault: boolean; productScoped: boolean },
): Promise<Array<{ id: number; user_id: string }>> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // PostgreSQL types a parameter in a select list only when told; SQLite stores what it is given.
  const text = (value: string) => (pg ? sql<string>`cast(${value} as text)` : sql<string>`${value}`);
  const at = pg ? sql<string>`cast(${fanout.at} as timestamptz)` : sql<string>`${fanout.at}`;
  const audience = db
    .selectFrom(votingPowerOf(db, fanout.voting, range).as('vp'))
    .select([
      'vp.user_id',
      text(fanout.type).as('type'),
      (pg ? sql<number>`cast(${fanout.productId} as integer)` : sql<number>`${fanout.productId}`).as('product_id'),
      text(fanout.title).as('title'),
      text(fanout.body).as('body'),
      text(fanout.params).as('params'),
      text(fanout.link).as('link'),
      at.as('created_at'),
    ])
    .where((eb) =>
      eb(
        eb.fn.coalesce(
          eb
            .selectFrom('notification_preferences as p')
            .select('p.is_enabled')
            .whereRef('p.user_id', '=', 'vp.user_id')
            .where('p.type', '=', fanout.type)
            .where('p.product_id', '=', 0),
          sql<number>`${rules.enabledByDefault ? 1 : 0}`,
        ),
        '=',
        1,
      ),
    )
    .$if(rules.productScoped, (query) =>
      query.where((eb) =>
        eb(
          eb.fn.coalesce(
            eb
              .selectFrom('notification_preferences as p')
              .select('p.is_enabled')
              .whereRef('p.user_id', '=', 'vp.user_id')
              .where('p.type', '=', fanout.type)
              .where('p.product_id', '=', fanout.productId),
            sql<number>`1`,
          ),
          '=',
          1,
        ),
      ),
    )
    .orderBy('vp.user_id');
  const rows = await db
    .insertInto('notifications')
    .columns(['user_id', 'type', 'product_id', 'title', 'body', 'params', 'link', 'created_at'])
    .expression(audience)
    .returning(['id', 'user_id'])
    .execute();
  return rows.map((row) => ({ id: Number(row.id), user_id: row.user_id }));
}

/** The push subscriptions of these accounts, 500 accounts to a statement (the user index each). */
export async function findSubscriptionsOfRecipients(db: Db, userIds: readonly string[]) {
  const rows: Array<{ id: string; user_id: string }> = [];
  for (const part of chunks(userIds, 500)) {
    rows.push(
      ...(await db.selectFrom('push_subscriptions').select(['id', 'user_id']).where('user_id', 'in', part).execute()),
    );
  }
  return rows;
}

/** Push outbox rows written 500 to a statement (six values each: well under either engine's limit). */
export async function insertOutboxRowsInBulk(
  db: Db,
  rows: Array<{ id: string; notification_id: number; subscription_id: string }>,
  now: string,
): Promise<void> {
  for (const part of chunks(rows, 500)) {
    await db
      .insertInto('push_outbox')
      .values(part.map((row) => ({ ...row, state: 'PENDING' as const, next_attempt_at: now, created_at: now })))
      .execute();
  }
}

/** Moves the cursor past a written batch, in that batch's transaction. */
export async function advanceFanout(db: Db, id: number, claimId: string, cursor: string, written: number) {
  await db
    .updateTable('notification_fanouts')
    .set((eb) => ({ cursor, recipients: eb('recipients', '+', written) }))
    .where('id', '=', id)
    .where('claim_id', '=', claimId)
    .execute();
}

export async function finishFanout(db: Db, id: number, claimId: string, now: string) {
  await db
    .updateTable('notification_fanouts')
    .set({ state: 'DONE', done_at: now, claim_id: null, claimed_until: null })
    .where('id', '=', id)
    .where('claim_id', '=', claimId)
    .execute();
}
