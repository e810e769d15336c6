import { PostgresAdapter, sql, type Insertable, type Kysely } from 'kysely';
import { compiledQuery, compiledQueryFamily } from '../../db/compiled-query';
import { keptParsed, parsed, relationsOf } from '../../db/json';
import type { Database, GovernanceVotingsTable, ProductCommunitySectionsTable } from '../../db/types';

type Db = Kysely<Database>;

/** SQL of governance: notices, community posts, voting items and ballots. */

export async function findGovernanceProduct(db: Db, productId: number) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'is_governance', 'hide_status'])
    .where('id', '=', productId)
    .executeTakeFirst();
}

export interface SectionRow {
  id: number;
  type: ProductCommunitySectionsTable['type'];
  view_type: ProductCommunitySectionsTable['view_type'];
}

/**
 * Everything a governance read checks before answering, in one statement compiled once: the
 * project with the project-access rule's facts (shown, restricted, the caller's place on its
 * allowed list), whether the caller sells it, what the caller holds of it now (the ledger's
 * projection, written with every entry), its sections and its community badges.
 */
const access = compiledQuery((db, params: { productId: number; userId: string }) => {
  const { jsonArrayFrom } = relationsOf(db);
  return db
    .selectFrom('products')
    .select((eb) => [
      'products.id',
      'products.name',
      'products.is_governance',
      'products.hide_status',
      'products.is_restricted',
      eb
        .selectFrom('product_whitelist')
        .select('product_whitelist.status')
        .whereRef('product_whitelist.product_id', '=', 'products.id')
        .where('product_whitelist.user_id', '=', params.userId)
        .as('whitelist_status'),
      eb
        .exists(
          eb
            .selectFrom('product_sellers')
            .select('product_sellers.user_id')
            .whereRef('product_sellers.product_id', '=', 'products.id')
            .where('product_sellers.user_id', '=', params.userId),
        )
        .as('is_seller'),
      eb
        .selectFrom('product_holdings')
        .select('product_holdings.quantity')
        .whereRef('product_holdings.product_id', '=', 'products.id')
        .where('product_holdings.user_id', '=', params.userId)
        .as('balance'),
      jsonArrayFrom(
        eb
          .selectFrom('product_community_sections')
          .select([
            'product_community_sections.id',
            'product_community_sections.type',
            'product_community_sections.view_type',
          ])
          .whereRef('product_community_sections.product_id', '=', 'products.id')
          .orderBy('product_community_sections.sort_order')
          .orderBy('product_community_sections.id'),
      ).as('sections'),
      jsonArrayFrom(
        eb
          .selectFrom('product_community_badges')
          .select(['product_community_badges.name', 'product_community_badges.limit_quantity'])
          .whereRef('product_community_badges.product_id', '=', 'products.id')
          .orderBy('product_community_badges.limit_quantity')
          .orderBy('product_community_badges.id'),
      ).as('badges'),
    ])
    .where('products.id', '=', params.productId);
});

export async function findGovernanceAccess(db: Db, productId: number, userId: string) {
  const row = await access.executeTakeFirst(db, { productId, userId });
  if (!row) return undefined;
  return {
    id: Number(row.id),
    name: row.name,
    hide_status: row.hide_status,
    is_restricted: Number(row.is_restricted),
    whitelist_status: row.whitelist_status ?? null,
    is_seller: Boolean(Number(row.is_seller)),
    balance: Number(row.balance ?? 0),
    // The project's sections and badges are the same for every reader: parsed once per text.
    sections: keptParsed(row.sections).map((section) => ({ ...section, id: Number(section.id) })) as SectionRow[],
    badges: keptParsed(row.badges).map((badge) => ({ name: badge.name, limit_quantity: Number(badge.limit_quantity) })),
  };
}

