import type { Transaction } from 'kysely';
import type {
  OperatorPost,
  OperatorPostSummary,
  PostEdit,
  PostPreview,
  PostPublish,
} from '../../../src/domain/operator-posts';
import { POST_IMAGE_PATH } from '../../../src/domain/operator-posts';
import type { AppContext } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import { postImageExists, storePostImage } from '../posts/images';
import {
  createPostIn,
  findPostById,
  listEveryPost,
  previewPostMarkdown,
  setPostHiddenIn,
  toOperatorPost,
  toOperatorPostSummary,
  updatePostIn,
} from '../posts/service';
import { assertAdmin, type Operator } from './service';

/**
 * The console's Blog screen (issue 23; decision 1812): admins write, schedule, hide and show posts.
 * One function per action, each audited in the transaction that makes the change.
 */

/** Posts the console writes are signed by the editors, as the demo posts of the platform are. */
export const CONSOLE_POST_AUTHOR = 'Moa editors';

async function audit(
  trx: Transaction<Database>,
  operator: Operator,
  type: string,
  detail: Record<string, string>,
  at: string,
): Promise<void> {
  await appendAuditEvent(
    trx,
    {
      userId: operator.userId,
      actor: 'operator',
      type,
      detail: { operator: operator.label, ...detail },
      meta: operator.meta,
    },
    at,
  );
}

/** When the post is shown to readers, and whether it is a draft, from the editor's choice. */
function publishing(publish: PostPublish, now: Date, keep: string | null): { postedAt: Date; isDraft: boolean } {
  switch (publish.mode) {
    case 'DRAFT':
      // A draft keeps the date it had (or now); publishing later sets it.
      return { postedAt: keep ? new Date(keep) : now, isDraft: true };
    case 'NOW':
      return { postedAt: now, isDraft: false };
    case 'AT':
      return { postedAt: new Date(publish.at), isDraft: false };
  }
}

/** A thumbnail is the post's current one kept as it is, or an image uploaded in the console. */
async function checkThumbnail(ctx: AppContext, thumbnail: string | null, current: string | null): Promise<void> {
  if (thumbnail === null || thumbnail === current) return;
  if (!POST_IMAGE_PATH.test(thumbnail) || !(await postImageExists(ctx, thumbnail))) {
    throw new AppError('VALIDATION_FAILED', 'body.thumbnail: The thumbnail must be an image uploaded here, or none.');
  }
}

export async function listConsolePosts(ctx: AppContext, operator: Operator): Promise<OperatorPostSummary[]> {
  assertAdmin(operator, 'manage the blog');
  const now = ctx.now();
  return (await listEveryPost(ctx.db)).map((row) => toOperatorPostSummary(row, now));
}

export async function readConsolePost(ctx: AppContext, operator: Operator, id: number): Promise<OperatorPost> {
  assertAdmin(operator, 'manage the blog');
  const row = await findPostById(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', `There is no post ${id}.`);
  return toOperatorPost(row, ctx.now());
}

export async function previewConsolePost(operator: Operator, markdown: string): Promise<PostPreview> {
  assertAdmin(operator, 'manage the blog');
  return previewPostMarkdown(markdown);
}

export async function createConsolePost(ctx: AppContext, operator: Operator, edit: PostEdit): Promise<OperatorPost> {
  assertAdmin(operator, 'manage the blog');
  await checkThumbnail(ctx, edit.thumbnail, null);
  const now = ctx.now();
  const at = now.toISOString();
  const when = publishing(edit.publish, now, null);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const post = await createPostIn(
      trx,
      {
        title: edit.title,
        urlTitle: edit.urlTitle,
        subTitle: edit.description,
        description: edit.description,
        content: '',
        markdown: edit.markdown,
        author: { name: CONSOLE_POST_AUTHOR, image: null },
        thumbnail: edit.thumbnail,
        postedAt: when.postedAt,
        isDraft: when.isDraft,
      },
      now,
    );
    await audit(
      trx,
      operator,
      'POST_CREATED',
      {
        postId: String(post.id),
        urlTitle: post.urlTitle,
        title: post.title,
        publish: when.isDraft ? 'draft' : post.postedAt,
      },
      at,
    );
    return post.id;
  });
  return readConsolePost(ctx, operator, id);
}

export async function editConsolePost(
  ctx: AppContext,
  operator: Operator,
  id: number,
  edit: PostEdit,
): Promise<OperatorPost> {
  assertAdmin(operator, 'manage the blog');
  const existing = await findPostById(ctx.db, id);
  if (!existing) throw new AppError('NOT_FOUND', `There is no post ${id}.`);
  await checkThumbnail(ctx, edit.thumbnail, existing.thumbnail);
  const now = ctx.now();
  const at = now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const current = await findPostById(trx, id);
    const when = publishing(edit.publish, now, current?.posted_at ? String(current.posted_at) : null);
    const { before, after } = await updatePostIn(trx, id, {
      title: edit.title,
      urlTitle: edit.urlTitle,
      description: edit.description,
      markdown: edit.markdown,
      thumbnail: edit.thumbnail,
      postedAt: when.postedAt,
      isDraft: when.isDraft,
    });
    const changed = (
      [
        ['title', before.title, after.title],
        ['urlTitle', before.url_title, after.url_title],
        ['description', before.sub_title, after.sub_title],
        ['content', before.content, after.content],
        ['thumbnail', before.thumbnail ?? '', after.thumbnail ?? ''],
        ['postedAt', String(before.posted_at), String(after.posted_at)],
        ['draft', String(before.is_draft), String(after.is_draft)],
      ] as const
    )
      .filter(([, was, is]) => was !== is)
      .map(([name]) => name);
    await audit(
      trx,
      operator,
      'POST_EDITED',
      {
        postId: String(id),
        urlTitle: after.url_title,
        ...(before.url_title !== after.url_title ? { previousUrlTitle: before.url_title } : {}),
        changed: changed.join(' ') || 'nothing',
        publish: after.is_draft === 1 ? 'draft' : String(after.posted_at),
      },
      at,
    );
  });
  return readConsolePost(ctx, operator, id);
}

export async function setConsolePostHidden(
  ctx: AppContext,
  operator: Operator,
  id: number,
  hidden: boolean,
): Promise<OperatorPost> {
  assertAdmin(operator, 'manage the blog');
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await setPostHiddenIn(trx, id, hidden);
    await audit(
      trx,
      operator,
      hidden ? 'POST_HIDDEN' : 'POST_SHOWN',
      { postId: String(id), urlTitle: row.url_title },
      now.toISOString(),
    );
  });
  return readConsolePost(ctx, operator, id);
}

/** A thumbnail upload: checked by its content, kept within the admin's storage quota. */
export async function uploadConsolePostImage(ctx: AppContext, operator: Operator, bytes: Buffer): Promise<string> {
  assertAdmin(operator, 'manage the blog');
  if (!operator.userId) throw new AppError('ROLE_REQUIRED', 'Post images are uploaded from an admin account.');
  return storePostImage(ctx, operator.userId, bytes);
}
