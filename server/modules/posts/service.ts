import type { Kysely, Transaction } from 'kysely';
import { describePost, readTimeMinutes } from '../../../src/domain/post-text';
import { URL_TITLE_PATTERN, type Post, type PostList, type PostListQuery } from '../../../src/domain/posts';
import type { AppContext } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import * as repository from './repository';
import { sanitizePostHtml } from './sanitize';

type Db = Kysely<Database> | Transaction<Database>;

export function toPost(row: repository.PostRow): Post {
  return {
    id: row.id,
    title: row.title,
    urlTitle: row.url_title,
    subTitle: row.sub_title,
    content: row.content,
    author: { id: row.author_id, name: row.author_name, image: row.author_image },
    thumbnail: row.thumbnail,
    createdAt: row.created_at,
    postedAt: row.posted_at,
    isHide: row.is_hide === 1,
    readTime: row.read_time,
    description: row.description,
  };
}

/**
 * One page of what readers may see, newest first: the page and the count of all visible posts
 * come from one statement, so they agree even while an operator publishes.
 */
export async function listPosts(ctx: AppContext, query: PostListQuery): Promise<PostList> {
  const at = ctx.now().toISOString();
  // One row more than asked tells whether another page follows, and where it starts.
  const rows = await repository.listVisiblePostPage(ctx.db, {
    now: at,
    limit: query.limit + 1,
    cursorId: query.nextId ?? null,
  });
  if (query.nextId !== undefined && rows.length === 0) {
    throw new AppError(
      'NOT_FOUND',
      `No published post has id ${query.nextId}; it may have been unpublished. Start again from the first page.`,
    );
  }
  // A first page without rows means nothing is visible yet.
  const totalElements = rows[0]?.total_elements ?? 0;
  const hasNextPage = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  return {
    postPayloads: page.map(toPost),
    totalElements,
    totalPages: Math.ceil(totalElements / query.limit),
    hasNextPage,
    nextId: hasNextPage ? rows[query.limit]!.id : null,
  };
}

export async function findPostByUrlTitle(ctx: AppContext, urlTitle: string): Promise<Post | undefined> {
  const row = await repository.findVisiblePostByUrlTitle(ctx.db, urlTitle, ctx.now().toISOString());
  return row ? toPost(row) : undefined;
}

export async function getPostByUrlTitle(ctx: AppContext, urlTitle: string): Promise<Post> {
  const post = await findPostByUrlTitle(ctx, urlTitle);
  if (!post) throw new AppError('NOT_FOUND', `No published post is called "${urlTitle}".`);
  return post;
}

export async function listSitemapPosts(ctx: AppContext) {
  const rows = await repository.listAllVisibleUrlTitles(ctx.db, ctx.now().toISOString());
  return rows.map((row) => ({ urlTitle: row.url_title, postedAt: row.posted_at }));
}

export async function isUrlTitleTaken(db: Db, urlTitle: string): Promise<boolean> {
  return repository.isUrlTitleTaken(db, urlTitle);
}

export interface NewPost {
  title: string;
  urlTitle: string;
  subTitle: string;
  /** HTML as the operator wrote it; sanitized here before it is stored. */
  content: string;
  author: { name: string; image: string | null };
  thumbnail: string | null;
  postedAt: Date;
  isHide?: boolean;
}

/**
 * Writes a post and, when new, its author, inside the caller's transaction (the demo seed writes
 * all posts in one). Content is sanitized on the way in and its read time computed from what
 * remains, so readers never see the original.
 */
export async function createPostIn(trx: Transaction<Database>, input: NewPost, now: Date): Promise<Post> {
  if (!URL_TITLE_PATTERN.test(input.urlTitle)) {
    throw new AppError('VALIDATION_FAILED', `"${input.urlTitle}" is not a valid post address.`);
  }
  if (await repository.isUrlTitleTaken(trx, input.urlTitle)) {
    throw new AppError('CONFLICT', `A post called "${input.urlTitle}" already exists.`);
  }
  const createdAt = now.toISOString();
  const authorId =
    (await repository.findAuthorIdByName(trx, input.author.name)) ??
    (await repository.insertAuthor(trx, { name: input.author.name, image: input.author.image, created_at: createdAt }));
  const content = await sanitizePostHtml(input.content);
  // Worked out once here, never on a read: the list and the page head serve the stored values.
  const readTime = readTimeMinutes(content);
  const description = describePost(content);
  const id = await repository.insertPost(trx, {
    title: input.title,
    url_title: input.urlTitle,
    sub_title: input.subTitle,
    content,
    author_id: authorId,
    thumbnail: input.thumbnail,
    created_at: createdAt,
    posted_at: input.postedAt.toISOString(),
    is_hide: input.isHide ? 1 : 0,
    read_time: readTime,
    description,
  });
  const author = await repository.findAuthorById(trx, authorId);
  return {
    id,
    title: input.title,
    urlTitle: input.urlTitle,
    subTitle: input.subTitle,
    content,
    author: { id: authorId, name: author.name, image: author.image },
    thumbnail: input.thumbnail,
    createdAt,
    postedAt: input.postedAt.toISOString(),
    isHide: input.isHide ?? false,
    readTime,
    description,
  };
}