export async function findSections(db: Db, productId: number): Promise<SectionRow[]> {
  return db
    .selectFrom('product_community_sections')
    .select(['id', 'type', 'view_type'])
    .where('product_id', '=', productId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Voting items and ballots

export type VotingRow = Awaited<ReturnType<typeof findVoting>> & {};

export async function insertVoting(db: Db, values: Insertable<GovernanceVotingsTable>): Promise<number> {
  const row = await db.insertInto('governance_votings').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findVoting(db: Db, id: number) {
  return db.selectFrom('governance_votings').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A voting item as one reader sees it, in one statement: the item, the reader's voting power
 * (their row, written when it opened), their ballot, and the total weight per choice (0
 * abstains), which the service shows only when the results are visible.
 */
function selectVotingItems(db: Db, userId: string) {
  const { jsonArrayFrom } = relationsOf(db);
  return db
    .selectFrom('governance_votings')
    .leftJoin('governance_ballots as my_ballot', (join) =>
      join.onRef('my_ballot.voting_id', '=', 'governance_votings.id').on('my_ballot.user_id', '=', userId),
    )
    .selectAll('governance_votings')
    .select((eb) =>
      // The reader's power: their entries up to the item's ledger mark; an item opened before
      // marks (NULL) has a row of voting power per holder instead.
      eb
        .case()
        .when('governance_votings.ledger_mark', 'is', null)
        .then(
          eb
            .selectFrom('governance_voting_power as mine')
            .select('mine.power')
            .whereRef('mine.voting_id', '=', 'governance_votings.id')
            .where('mine.user_id', '=', userId),
        )
        .else(
          eb
            .selectFrom('holding_entries as held')
            .select((inner) => inner.fn.sum<number>('held.quantity').as('power'))
            .whereRef('held.product_id', '=', 'governance_votings.product_id')
            .where('held.user_id', '=', userId)
            .whereRef('held.id', '<=', 'governance_votings.ledger_mark'),
        )
        .end()
        .as('my_power'),
    )
    .select(['my_ballot.choice as my_choice', 'my_ballot.weight as my_weight', 'my_ballot.created_at as my_cast_at'])
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('governance_ballots')
          .select((inner) => [
            'governance_ballots.choice',
            inner.fn.sum<number>('governance_ballots.weight').as('weight'),
          ])
          .whereRef('governance_ballots.voting_id', '=', 'governance_votings.id')
          .groupBy('governance_ballots.choice'),
      ).as('sums'),
    );
}

const votingItems = compiledQuery((db, params: { productId: number; kind: 'PROPOSAL' | 'AGENDA'; userId: string }) =>
  selectVotingItems(db, params.userId)
    .where('governance_votings.product_id', '=', params.productId)
    .where('governance_votings.kind', '=', params.kind)
    .orderBy('governance_votings.id', 'desc')
    .limit(100),
);

const votingItem = compiledQuery((db, params: { id: number; userId: string }) =>
  selectVotingItems(db, params.userId).where('governance_votings.id', '=', params.id),
);

function readVotingItem<T extends { sums: unknown }>(row: T) {
  const sums = parsed(row.sums as Array<{ choice: number; weight: number }> | string);
  return { ...row, sums: sums.map((sum) => ({ choice: Number(sum.choice), weight: Number(sum.weight) })) };
}

export type VotingItemRow = ReturnType<
  typeof readVotingItem<Awaited<ReturnType<typeof votingItem.executeTakeFirst>> & {}>
>;

/** A project's proposals or agendas, newest first, with the reader's power, ballot and the sums. */
export async function listVotingItems(db: Db, productId: number, kind: 'PROPOSAL' | 'AGENDA', userId: string) {
  const rows = await votingItems.execute(db, { productId, kind, userId });
  return rows.map(readVotingItem);
}

export async function findVotingItem(db: Db, id: number, userId: string) {
  const row = await votingItem.executeTakeFirst(db, { id, userId });
  return row ? readVotingItem(row) : undefined;
}

/**
 * Where a project's ledger stands, read by a vote's opening under the project's exclusive ledger
 * lock (docs/decisions/1824): the id of its last entry (0 without one), and the quorum's base.
 * No balance is ever below zero (appendHoldingEntry refuses a debit past the holding), so the
 * sum of every holder's positive balance is the sum of the project's entries: one pass over the
 * index of (product_id, id, quantity), with no grouping by holder, however many holders.
 */
export async function readLedgerMark(db: Db, productId: number): Promise<{ mark: number; totalPower: number }> {
  const row = await db
    .selectFrom('holding_entries')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.max<number | null>('id'), sql<number>`0`).as('mark'),
      eb.fn.coalesce(eb.fn.sum<number | string>('quantity'), sql<number>`0`).as('total'),
    ])
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return { mark: Number(row.mark), totalPower: Number(row.total) };
}

