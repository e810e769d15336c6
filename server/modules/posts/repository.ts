import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
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
      'post_authors.name as author_name',
      'post_authors.image as author_image',
    ]);
}

/**
 * "Visible" means what a reader may see: not hidden and posted at or before `now`. Both
 * engines compare the ISO strings correctly (text in SQLite, cast to timestamptz in PostgreSQL).
 */
function visibleAt(now: string) {
  return sql<boolean>`posts.is_hide = 0 and posts.posted_at <= ${now}`;
}

export async function countVisiblePosts(db: Db, now: string): Promise<number> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(visibleAt(now))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The position of a visible post in the reading order, for resuming a page there. */
export async function findVisiblePostCursor(
  db: Db,
  id: number,
  now: string,
): Promise<{ id: number; posted_at: string } | undefined> {
  return db
    .selectFrom('posts')
    .select(['id', 'posted_at'])
    .where('id', '=', id)
    .where(visibleAt(now))
    .executeTakeFirst();
}

/** Visible posts newest first (ties by id), starting at the cursor when given. */
export async function listVisiblePosts(
  db: Db,
  options: { now: string; limit: number; from?: { id: number; posted_at: string } },
): Promise<PostRow[]> {
  let query = selectPosts(db).where(visibleAt(options.now));
  if (options.from) {
    const { id, posted_at } = options.from;
    query = query.where((eb) =>
      eb.or([
        eb('posts.posted_at', '<', posted_at),
        eb.and([eb('posts.posted_at', '=', posted_at), eb('posts.id', '<=', id)]),
      ]),
    );
  }
  return query.orderBy('posts.posted_at', 'desc').orderBy('posts.id', 'desc').limit(options.limit).execute();
}

export async function findVisiblePostByUrlTitle(db: Db, urlTitle: string, now: string): Promise<PostRow | undefined> {
  return selectPosts(db).where('posts.url_title', '=', urlTitle).where(visibleAt(now)).executeTakeFirst();
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

export async function insertPost(db: Db, values: Omit<Selectable<PostsTable>, 'id'>): Promise<number> {
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
