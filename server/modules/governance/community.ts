import type { AuditActor } from '../../../src/domain/auth';
import {
  maySeeSection,
  sourceOfRole,
  THREAD_PAGE_SIZE,
  threadSectionTypes,
  type Answer,
  type AnswerRequest,
  type ReportRequest,
  type Thread,
  type ThreadDetail,
  type ThreadList,
  type ThreadQuery,
  type ThreadRequest,
  type ThreadUpdate,
} from '../../../src/domain/governance';
import { moderationReasonSchema, restoreRequestSchema } from '../../../src/domain/operator-governance';
import { highestReached } from '../../../src/domain/products';
import type { AppContext, RequestMeta } from '../../context';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import type { Caller } from '../auth/service';
import type { UserRecord } from '../users/records-repository';
import { accessOf, assertMayAct, assertUnlocked, sectionAccess, type Access } from './access';
import { checkedInput, cleanBody, type ActingOperator } from './input';
import {
  clearReports,
  deleteOwnPost,
  findPost,
  findPostById,
  hidePost,
  insertPost,
  insertReport,
  listAnswers,
  listThreads,
  unhidePost,
  updateOwnPost,
  type PostRow,
} from './repository';

/** The community: threads and answers in the project's sections, their reports, and the operator's moderation. */

/** The project a post belongs to (the console checks a seller's reach by it). */
export async function projectOfPost(ctx: AppContext, postId: number): Promise<number> {
  const post = await findPostById(ctx.db, postId);
  if (!post) throw new AppError('NOT_FOUND', `No post ${postId}.`);
  return Number(post.product_id);
}

/** How posts' authors are shown: an investor's badge from what they hold now (read with each post). */
function authorsOf(access: Access) {
  const items = access.badges.map((badge) => ({ name: badge.name, limitQuantity: badge.limit_quantity }));
  return (row: PostRow) => ({
    name: row.author_name,
    source: row.source,
    badge:
      row.source === 'INVESTOR' && row.is_hide_badge !== 1
        ? (highestReached(items, Number(row.author_balance ?? 0))?.name ?? null)
        : null,
  });
}

