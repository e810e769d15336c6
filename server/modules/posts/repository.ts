import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import { compiledQuery, compiledQueryFamily } from '../../db/compiled-query';
import type { Database, PostsTable } from '../../db/types';

type Db = Kysely<Database> | Transaction<Database>;

export interface PostRow {
  id: number;
  title: string;
  url_title: string;
  sub_title: string;
  content: string;
  thumbnail: string | null;
  created_at: string;
  posted_at: string;
  is_hide: number;
  read_time: number;
  description: string;
  author_id: number;
  author_name: string;
  author_image: string | null;
  is_draft: number;
  markdown: string | null;
}

function selectPosts(db: Db) {
  return db
    .selectFrom('posts')
    .innerJoin('post_authors', 'post_authors.id', 'posts.author_id')
    .select([
      'posts.id',
      'posts.title',
      'posts.url_title',
      'posts.sub_title',
      'posts.content',
      'posts.thumbnail',
      'posts.created_at',
      'posts.posted_at',
      'posts.is_hide',
      'posts.read_time',
      'posts.description',
      'posts.author_id',
      'posts.is_draft',
      'posts.markdown',
      'post_authors.name as author_name',
      'post_authors.image as author_image',
    ]);
}

/**
 * "Visible" means what a reader may see: not hidden, not a draft and posted at or before `now`
 * (a post scheduled for later stays out of every public read until then). Both engines compare
 * the ISO strings correctly (text in SQLite, cast to timestamptz in PostgreSQL).
 */
function visibleAt(now: string) {
  return sql<boolean>`posts.is_hide = 0 and posts.is_draft = 0 and posts.posted_at <= ${now}`;
}

/** A page of visible posts, with the count of every visible post read in the same statement. */
export type PostPageRow = PostRow & { total_elements: number };

/**
 * One page of visible posts, newest first (ties by id), and how many posts are visible in all,
 * in one statement, so the count and the rows agree even while an operator publishes. A later
 * page starts at the visible post `cursorId` (the last page's `nextId`); when that post is not
 * visible (any more) the page is empty, which a page starting at a visible post never is.
 */
const postPage = compiledQueryFamily(
  (fromCursor: boolean) => (fromCursor ? 'from cursor' : 'first page'),
  (db, params: { now: string; limit: number; cursorId?: number }, fromCursor) => {
    let query = selectPosts(db)
      .select((eb) =>
        eb
          .selectFrom('posts as counted')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('counted.is_hide', '=', 0)
          .where('counted.is_draft', '=', 0)
          .where('counted.posted_at', '<=', params.now)
          .as('total_elements'),
      )
      .where(visibleAt(params.now));
    if (fromCursor) {
      const cursorAt = (eb: ExpressionBuilder<Database, 'posts' | 'post_authors'>) =>
        eb
          .selectFrom('posts as cursor')
          .select('cursor.posted_at')
          .where('cursor.id', '=', params.cursorId!)
          .where('cursor.is_hide', '=', 0)
          .where('cursor.is_draft', '=', 0)
          .where('cursor.posted_at', '<=', params.now);
      query = query.where((eb) =>
        eb.or([
          eb('posts.posted_at', '<', cursorAt(eb)),
          eb.and([eb('posts.posted_at', '=', cursorAt(eb)), eb('posts.id', '<=', params.cursorId!)]),
        ]),
      );
    }
    return query.orderBy('posts.posted_at', 'desc').orderBy('posts.id', 'desc').limit(params.limit);
  },
);

export async function listVisiblePostPage(
  db: Db,
  options: { now: string; limit: number; cursorId: number | null },
): Promise<PostPageRow[]> {
  const rows = await postPage(options.cursorId !== null).execute(db, {
    now: options.now,
    limit: options.limit,
    ...(options.cursorId !== null ? { cursorId: options.cursorId } : {}),
  });
  return rows.map((row) => ({ ...row, total_elements: Number(row.total_elements) }));
}

const visiblePostByUrlTitle = compiledQuery((db, params: { urlTitle: string; now: string }) =>
  selectPosts(db).where('posts.url_title', '=', params.urlTitle).where(visibleAt(params.now)),
);

export async function findVisiblePostByUrlTitle(db: Db, urlTitle: string, now: string): Promise<PostRow | undefined> {
  return visiblePostByUrlTitle.executeTakeFirst(db, { urlTitle, now });
}

export async function listAllVisibleUrlTitles(
  db: Db,
  now: string,
): Promise<Array<Pick<Selectable<PostsTable>, 'url_title' | 'posted_at'>>> {
  return db
    .selectFrom('posts')
    .select(['url_title', 'posted_at'])
    .where(visibleAt(now))
    .orderBy('posted_at', 'desc')
    .execute();
}

export async function findAuthorIdByName(db: Db, name: string): Promise<number | undefined> {
  const row = await db.selectFrom('post_authors').select('id').where('name', '=', name).executeTakeFirst();
  return row?.id;
}

export async function insertAuthor(
  db: Db,
  values: { name: string; image: string | null; created_at: string },
): Promise<number> {
  const row = await db.insertInto('post_authors').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertPost(db: Db, values: Omit<Insertable<PostsTable>, 'id'>): Promise<number> {
  const row = await db.insertInto('posts').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function isUrlTitleTaken(db: Db, urlTitle: string): Promise<boolean> {
  const row = await db.selectFrom('posts').select('id').where('url_title', '=', urlTitle).executeTakeFirst();
  return row !== undefined;
}

export async function findAuthorById(db: Db, id: number): Promise<{ name: string; image: string | null }> {
  return db.selectFrom('post_authors').select(['name', 'image']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** Every post, whatever readers may see of it, newest date first: the operator console's list. */
export async function listAllPosts(db: Db): Promise<PostRow[]> {
  return selectPosts(db).orderBy('posts.posted_at', 'desc').orderBy('posts.id', 'desc').execute();
}

export async function findPostById(db: Db, id: number): Promise<PostRow | undefined> {
  return selectPosts(db).where('posts.id', '=', id).executeTakeFirst();
}

export async function isUrlTitleTakenByOther(db: Db, urlTitle: string, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('posts')
    .select('id')
    .where('url_title', '=', urlTitle)
    .where('id', '<>', id)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updatePost(db: Db, id: number, values: Updateable<PostsTable>): Promise<void> {
  await db.updateTable('posts').set(values).where('id', '=', id).execute();
}

/** Hides or shows a post; false when it was already so (or does not exist). */
export async function setPostHidden(db: Db, id: number, hidden: boolean): Promise<boolean> {
  const result = await db
    .updateTable('posts')
    .set({ is_hide: hidden ? 1 : 0 })
    .where('id', '=', id)
    .where('is_hide', '=', hidden ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