/** The first key of governance's advisory locks on PostgreSQL. */
const PROPOSAL_AUTHOR_LOCK_SPACE = 0x4d6f6102;

/**
 * Orders the proposals one account opens (in any project) until the transaction ends, so its
 * count of open proposals is read and raised by one transaction at a time. PostgreSQL takes a
 * transaction-level advisory lock keyed by the account; SQLite runs one write transaction at
 * a time already.
 */
export async function lockProposalAuthor(db: Db, userId: string): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(${PROPOSAL_AUTHOR_LOCK_SPACE}::int, hashtext(${userId}))`.execute(db);
}

/** Proposals open now (not yet ended), of one project or of one author. */
export async function countOpenProposals(
  db: Db,
  scope: { productId: number } | { authorUserId: string },
  at: string,
): Promise<number> {
  let query = db
    .selectFrom('governance_votings')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('kind', '=', 'PROPOSAL')
    .where('status', '=', 'OPEN')
    .where('ends_at', '>', at);
  query =
    'productId' in scope
      ? query.where('product_id', '=', scope.productId)
      : query.where('author_user_id', '=', scope.authorUserId);
  const row = await query.executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Total weight per choice (0 abstains). */
export async function sumBallots(db: Db, votingId: number) {
  const rows = await db
    .selectFrom('governance_ballots')
    .select((eb) => ['choice', eb.fn.sum<number>('weight').as('weight')])
    .where('voting_id', '=', votingId)
    .groupBy('choice')
    .execute();
  return rows.map((row) => ({ choice: Number(row.choice), weight: Number(row.weight) }));
}

export async function insertBallot(
  db: Db,
  values: { votingId: number; userId: string; choice: number; weight: number; at: string },
) {
  await db
    .insertInto('governance_ballots')
    .values({
      voting_id: values.votingId,
      user_id: values.userId,
      choice: values.choice,
      weight: values.weight,
      created_at: values.at,
    })
    .execute();
}

export async function findVoterIds(db: Db, votingId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('governance_ballots')
    .select('user_id')
    .where('voting_id', '=', votingId)
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

export async function findDueVotingIds(db: Db, at: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('governance_votings')
    .select('id')
    .where('status', '=', 'OPEN')
    .where('ends_at', '<=', at)
    .orderBy('ends_at')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * Moves an OPEN item to CLOSED or CANCELLED. The condition on the status makes the database
 * decide: of two processes closing the same item, exactly one sees a changed row.
 */
export async function finishVoting(
  db: Db,
  id: number,
  values: {
    status: 'CLOSED' | 'CANCELLED';
    outcome: 'PASSED' | 'REJECTED' | 'NO_QUORUM' | null;
    winningOption: number | null;
    at: string;
    by: string;
    /** Only close when the end has passed (the sweep); operators close early. */
    dueBy?: string;
  },
): Promise<boolean> {
  let query = db
    .updateTable('governance_votings')
    .set({
      status: values.status,
      outcome: values.outcome,
      winning_option: values.winningOption,
      closed_at: values.at,
      closed_by: values.by,
    })
    .where('id', '=', id)
    .where('status', '=', 'OPEN');
  if (values.dueBy) query = query.where('ends_at', '<=', values.dueBy);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records the tally of an item this transaction has just closed. */
export async function setVotingOutcome(
  db: Db,
  id: number,
  values: { outcome: 'PASSED' | 'REJECTED' | 'NO_QUORUM'; winningOption: number | null },
) {
  await db
    .updateTable('governance_votings')
    .set({ outcome: values.outcome, winning_option: values.winningOption })
    .where('id', '=', id)
    .execute();
}

/**
 * Takes the item's row for a ballot: the update succeeds only while the item is open and
 * its end is ahead, and holds the row until the ballot's transaction ends, so a ballot and
 * the close never overlap.
 */
export async function claimOpenVoting(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('governance_votings')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', id)
    .where('status', '=', 'OPEN')
    .where('ends_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------------------------------------
// Notices

export async function insertNotice(
  db: Db,
  values: {
    productId: number;
    title: string;
    body: string;
    isPinned: boolean;
    source: 'ADMIN' | 'SELLER';
    author: string;
    votingId: number | null;
    at: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('governance_notices')
    .values({
      product_id: values.productId,
      title: values.title,
      body: values.body,
      is_pinned: values.isPinned ? 1 : 0,
      source: values.source,
      author: values.author,
      voting_id: values.votingId,
      created_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

function selectNotices(db: Db, userId: string) {
  return db
    .selectFrom('governance_notices')
    .leftJoin('governance_notice_reads', (join) =>
      join
        .onRef('governance_notice_reads.notice_id', '=', 'governance_notices.id')
        .on('governance_notice_reads.user_id', '=', userId),
    )
    .selectAll('governance_notices')
    .select('governance_notice_reads.read_at');
}

const notices = compiledQuery((db, params: { productId: number; userId: string }) =>
  selectNotices(db, params.userId)
    .where('governance_notices.product_id', '=', params.productId)
    .orderBy('governance_notices.is_pinned', 'desc')
    .orderBy('governance_notices.id', 'desc')
    .limit(100),
);

export async function listNotices(db: Db, productId: number, userId: string) {
  return notices.execute(db, { productId, userId });
}

export async function findNotice(db: Db, productId: number, noticeId: number, userId: string) {
  return selectNotices(db, userId)
    .where('governance_notices.product_id', '=', productId)
    .where('governance_notices.id', '=', noticeId)
    .executeTakeFirst();
}

export async function markNoticeRead(db: Db, noticeId: number, userId: string, at: string) {
  await db
    .insertInto('governance_notice_reads')
    .values({ notice_id: noticeId, user_id: userId, read_at: at })
    .onConflict((oc) => oc.columns(['notice_id', 'user_id']).doNothing())
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Community posts

function selectPosts(db: Db) {
  return db
    .selectFrom('community_posts')
    .innerJoin('users', 'users.id', 'community_posts.user_id')
    .innerJoin('product_community_sections', 'product_community_sections.id', 'community_posts.section_id')
    .selectAll('community_posts')
    .select(['users.name as author_name', 'users.is_hide_badge', 'product_community_sections.type as section_type'])
    .select((eb) => [
      eb
        .selectFrom('community_posts as answers')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('answers.parent_id', '=', 'community_posts.id')
        .where('answers.is_hidden', '=', 0)
        .as('answer_count'),
      // What the author holds of the project now (the ledger's projection), for their badge.
      eb
        .selectFrom('product_holdings')
        .select('product_holdings.quantity')
        .whereRef('product_holdings.product_id', '=', 'community_posts.product_id')
        .whereRef('product_holdings.user_id', '=', 'community_posts.user_id')
        .as('author_balance'),
    ]);
}

export type PostRow = Awaited<ReturnType<typeof findPost>> & {};

export async function findPost(db: Db, productId: number, postId: number) {
  return selectPosts(db)
    .where('community_posts.product_id', '=', productId)
    .where('community_posts.id', '=', postId)
    .executeTakeFirst();
}

/** A page of threads; its shape: how many sections it reads, and which filters it has. */
const threadPage = compiledQueryFamily(
  (shape: { sections: number; source: boolean; before: boolean }) =>
    `${shape.sections} ${shape.source} ${shape.before}`,
  (
    db,
    params: { productId: number; limit: number; source?: 'INVESTOR' | 'ADMIN' | 'SELLER'; before?: number } & Record<
      `section${number}`,
      number
    >,
    shape,
  ) => {
    let query = selectPosts(db)
      .where('community_posts.product_id', '=', params.productId)
      .where('community_posts.parent_id', 'is', null)
      .where('community_posts.is_hidden', '=', 0)
      .where(
        'community_posts.section_id',
        'in',
        Array.from({ length: shape.sections }, (_, index) => params[`section${index}`]!),
      );
    if (shape.source) query = query.where('community_posts.source', '=', params.source!);
    if (shape.before) query = query.where('community_posts.id', '<', params.before!);
    return query.orderBy('community_posts.id', 'desc').limit(params.limit);
  },
);

export async function listThreads(
  db: Db,
  filter: {
    productId: number;
    sectionIds: number[];
    source: 'INVESTOR' | 'ADMIN' | 'SELLER' | null;
    before: number | null;
    limit: number;
  },
) {
  if (filter.sectionIds.length === 0) return [];
  const shape = { sections: filter.sectionIds.length, source: filter.source !== null, before: Boolean(filter.before) };
  return threadPage(shape).execute(db, {
    productId: filter.productId,
    limit: filter.limit,
    ...(filter.source ? { source: filter.source } : {}),
    ...(filter.before ? { before: filter.before } : {}),
    ...Object.fromEntries(filter.sectionIds.map((id, index) => [`section${index}`, id])),
  });
}

export async function listAnswers(db: Db, threadId: number) {
  return selectPosts(db)
    .where('community_posts.parent_id', '=', threadId)
    .where('community_posts.is_hidden', '=', 0)
    .orderBy('community_posts.id')
    .limit(500)
    .execute();
}

export async function insertPost(
  db: Db,
  values: {
    productId: number;
    sectionId: number;
    parentId: number | null;
    userId: string;
    source: 'INVESTOR' | 'ADMIN' | 'SELLER';
    title: string | null;
    body: string;
    at: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('community_posts')
    .values({
      product_id: values.productId,
      section_id: values.sectionId,
      parent_id: values.parentId,
      user_id: values.userId,
      source: values.source,
      title: values.title,
      body: values.body,
      created_at: values.at,
      updated_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Changes a post of its author only; answers whether a row changed. */
export async function updateOwnPost(
  db: Db,
  postId: number,
  userId: string,
  values: { title?: string; body: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('community_posts')
    .set({ ...(values.title !== undefined ? { title: values.title } : {}), body: values.body, updated_at: values.at })
    .where('id', '=', postId)
    .where('user_id', '=', userId)
    .where('is_hidden', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteOwnPost(db: Db, postId: number, userId: string): Promise<boolean> {
  // Answers, then the post (PostgreSQL and SQLite both cascade, but SQLite only with foreign keys on).
  await db
    .deleteFrom('community_reports')
    .where('post_id', 'in', (eb) => eb.selectFrom('community_posts').select('id').where('parent_id', '=', postId))
    .execute();
  await db.deleteFrom('community_posts').where('parent_id', '=', postId).execute();
  await db.deleteFrom('community_reports').where('post_id', '=', postId).execute();
  const result = await db
    .deleteFrom('community_posts')
    .where('id', '=', postId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function hidePost(db: Db, postId: number, reason: string): Promise<boolean> {
  const result = await db
    .updateTable('community_posts')
    .set({ is_hidden: 1, hidden_reason: reason })
    .where('id', '=', postId)
    .where('is_hidden', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findPostById(db: Db, postId: number) {
  return db.selectFrom('community_posts').selectAll().where('id', '=', postId).executeTakeFirst();
}

/** One report per user and post: a second one changes nothing. */
export async function insertReport(db: Db, postId: number, userId: string, reason: string, at: string) {
  await db
    .insertInto('community_reports')
    .values({ post_id: postId, user_id: userId, reason, created_at: at })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .execute();
}

// ---------------------------------------------------------------------------------------------
// The operator console's reads and moderation

export async function findNoticeById(db: Db, noticeId: number) {
  return db.selectFrom('governance_notices').select(['id', 'product_id']).where('id', '=', noticeId).executeTakeFirst();
}

export async function setNoticePinned(db: Db, noticeId: number, isPinned: boolean): Promise<boolean> {
  const result = await db
    .updateTable('governance_notices')
    .set({ is_pinned: isPinned ? 1 : 0 })
    .where('id', '=', noticeId)
    .where('is_pinned', '=', isPinned ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function unhidePost(db: Db, postId: number): Promise<boolean> {
  const result = await db
    .updateTable('community_posts')
    .set({ is_hidden: 0, hidden_reason: null })
    .where('id', '=', postId)
    .where('is_hidden', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function clearReports(db: Db, postId: number): Promise<void> {
  await db.deleteFrom('community_reports').where('post_id', '=', postId).execute();
}

/** A project's notices for the console, pinned first, newest first. */
export async function findNoticesForOperator(db: Db, productId: number, limit: number) {
  return db
    .selectFrom('governance_notices')
    .select(['id', 'product_id', 'title', 'is_pinned', 'source', 'voting_id', 'created_at'])
    .where('product_id', '=', productId)
    .orderBy('is_pinned', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Agendas and proposals in the operator's projects (null: every project), open first, newest first. */
export async function findVotingsForOperator(
  db: Db,
  productIds: number[] | null,
  productId: number | null,
  limit: number,
) {
  if (productIds && !productIds.length) return [];
  return db
    .selectFrom('governance_votings')
    .innerJoin('products', 'products.id', 'governance_votings.product_id')
    .select([
      'governance_votings.id',
      'governance_votings.kind',
      'governance_votings.product_id',
      'products.name as product_name',
      'governance_votings.title',
      'governance_votings.status',
      'governance_votings.author_name',
      'governance_votings.author_source',
      'governance_votings.ends_at',
      'governance_votings.quorum_percent',
      'governance_votings.threshold_percent',
      'governance_votings.results_visible_before_close',
      'governance_votings.outcome',
      'governance_votings.closed_at',
    ])
    .$if(productIds !== null, (query) => query.where('governance_votings.product_id', 'in', productIds ?? []))
    .$if(productId !== null, (query) => query.where('governance_votings.product_id', '=', productId!))
    .orderBy(sql`case when ${sql.ref('governance_votings.status')} = 'OPEN' then 0 else 1 end`)
    .orderBy('governance_votings.created_at', 'desc')
    .orderBy('governance_votings.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The moderation queue: posts someone reported that are still shown (oldest report first), then
 * hidden posts, so a hidden one can be restored.
 */
export async function findReportedPosts(db: Db, productIds: number[] | null, limit: number) {
  if (productIds && !productIds.length) return [];
  const rows = await db
    .selectFrom('community_posts')
    .innerJoin('products', 'products.id', 'community_posts.product_id')
    .innerJoin('users', 'users.id', 'community_posts.user_id')
    .select((eb) => [
      'community_posts.id',
      'community_posts.product_id',
      'products.name as product_name',
      'community_posts.title',
      'community_posts.body',
      'community_posts.is_hidden',
      'community_posts.hidden_reason',
      'community_posts.updated_at',
      'users.name as author_name',
      'users.email as author_email',
      eb
        .selectFrom('community_reports')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('community_reports.post_id', '=', 'community_posts.id')
        .as('report_count'),
      eb
        .selectFrom('community_reports')
        .select((inner) => inner.fn.min('community_reports.created_at').as('first'))
        .whereRef('community_reports.post_id', '=', 'community_posts.id')
        .as('first_reported_at'),
    ])
    .where((eb) =>
      eb.or([
        eb('community_posts.is_hidden', '=', 1),
        eb.exists(
          eb
            .selectFrom('community_reports')
            .select('community_reports.id')
            .whereRef('community_reports.post_id', '=', 'community_posts.id'),
        ),
      ]),
    )
    .$if(productIds !== null, (query) => query.where('community_posts.product_id', 'in', productIds ?? []))
    .orderBy('community_posts.is_hidden', 'asc')
    .orderBy('first_reported_at', 'asc')
    .orderBy('community_posts.id', 'desc')
    .limit(limit)
    .execute();
  const reasons = new Map<number, string[]>();
  const ids = rows.map((row) => Number(row.id));
  if (ids.length) {
    const found = await db
      .selectFrom('community_reports')
      .select(['post_id', 'reason'])
      .where('post_id', 'in', ids)
      .orderBy('created_at', 'desc')
      .execute();
    for (const report of found) {
      const list = reasons.get(Number(report.post_id)) ?? [];
      if (list.length < 5) list.push(report.reason);
      reasons.set(Number(report.post_id), list);
    }
  }
  return rows.map((row) => ({ ...row, reasons: reasons.get(Number(row.id)) ?? [] }));
}

/** Projects an operator may pick (null: every project), by name. */
export async function findProjectChoices(db: Db, productIds: number[] | null) {
  if (productIds && !productIds.length) return [];
  return db
    .selectFrom('products')
    .select(['id', 'name'])
    .$if(productIds !== null, (query) => query.where('id', 'in', productIds ?? []))
    .orderBy('name')
    .orderBy('id')
    .limit(1000)
    .execute();
}
