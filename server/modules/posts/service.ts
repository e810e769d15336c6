import type { Kysely, Transaction } from 'kysely';
import { markdownToHtml } from './markdown';
import { postStateAt, type OperatorPost, type OperatorPostSummary } from '../../../src/domain/operator-posts';
import { cutText, describePost, readTimeMinutes } from '../../../src/domain/post-text';
import { URL_TITLE_PATTERN, type Post, type PostList, type PostListQuery } from '../../../src/domain/posts';
import type { AppContext } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../plugins/error-handler';
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
  /** Written in the console: the Markdown the content is made from (then `content` is ignored). */
  markdown?: string | null;
  /** The line under the title, cut for the page's description; else the content's first words. */
  description?: string;
  isDraft?: boolean;
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
  if (await repository.isUrlTitleTaken(trx, input.urlTitle)) throw urlTitleTaken(input.urlTitle);
  const createdAt = now.toISOString();
  const authorId =
    (await repository.findAuthorIdByName(trx, input.author.name)) ??
    (await repository.insertAuthor(trx, { name: input.author.name, image: input.author.image, created_at: createdAt }));
  const markdown = input.markdown ?? null;
  const content = markdown !== null ? await renderPostMarkdown(markdown) : await sanitizePostHtml(input.content);
  // Worked out once here, never on a read: the list and the page head serve the stored values.
  const readTime = readTimeMinutes(content);
  const description = input.description !== undefined ? cutText(input.description) : describePost(content);
  const id = await repository
    .insertPost(trx, {
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
      is_draft: input.isDraft ? 1 : 0,
      markdown,
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw urlTitleTaken(input.urlTitle);
      throw error;
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

function urlTitleTaken(urlTitle: string): AppError {
  return new AppError(
    'CONFLICT',
    `Another post already has the address /blog/${urlTitle}; choose a different URL title.`,
  );
}

/** A post's Markdown as readers will get it: made into HTML, then through the post sanitizer. */
export async function renderPostMarkdown(markdown: string): Promise<string> {
  return sanitizePostHtml(markdownToHtml(markdown));
}

/** The editor's preview: exactly what saving would store, and the read time it would show. */
export async function previewPostMarkdown(markdown: string): Promise<{ html: string; readTime: number }> {
  const html = await renderPostMarkdown(markdown);
  return { html, readTime: readTimeMinutes(html) };
}

export function toOperatorPostSummary(row: repository.PostRow, now: Date): OperatorPostSummary {
  const post = toPost(row);
  return {
    id: post.id,
    title: post.title,
    urlTitle: post.urlTitle,
    subTitle: post.subTitle,
    description: post.description,
    thumbnail: post.thumbnail,
    author: post.author,
    createdAt: post.createdAt,
    postedAt: post.postedAt,
    isHide: post.isHide,
    isDraft: row.is_draft === 1,
    state: postStateAt({ isHide: post.isHide, isDraft: row.is_draft === 1, postedAt: post.postedAt }, now),
    readTime: post.readTime,
  };
}

export function toOperatorPost(row: repository.PostRow, now: Date): OperatorPost {
  // A post written as HTML opens as that HTML, which Markdown keeps as it is.
  return { ...toOperatorPostSummary(row, now), markdown: row.markdown ?? row.content, content: row.content };
}

/** Every post, drafts, scheduled and hidden ones included: only for the operator console. */
export async function listEveryPost(db: Db): Promise<repository.PostRow[]> {
  return repository.listAllPosts(db);
}

export async function findPostById(db: Db, id: number): Promise<repository.PostRow | undefined> {
  return repository.findPostById(db, id);
}

export interface PostChange {
  title: string;
  urlTitle: string;
  /** The line under the title; cut, also the page's description. */
  description: string;
  markdown: string;
  thumbnail: string | null;
  postedAt: Date;
  isDraft: boolean;
}

/**
 * Rewrites a post inside the caller's transaction: the Markdown is made into sanitized HTML again
 * and the read time and description follow it. Its author, creation time and hidden flag stay.
 */
export async function updatePostIn(
  trx: Transaction<Database>,
  id: number,
  change: PostChange,
): Promise<{ before: repository.PostRow; after: repository.PostRow }> {
  const before = await repository.findPostById(trx, id);
  if (!before) throw new AppError('NOT_FOUND', `There is no post ${id}.`);
  if (!URL_TITLE_PATTERN.test(change.urlTitle)) {
    throw new AppError('VALIDATION_FAILED', `"${change.urlTitle}" is not a valid post address.`);
  }
  if (await repository.isUrlTitleTakenByOther(trx, change.urlTitle, id)) throw urlTitleTaken(change.urlTitle);
  const content = await renderPostMarkdown(change.markdown);
  try {
    await repository.updatePost(trx, id, {
      title: change.title,
      url_title: change.urlTitle,
      sub_title: change.description,
      description: cutText(change.description),
      markdown: change.markdown,
      content,
      read_time: readTimeMinutes(content),
      thumbnail: change.thumbnail,
      posted_at: change.postedAt.toISOString(),
      is_draft: change.isDraft ? 1 : 0,
    });
  } catch (error) {
    // Two operators claiming one address at once: the database's unique index decides.
    if (isUniqueViolation(error)) throw urlTitleTaken(change.urlTitle);
    throw error;
  }
  return { before, after: (await repository.findPostById(trx, id))! };
}

/** Hides or shows a post; CONFLICT when it already is so. */
export async function setPostHiddenIn(
  trx: Transaction<Database>,
  id: number,
  hidden: boolean,
): Promise<repository.PostRow> {
  const before = await repository.findPostById(trx, id);
  if (!before) throw new AppError('NOT_FOUND', `There is no post ${id}.`);
  if (!(await repository.setPostHidden(trx, id, hidden))) {
    throw new AppError('CONFLICT', hidden ? 'The post is already hidden.' : 'The post is already shown.');
  }
  return (await repository.findPostById(trx, id))!;
}