function toThread(row: PostRow, user: UserRecord, author: Thread['author']): Thread {
  return {
    id: Number(row.id),
    sectionId: Number(row.section_id),
    sectionType: row.section_type,
    title: row.title ?? '',
    body: row.body,
    author,
    isOwn: row.user_id === user.id,
    answerCount: Number(row.answer_count ?? 0),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toAnswer(row: PostRow, user: UserRecord, author: Answer['author']): Answer {
  return {
    id: Number(row.id),
    threadId: Number(row.parent_id),
    body: row.body,
    author,
    isOwn: row.user_id === user.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function threadSections(access: Access) {
  return access.sections.filter((section) => (threadSectionTypes as readonly string[]).includes(section.type));
}

export async function getThreads(
  ctx: AppContext,
  caller: Caller,
  productId: number,
  query: ThreadQuery,
): Promise<ThreadList> {
  const { user } = caller;
  const access = await accessOf(ctx.db, caller, productId);
  const sections = threadSections(access);
  if (sections.length === 0) throw new AppError('NOT_FOUND', 'This project has no community.');
  let visible = sections.filter((section) => maySeeSection(section.view_type, access.viewer));
  if (query.sectionId !== undefined) {
    const section = sections.find((candidate) => Number(candidate.id) === query.sectionId);
    if (!section) throw new AppError('NOT_FOUND', 'No such section in this project.');
    assertUnlocked(section, access.viewer);
    visible = [section];
  }
  const rows = await listThreads(ctx.db, {
    productId,
    sectionIds: visible.map((section) => Number(section.id)),
    source: query.source === 'ALL' ? null : query.source,
    before: query.before ?? null,
    limit: THREAD_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, THREAD_PAGE_SIZE);
  const authorOf = authorsOf(access);
  return {
    sections: sections.map((section) => sectionAccess(section, access.viewer)),
    threads: page.map((row) => toThread(row, user, authorOf(row))),
    nextBefore: rows.length > THREAD_PAGE_SIZE ? Number(page[page.length - 1]!.id) : null,
  };
}

/** A visible post of the project, in a section the caller may see. */
async function visiblePost(ctx: AppContext, access: Access, postId: number, kind: 'thread' | 'answer' | 'any') {
  const row = await findPost(ctx.db, access.product.id, postId);
  if (!row || row.is_hidden === 1) throw new AppError('NOT_FOUND', 'No such post.');
  if ((kind === 'thread' && row.parent_id !== null) || (kind === 'answer' && row.parent_id === null)) {
    throw new AppError('NOT_FOUND', 'No such post.');
  }
  const section = access.sections.find((candidate) => Number(candidate.id) === Number(row.section_id));
  if (!section) throw new AppError('NOT_FOUND', 'No such post.');
  assertUnlocked(section, access.viewer);
  return row;
}

export async function getThread(ctx: AppContext, caller: Caller, productId: number, threadId: number) {
  const { user } = caller;
  const access = await accessOf(ctx.db, caller, productId);
  const thread = await visiblePost(ctx, access, threadId, 'thread');
  return threadDetail(ctx, user, access, thread);
}

async function threadDetail(ctx: AppContext, user: UserRecord, access: Access, thread: PostRow) {
  const answers = await listAnswers(ctx.db, Number(thread.id));
  const authorOf = authorsOf(access);
  const detail: ThreadDetail = {
    thread: toThread(thread, user, authorOf(thread)),
    answers: answers.map((row) => toAnswer(row, user, authorOf(row))),
  };
  return detail;
}

function audit(user: UserRecord, type: string, detail: Record<string, string>, meta: RequestMeta, at: string) {
  return { userId: user.id, actor: 'user' as AuditActor, type, detail, meta, at };
}

export async function createThread(
  ctx: AppContext,
  caller: Caller,
  productId: number,
  request: ThreadRequest,
  meta: RequestMeta,
): Promise<Thread> {
  const { user } = caller;
  const access = await accessOf(ctx.db, caller, productId);
  assertMayAct(access, user);
  const section = threadSections(access).find((candidate) => Number(candidate.id) === request.sectionId);
  if (!section) throw new AppError('NOT_FOUND', 'No such section in this project.');
  assertUnlocked(section, access.viewer);
  const body = await cleanBody(request.body);
  const at = ctx.now().toISOString();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const postId = await insertPost(trx, {
      productId,
      sectionId: request.sectionId,
      parentId: null,
      userId: user.id,
      source: sourceOfRole(user.role),
      title: request.title,
      body,
      at,
    });
    const entry = audit(user, 'COMMUNITY_POSTED', { productId: String(productId), postId: String(postId) }, meta, at);
    await appendAuditEvent(trx, entry, at);
    return postId;
  });
  return (await getThread(ctx, caller, productId, id)).thread;
}

export async function updateThread(
  ctx: AppContext,
  caller: Caller,
  productId: number,
  threadId: number,
  request: ThreadUpdate,
): Promise<Thread> {
  const { user } = caller;
  const access = await accessOf(ctx.db, caller, productId);
  assertMayAct(access, user);
  const row = await visiblePost(ctx, access, threadId, 'thread');
  if (row.user_id !== user.id) throw new AppError('NOT_POST_AUTHOR', 'Only the author may change this post.');
  const changed = await updateOwnPost(ctx.db, threadId, user.id, {
    title: request.title,
    body: await cleanBody(request.body),
    at: ctx.now().toISOString(),
  });
  if (!changed) throw new AppError('NOT_FOUND', 'No such post.');
  return (await getThread(ctx, caller, productId, threadId)).thread;
}

export async function createAnswer(
  ctx: AppContext,
  caller: Caller,
  productId: number,
  threadId: number,
  request: AnswerRequest,
  meta: RequestMeta,
): Promise<Answer> {
  const { user } = caller;
  const access = await accessOf(ctx.db, caller, productId);
  assertMayAct(access, user);
  const thread = await visiblePost(ctx, access, threadId, 'thread');
  const body = await cleanBody(request.body);
  const at = ctx.now().toISOString();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const postId = await insertPost(trx, {
      productId,
      sectionId: Number(thread.section_id),
      parentId: threadId,
      userId: user.id,
      source: sourceOfRole(user.role),
      title: null,
      body,
      at,
    });
    const entry = audit(user, 'COMMUNITY_ANSWERED', { productId: String(productId), postId: String(postId) }, meta, at);
    await appendAuditEvent(trx, entry, at);
    return postId;
  });
  const detail = await getThread(ctx, caller, productId, threadId);
  return detail.answers.find((answer) => answer.id === id)!;
}

export async function updateAnswer(
  ctx: AppContext,
  caller: Caller,
  productId: number,
  answerId: number,
  request: AnswerRequest,
): Promise<Answer> {
  const { user } = caller;
  const access = await accessOf(ctx.db, caller, productId);
  assertMayAct(access, user);
  const row = await visiblePost(ctx, access, answerId, 'answer');
  if (row.user_id !== user.id) throw new AppError('NOT_POST_AUTHOR', 'Only the author may change this post.');
  await updateOwnPost(ctx.db, answerId, user.id, { body: await cleanBody(request.body), at: ctx.now().toISOString() });
  const detail = await getThread(ctx, caller, productId, Number(row.parent_id));
  return detail.answers.find((answer) => answer.id === answerId)!;
}

export async function deletePost(
  ctx: AppContext,
  caller: Caller,
  productId: number,
  postId: number,
  kind: 'thread' | 'answer',
  meta: RequestMeta,
): Promise<void> {
  const { user } = caller;
  const access = await accessOf(ctx.db, caller, productId);
  const row = await visiblePost(ctx, access, postId, kind);
  if (row.user_id !== user.id) throw new AppError('NOT_POST_AUTHOR', 'Only the author may delete this post.');
  const at = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteOwnPost(trx, postId, user.id))) throw new AppError('NOT_FOUND', 'No such post.');
    const entry = audit(user, 'COMMUNITY_DELETED', { productId: String(productId), postId: String(postId) }, meta, at);
    await appendAuditEvent(trx, entry, at);
  });
}

export async function reportPost(
  ctx: AppContext,
  caller: Caller,
  productId: number,
  postId: number,
  request: ReportRequest,
  meta: RequestMeta,
): Promise<void> {
  const { user } = caller;
  const access = await accessOf(ctx.db, caller, productId);
  await visiblePost(ctx, access, postId, 'any');
  const at = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await insertReport(trx, postId, user.id, request.reason, at);
    const entry = audit(user, 'COMMUNITY_REPORTED', { productId: String(productId), postId: String(postId) }, meta, at);
    await appendAuditEvent(trx, entry, at);
  });
}

/**
 * An operator hides a post (console or community:hide); its author sees the event, with the
 * reason, in their account activity. False when it was already hidden.
 */
export async function hideCommunityPost(ctx: AppContext, postId: number, reason: string, by: ActingOperator) {
  const { reason: text } = checkedInput(moderationReasonSchema, { reason });
  const post = await findPostById(ctx.db, postId);
  if (!post) throw new AppError('NOT_FOUND', `No post ${postId}.`);
  const at = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const hidden = await hidePost(trx, postId, text);
    if (hidden) {
      await appendAuditEvent(
        trx,
        {
          userId: post.user_id,
          actor: 'operator',
          type: 'COMMUNITY_HIDDEN',
          detail: { productId: String(post.product_id), postId: String(postId), reason: text, by: by.label },
          meta: by.meta,
        },
        at,
      );
    }
    return hidden;
  });
}

/**
 * An operator shows a hidden post again (console or community:restore); its author sees that in
 * their activity, with the operator's note if one is given. Its reports are settled: a post
 * restored after review leaves the queue until someone reports it again.
 */
export async function restoreCommunityPost(ctx: AppContext, postId: number, reason: string | null, by: ActingOperator) {
  const { reason: note } = checkedInput(restoreRequestSchema, reason === null ? {} : { reason });
  const post = await findPostById(ctx.db, postId);
  if (!post) throw new AppError('NOT_FOUND', `No post ${postId}.`);
  const at = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const restored = await unhidePost(trx, postId);
    if (restored) {
      await clearReports(trx, postId);
      const detail: Record<string, string> = {
        productId: String(post.product_id),
        postId: String(postId),
        by: by.label,
      };
      if (post.hidden_reason) detail.hiddenReason = post.hidden_reason;
      if (note) detail.reason = note;
      await appendAuditEvent(
        trx,
        { userId: post.user_id, actor: 'operator', type: 'COMMUNITY_RESTORED', detail, meta: by.meta },
        at,
      );
    }
    return restored;
  });
}
