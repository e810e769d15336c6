import type { Kysely } from 'kysely';
import type { AuditActor } from '../../../src/domain/auth';
import {
  ABSTAIN,
  THREAD_PAGE_SIZE,
  maySeeSection,
  resultsVisible,
  sourceOfRole,
  tallyVotes,
  threadSectionTypes,
  type Answer,
  type AnswerRequest,
  type AuthorSource,
  type BallotItem,
  type BallotItemList,
  type GovernanceViewer,
  type Notice,
  type NoticeList,
  type ProposalRequest,
  type ReportRequest,
  type SectionAccess,
  type Thread,
  type ThreadDetail,
  type ThreadList,
  type ThreadQuery,
  type ThreadRequest,
  type ThreadUpdate,
  type VoteRequest,
  type VotingKind,
} from '../../../src/domain/governance';
import type { z } from 'zod';
import { isIdentityApproved } from '../../../src/domain/kyc';
import {
  agendaFieldsSchema,
  moderationReasonSchema,
  noticeFieldsSchema,
  restoreRequestSchema,
  type NoticeFields,
  type OperatorNotice,
  type OperatorVoting,
  type ProjectChoices,
  type ReportedPost,
} from '../../../src/domain/operator-governance';
import { highestReached } from '../../../src/domain/products';
import type { AppContext, RequestMeta } from '../../context';
import type { Database } from '../../db/types';
import { AppError } from '../../errors';
import { validationText } from '../../i18n/errors';
import { appendAuditEvent } from '../audit/repository';
import type { Caller } from '../auth/service';
import { budgetKey, spendBudgets } from '../limits/service';
import { lockLedgerForSnapshot } from '../holdings/service';
import { assertProjectDecision, projectAccessFacts } from '../products/service';
import { sanitizePostHtml } from '../posts/sanitize';
import { findUserByEmail, findUserById, type UserRecord } from '../users/records-repository';
import { onAgendaClosed, onProposalCreated, onVoteFinished } from './events';
import {
  claimOpenVoting,
  countOpenProposals,
  deleteOwnPost,
  findDueVotingIds,
  findGovernanceAccess,
  findGovernanceProduct,
  findNotice,
  findNoticeById,
  findPost,
  findPostById,
  findSections,
  findVoting,
  findVotingItem,
  finishVoting,
  hidePost,
  unhidePost,
  clearReports,
  setNoticePinned,
  findNoticesForOperator,
  findVotingsForOperator,
  findReportedPosts,
  findProjectChoices,
  insertBallot,
  deleteProductSeller,
  insertProductSeller,
  findProductsOfSeller,
  isProductSeller,
  listProductSellers,
  insertNotice,
  insertPost,
  insertReport,
  insertVoting,
  readLedgerMark,
  listAnswers,
  listNotices,
  listThreads,
  listVotingItems,
  lockProposalAuthor,
  markNoticeRead,
  setVotingOutcome,
  sumBallots,
  updateOwnPost,
  type PostRow,
  type VotingItemRow,
} from './repository';
import { isUniqueViolation } from '../../plugins/error-handler';

type Db = Kysely<Database>;
type SectionRow = Awaited<ReturnType<typeof findSections>>[number];
type BadgeRow = { name: string; limit_quantity: number };

export const OPERATOR_NAME = 'Moa operator';
/** A seller account without a display name. */
export const SELLER_NAME = 'Project seller';

interface Access {
  product: { id: number; name: string };
  viewer: GovernanceViewer;
  sections: SectionRow[];
  /** The project's community badges, for the authors of posts. */
  badges: BadgeRow[];
}

/**
 * The project and what the caller may see of it, after the project-access rule (a hidden project
 * is not found except for staff; a restricted one is open to its allowed list, its holders and
 * staff). One statement (findGovernanceAccess); the identity review comes with the caller's
 * session. A SELLER account is a seller only of the projects it is assigned to (seller:assign);
 * elsewhere it counts as any other user.
 */
async function accessOf(db: Db, caller: Caller, productId: number): Promise<Access> {
  const { user } = caller;
  const found = await findGovernanceAccess(db, productId, user.id);
  const role = user.role === 'SELLER' && !found?.is_seller ? 'USER' : user.role;
  assertProjectDecision(projectAccessFacts(found, user.role), 'see');
  if (!found) throw new AppError('NOT_FOUND', 'No such project.');
  return {
    product: { id: found.id, name: found.name },
    viewer: { role, kycApproved: isIdentityApproved(caller.review), balance: found.balance },
    sections: found.sections,
    badges: found.badges,
  };
}

const NOT_THIS_SELLER = 'This seller account does not sell this project; the operator assigns projects to sellers.';

/**
 * Every write in a project's governance: a seller account acts only in the projects it sells
 * (ROLE_REQUIRED, which leaves the session signed in).
 */
function assertMayAct(access: Access, user: UserRecord) {
  if (user.role === 'SELLER' && access.viewer.role !== 'SELLER') throw new AppError('ROLE_REQUIRED', NOT_THIS_SELLER);
}

/** A seller named in an operator command must hold the SELLER role and sell the project. */
async function requireSellerOf(db: Db, userId: string, productId: number): Promise<UserRecord> {
  const seller = await findUserById(db, userId);
  if (!seller) throw new AppError('NOT_FOUND', 'No such seller.');
  if (seller.role !== 'SELLER' || !(await isProductSeller(db, productId, seller.id))) {
    throw new AppError('ROLE_REQUIRED', NOT_THIS_SELLER);
  }
  return seller;
}

function sectionAccess(section: SectionRow, viewer: GovernanceViewer): SectionAccess {
  return {
    type: section.type,
    viewType: section.view_type,
    sectionId: Number(section.id),
    unlocked: maySeeSection(section.view_type, viewer),
  };
}

const LOCKED_MESSAGES = {
  PRE_KYC: 'Sign in to see this section.',
  POST_KYC: 'Complete your identity verification to see this section.',
  INVESTOR: 'Only holders of this project’s tokens see this section.',
} as const;

function assertUnlocked(section: SectionRow, viewer: GovernanceViewer) {
  if (!maySeeSection(section.view_type, viewer))
    throw new AppError('SECTION_LOCKED', LOCKED_MESSAGES[section.view_type]);
}

/** The project's section of one type, checked against the caller. */
function requireSection(access: Access, type: 'UPDATE' | 'PROPOSAL' | 'AGENDA'): SectionRow {
  const section = access.sections.find((candidate) => candidate.type === type);
  if (!section) throw new AppError('NOT_FOUND', 'This project has no such section.');
  assertUnlocked(section, access.viewer);
  return section;
}

// ---------------------------------------------------------------------------------------------
// Notices (the project's UPDATE section)

type NoticeRow = NonNullable<Awaited<ReturnType<typeof findNotice>>>;

function toNotice(row: NoticeRow): Notice {
  return {
    id: Number(row.id),
    productId: Number(row.product_id),
    title: row.title,
    body: row.body,
    isPinned: row.is_pinned === 1,
    isRead: row.read_at !== null,
    source: row.source,
    agendaId: row.voting_id === null ? null : Number(row.voting_id),
    createdAt: row.created_at,
  };
}

export async function getNotices(ctx: AppContext, caller: Caller, productId: number): Promise<NoticeList> {
  const { user } = caller;
  const access = await accessOf(ctx.db, caller, productId);
  const section = access.sections.find((candidate) => candidate.type === 'UPDATE');
  if (!section) throw new AppError('NOT_FOUND', 'This project has no notices.');
  const info = sectionAccess(section, access.viewer);
  const rows = info.unlocked ? await listNotices(ctx.db, productId, user.id) : [];
  return { section: info, notices: rows.map(toNotice) };
}

export async function getNotice(ctx: AppContext, caller: Caller, productId: number, noticeId: number) {
  const { user } = caller;
  const access = await accessOf(ctx.db, caller, productId);
  requireSection(access, 'UPDATE');
  const row = await findNotice(ctx.db, productId, noticeId, user.id);
  if (!row) throw new AppError('NOT_FOUND', 'No such notice.');
  return toNotice(row);
}

export async function readNotice(ctx: AppContext, caller: Caller, productId: number, noticeId: number) {
  const { user } = caller;
  await getNotice(ctx, caller, productId, noticeId);
  await markNoticeRead(ctx.db, noticeId, user.id, ctx.now().toISOString());
  return getNotice(ctx, caller, productId, noticeId);
}

/**
 * Operator input checked by the domain schema the console's routes use, so the command line and
 * the console refuse the same titles, texts and options with the same words.
 */
function checkedInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new AppError('VALIDATION_FAILED', issue ? `${field}${validationText(issue.message, 'en')}` : 'Not valid.');
}

/** Who acted, for the audit detail: the operator's label (`operator:<email>` or the command line's name). */
export interface ActingOperator {
  label: string;
  meta: RequestMeta;
}

/** An operator or the seller posts a notice (operator console or notice:post). */
export async function postNotice(
  ctx: AppContext,
  input: {
    productId: number;
    title: string;
    body: string;
    isPinned: boolean;
    /** Posted for this seller account (it must sell the project); otherwise by the operator. */
    sellerUserId: string | null;
    agendaId: number | null;
  },
  by: ActingOperator,
): Promise<number> {
  const fields: NoticeFields = checkedInput(noticeFieldsSchema, {
    title: input.title,
    body: input.body,
    isPinned: input.isPinned,
    agendaId: input.agendaId,
  });
  const product = await findGovernanceProduct(ctx.db, input.productId);
  if (!product) throw new AppError('NOT_FOUND', `No project ${input.productId}.`);
  const seller = input.sellerUserId ? await requireSellerOf(ctx.db, input.sellerUserId, input.productId) : null;
  const body = await cleanBody(fields.body);
  if (fields.agendaId !== null) {
    const agenda = await findVoting(ctx.db, fields.agendaId);
    if (!agenda || agenda.kind !== 'AGENDA' || Number(agenda.product_id) !== input.productId) {
      throw new AppError('NOT_FOUND', `No agenda ${fields.agendaId} in project ${input.productId}.`);
    }
  }
  const at = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const id = await insertNotice(trx, {
      productId: input.productId,
      isPinned: fields.isPinned,
      source: seller ? 'SELLER' : 'ADMIN',
      title: fields.title,
      body,
      author: seller ? (seller.name ?? SELLER_NAME) : OPERATOR_NAME,
      votingId: fields.agendaId,
      at,
    });
    await appendAuditEvent(
      trx,
      {
        userId: seller?.id ?? null,
        actor: 'operator',
        type: 'NOTICE_POSTED',
        detail: {
          productId: String(input.productId),
          noticeId: String(id),
          pinned: String(fields.isPinned),
          by: by.label,
        },
        meta: by.meta,
      },
      at,
    );
    return id;
  });
}

/** Pins a notice to the top of the project's list, or unpins it; false when nothing changed. */
export async function pinNotice(ctx: AppContext, noticeId: number, isPinned: boolean, by: ActingOperator) {
  const notice = await findNoticeById(ctx.db, noticeId);
  if (!notice) throw new AppError('NOT_FOUND', `No notice ${noticeId}.`);
  const at = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const changed = await setNoticePinned(trx, noticeId, isPinned);
    if (changed) {
      await appendAuditEvent(
        trx,
        {
          userId: null,
          actor: 'operator',
          type: isPinned ? 'NOTICE_PINNED' : 'NOTICE_UNPINNED',
          detail: { productId: String(notice.product_id), noticeId: String(noticeId), by: by.label },
          meta: by.meta,
        },
        at,
      );
    }
    return changed;
  });
}

/** The project a notice, a post or a voting item belongs to (the console checks a seller's reach by it). */
export async function projectOfNotice(ctx: AppContext, noticeId: number): Promise<number> {
  const notice = await findNoticeById(ctx.db, noticeId);
  if (!notice) throw new AppError('NOT_FOUND', `No notice ${noticeId}.`);
  return Number(notice.product_id);
}

export async function projectOfPost(ctx: AppContext, postId: number): Promise<number> {
  const post = await findPostById(ctx.db, postId);
  if (!post) throw new AppError('NOT_FOUND', `No post ${postId}.`);
  return Number(post.product_id);
}

export async function projectOfVoting(ctx: AppContext, id: number, kind: VotingKind): Promise<number> {
  const row = await findVoting(ctx.db, id);
  if (!row || row.kind !== kind) {
    throw new AppError('NOT_FOUND', kind === 'PROPOSAL' ? `No proposal ${id}.` : `No agenda ${id}.`);
  }
  return Number(row.product_id);
}

// ---------------------------------------------------------------------------------------------
// Community threads and answers

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

async function cleanBody(html: string): Promise<string> {
  const body = await sanitizePostHtml(html);
  if (!body) throw new AppError('VALIDATION_FAILED', 'The text is empty once unsafe markup is removed.');
  return body;
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

// ---------------------------------------------------------------------------------------------
// Proposals and agendas

const SECTION_OF: Record<VotingKind, 'PROPOSAL' | 'AGENDA'> = { PROPOSAL: 'PROPOSAL', AGENDA: 'AGENDA' };

function toBallotItem(row: VotingItemRow): BallotItem {
  const labels = JSON.parse(row.options) as string[];
  const visible = resultsVisible({
    status: row.status,
    resultsVisibleBeforeClose: row.results_visible_before_close === 1,
  });
  const tally = visible
    ? tallyVotes({
        optionCount: labels.length,
        ballots: row.sums,
        totalPower: Number(row.total_power),
        quorumPercent: row.quorum_percent,
        thresholdPercent: row.threshold_percent,
      })
    : null;
  const closed = row.status === 'CLOSED' && row.outcome !== null;
  return {
    id: Number(row.id),
    kind: row.kind,
    productId: Number(row.product_id),
    title: row.title,
    body: row.body,
    author: { name: row.author_name, source: row.author_source, badge: null },
    options: labels.map((label, index) => ({ choice: index + 1, label, weight: tally?.optionWeights[index] ?? null })),
    status: row.status,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    snapshotAt: row.snapshot_at,
    quorumPercent: row.quorum_percent,
    thresholdPercent: row.threshold_percent,
    resultsVisibleBeforeClose: row.results_visible_before_close === 1,
    totalPower: Number(row.total_power),
    results: tally
      ? {
          abstainWeight: tally.abstainWeight,
          participatingWeight: tally.participatingWeight,
          quorumReached: tally.quorumReached,
          // Once closed, the recorded outcome is the answer; before, the standing of the count.
          winningOption: closed
            ? row.winning_option === null
              ? null
              : Number(row.winning_option)
            : tally.winningOption,
          outcome: closed ? row.outcome! : tally.outcome,
        }
      : null,
    closedAt: row.closed_at,
    myPower: Number(row.my_power ?? 0),
    myBallot:
      row.my_choice !== null && row.my_choice !== undefined
        ? { choice: Number(row.my_choice), weight: Number(row.my_weight), castAt: row.my_cast_at! }
        : null,
  };
}

/** One item as the user sees it, in one statement. */
async function ballotItemOf(db: Db, id: number, user: UserRecord): Promise<BallotItem> {
  const row = await findVotingItem(db, id, user.id);
  if (!row) throw new AppError('NOT_FOUND', 'No such item.');
  return toBallotItem(row);
}

export async function getVotings(
  ctx: AppContext,
  caller: Caller,
  productId: number,
  kind: VotingKind,
): Promise<BallotItemList> {
  const { user } = caller;
  const access = await accessOf(ctx.db, caller, productId);
  const section = access.sections.find((candidate) => candidate.type === SECTION_OF[kind]);
  if (!section) throw new AppError('NOT_FOUND', 'This project has no such section.');
  const info = sectionAccess(section, access.viewer);
  // The items with the reader's power, ballot and the sums, in one statement however many.
  const rows = info.unlocked ? await listVotingItems(ctx.db, productId, kind, user.id) : [];
  return {
    section: info,
    items: rows.map(toBallotItem),
    proposalMinTokens: ctx.config.GOVERNANCE_PROPOSAL_MIN_TOKENS,
    balance: access.viewer.balance,
  };
}

async function visibleVoting(ctx: AppContext, caller: Caller, productId: number, kind: VotingKind, id: number) {
  const access = await accessOf(ctx.db, caller, productId);
  requireSection(access, SECTION_OF[kind]);
  const row = await findVotingItem(ctx.db, id, caller.user.id);
  if (!row || row.kind !== kind || Number(row.product_id) !== productId) {
    throw new AppError('NOT_FOUND', kind === 'PROPOSAL' ? 'No such proposal.' : 'No such agenda.');
  }
  return { access, row };
}

export async function getVoting(ctx: AppContext, caller: Caller, productId: number, kind: VotingKind, id: number) {
  const { row } = await visibleVoting(ctx, caller, productId, kind, id);
  return toBallotItem(row);
}

function checkWindow(ctx: AppContext, endsAt: string, now: Date) {
  const minutes = (Date.parse(endsAt) - now.getTime()) / 60_000;
  const min = ctx.config.GOVERNANCE_VOTE_MIN_MINUTES;
  const maxDays = ctx.config.GOVERNANCE_VOTE_MAX_DAYS;
  if (!(minutes >= min) || minutes > maxDays * 24 * 60) {
    throw new AppError('VALIDATION_FAILED', `The vote must end between ${min} minutes and ${maxDays} days from now.`);
  }
}

interface NewVoting {
  kind: VotingKind;
  productId: number;
  productName: string;
  title: string;
  body: string;
  options: string[];
  endsAt: string;
  quorumPercent: number;
  thresholdPercent: number;
  resultsVisibleBeforeClose: boolean;
  author: { userId: string | null; name: string; source: AuthorSource };
}

/**
 * The caps on open proposals (docs/decisions/1704-voting-power-rows-and-proposal-caps.md): an
 * account's across every project, and a project's from every account. Read in the transaction
 * that opens the proposal, after the locks that make it the only one counting them.
 */
async function assertProposalRoom(ctx: AppContext, db: Db, productId: number, authorUserId: string, at: string) {
  const perAccount = ctx.config.GOVERNANCE_OPEN_PROPOSALS_PER_ACCOUNT;
  if ((await countOpenProposals(db, { authorUserId }, at)) >= perAccount) {
    throw new AppError(
      'PROPOSAL_LIMIT_REACHED',
      `You already have ${perAccount} open proposals, the most one account may have open at once. Open another when one of them has closed.`,
    );
  }
  const perProject = ctx.config.GOVERNANCE_OPEN_PROPOSALS_PER_PROJECT;
  if ((await countOpenProposals(db, { productId }, at)) >= perProject) {
    throw new AppError(
      'PROPOSAL_LIMIT_REACHED',
      `This project already has ${perProject} open proposals, the most it may have open at once. Open yours when one of them has closed.`,
    );
  }
}

/**
 * Opens a proposal or agenda. Its snapshot is the moment of opening, ordered against the
 * project's ledger writes by the ledger's lock: the item records the ledger's mark (the id of
 * the project's last entry, every entry up to it committed, every later one above it) and the
 * quorum's base, the sum of the holders' balances there. A holder's power is the sum of their
 * entries up to the mark, read when needed (ballots, lists, the notifications' audience), so
 * it never changes after the opening, and no row per holder is written
 * (docs/decisions/1824-voting-power-as-of-the-ledger-mark.md).
 * A proposal first takes its author's lock and checks the caps on open proposals under it.
 */
async function openVoting(
  ctx: AppContext,
  input: NewVoting,
  actor: AuditActor,
  meta: RequestMeta,
  byLabel?: string,
): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const author = input.kind === 'PROPOSAL' ? input.author.userId : null;
    // Always the author's lock before the project's ledger lock, so two openings never wait on each other in a circle.
    if (author) await lockProposalAuthor(trx, author);
    await lockLedgerForSnapshot(trx, input.productId);
    // The moment the ledger is seen: every entry committed before it, none after.
    const at = ctx.now().toISOString();
    if (author) await assertProposalRoom(ctx, trx, input.productId, author, at);
    // Where the ledger stands now, and every holder's balance there summed: the quorum's base.
    const { mark, totalPower } = await readLedgerMark(trx, input.productId);
    const id = await insertVoting(trx, {
      product_id: input.productId,
      kind: input.kind,
      title: input.title,
      body: input.body,
      options: JSON.stringify(input.options),
      author_user_id: input.author.userId,
      author_name: input.author.name,
      author_source: input.author.source,
      status: 'OPEN',
      starts_at: at,
      ends_at: new Date(input.endsAt).toISOString(),
      snapshot_at: at,
      ledger_mark: mark,
      total_power: totalPower,
      quorum_percent: input.quorumPercent,
      threshold_percent: input.thresholdPercent,
      results_visible_before_close: input.resultsVisibleBeforeClose ? 1 : 0,
      outcome: null,
      winning_option: null,
      closed_at: null,
      closed_by: null,
      created_at: at,
    });
    await appendAuditEvent(
      trx,
      {
        userId: input.author.userId,
        actor,
        type: input.kind === 'PROPOSAL' ? 'PROPOSAL_CREATED' : 'AGENDA_OPENED',
        detail: { productId: String(input.productId), id: String(id), ...(byLabel ? { by: byLabel } : {}) },
        meta,
      },
      at,
    );
    if (input.kind === 'PROPOSAL') {
      await onProposalCreated(ctx, trx, {
        proposalId: id,
        productId: input.productId,
        productName: input.productName,
        title: input.title,
        endsAt: new Date(input.endsAt).toISOString(),
        createdAt: at,
      });
    }
    return id;
  });
}

/** How many proposals one account may open in a day, spent before the proposal is written. */
async function spendDailyProposal(ctx: AppContext, userId: string) {
  const max = ctx.config.GOVERNANCE_PROPOSALS_PER_DAY;
  try {
    await spendBudgets(
      ctx,
      [{ key: budgetKey('proposals:account', userId), max, windowMinutes: 24 * 60 }],
      `You have opened ${max} proposals in the last 24 hours, the most allowed.`,
    );
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') throw error;
    throw new AppError('PROPOSAL_DAILY_LIMIT', error.message, error.headers);
  }
}

export async function createProposal(
  ctx: AppContext,
  caller: Caller,
  productId: number,
  request: ProposalRequest,
  meta: RequestMeta,
): Promise<BallotItem> {
  const { user } = caller;
  const access = await accessOf(ctx.db, caller, productId);
  assertMayAct(access, user);
  requireSection(access, 'PROPOSAL');
  const min = ctx.config.GOVERNANCE_PROPOSAL_MIN_TOKENS;
  if (access.viewer.balance < min) {
    throw new AppError(
      'PROPOSAL_THRESHOLD_NOT_MET',
      `Opening a proposal takes at least ${min} tokens of this project.`,
    );
  }
  checkWindow(ctx, request.endsAt, ctx.now());
  const body = await cleanBody(request.body);
  // A courtesy read, so a refusal for the open caps spends none of the day's allowance; the
  // transaction that opens the proposal decides under its locks.
  await assertProposalRoom(ctx, ctx.db, productId, user.id, ctx.now().toISOString());
  await spendDailyProposal(ctx, user.id);
  const id = await openVoting(
    ctx,
    {
      kind: 'PROPOSAL',
      productId,
      productName: access.product.name,
      title: request.title,
      body,
      options: request.options,
      endsAt: request.endsAt,
      quorumPercent: request.quorumPercent,
      thresholdPercent: request.thresholdPercent,
      resultsVisibleBeforeClose: request.resultsVisibleBeforeClose,
      author: { userId: user.id, name: user.name ?? '', source: sourceOfRole(user.role) },
    },
    'user',
    meta,
  );
  return ballotItemOf(ctx.db, id, user);
}

/**
 * An operator or seller opens an agenda (console or agenda:open). Its title, text, options,
 * quorum, threshold and end are checked by the schema a holder's proposal is checked by.
 */
export async function openAgenda(
  ctx: AppContext,
  input: Omit<NewVoting, 'kind' | 'productName' | 'author'> & { sellerUserId: string | null },
  by: ActingOperator,
): Promise<number> {
  const fields = checkedInput(agendaFieldsSchema, {
    title: input.title,
    body: input.body,
    options: input.options,
    endsAt: input.endsAt,
    quorumPercent: input.quorumPercent,
    thresholdPercent: input.thresholdPercent,
    resultsVisibleBeforeClose: input.resultsVisibleBeforeClose,
  });
  const product = await findGovernanceProduct(ctx.db, input.productId);
  if (!product) throw new AppError('NOT_FOUND', `No project ${input.productId}.`);
  const sections = await findSections(ctx.db, input.productId);
  if (!sections.some((section) => section.type === 'AGENDA')) {
    throw new AppError('NOT_FOUND', `Project ${input.productId} has no agenda section.`);
  }
  const seller = input.sellerUserId ? await requireSellerOf(ctx.db, input.sellerUserId, input.productId) : null;
  checkWindow(ctx, fields.endsAt, ctx.now());
  return openVoting(
    ctx,
    {
      ...fields,
      productId: input.productId,
      kind: 'AGENDA',
      productName: product.name,
      body: await cleanBody(fields.body),
      author: seller
        ? { userId: seller.id, name: seller.name ?? SELLER_NAME, source: 'SELLER' }
        : { userId: null, name: OPERATOR_NAME, source: 'ADMIN' },
    },
    'operator',
    by.meta,
    by.label,
  );
}

/**
 * One ballot per voter and item, final once cast (docs/decisions/0800-governance.md). The
 * unique constraint decides between concurrent tries; the claim on the item's row keeps a
 * ballot from slipping in after the close.
 */
export async function castVote(
  ctx: AppContext,
  caller: Caller,
  productId: number,
  kind: VotingKind,
  id: number,
  request: VoteRequest,
  meta: RequestMeta,
): Promise<BallotItem> {
  const { user } = caller;
  const { access, row } = await visibleVoting(ctx, caller, productId, kind, id);
  assertMayAct(access, user);
  const at = ctx.now().toISOString();
  if (row.status !== 'OPEN' || row.ends_at <= at) throw new AppError('VOTING_CLOSED', 'Voting on this item has ended.');
  const optionCount = (JSON.parse(row.options) as string[]).length;
  const choice = request.choice === 'ABSTAIN' ? ABSTAIN : request.choice;
  if (choice > optionCount)
    throw new AppError('VALIDATION_FAILED', `Choose one of the ${optionCount} options or abstain.`);
  // The voter's power: their entries up to the item's ledger mark (read with it above).
  const weight = Number(row.my_power ?? 0);
  if (weight <= 0) {
    throw new AppError('NO_VOTING_POWER', 'You held no tokens of this project when the vote was opened.');
  }
  if (row.my_choice !== null && row.my_choice !== undefined)
    throw new AppError('ALREADY_VOTED', 'You have already voted on this item.');
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await claimOpenVoting(trx, id, at))) throw new AppError('VOTING_CLOSED', 'Voting on this item has ended.');
      await insertBallot(trx, { votingId: id, userId: user.id, choice, weight, at });
      await appendAuditEvent(
        trx,
        {
          userId: user.id,
          actor: 'user',
          type: 'VOTE_CAST',
          detail: {
            productId: String(productId),
            kind,
            id: String(id),
            choice: String(choice),
            weight: String(weight),
          },
          meta,
        },
        at,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ALREADY_VOTED', 'You have already voted on this item.');
    throw error;
  }
  return ballotItemOf(ctx.db, id, user);
}

const SYSTEM_META: RequestMeta = { ip: 'system', userAgent: 'Moa governance close' };

/**
 * Closes one item and records its outcome. The conditional update decides who closes it, so
 * the tally and its events happen exactly once however many processes try.
 */
export async function closeVoting(
  ctx: AppContext,
  id: number,
  options: { actor: AuditActor; by: string; meta: RequestMeta; onlyIfDue: boolean; kind?: VotingKind },
): Promise<boolean> {
  const at = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findVoting(trx, id);
    if (!before || (options.kind && before.kind !== options.kind)) throw new AppError('NOT_FOUND', `No item ${id}.`);
    const won = await finishVoting(trx, id, {
      status: 'CLOSED',
      outcome: null,
      winningOption: null,
      at,
      by: options.by,
      ...(options.onlyIfDue ? { dueBy: at } : {}),
    });
    if (!won) return false;
    const row = (await findVoting(trx, id))!;
    const productId = Number(row.product_id);
    const tally = tallyVotes({
      optionCount: (JSON.parse(row.options) as string[]).length,
      ballots: await sumBallots(trx, id),
      totalPower: Number(row.total_power),
      quorumPercent: row.quorum_percent,
      thresholdPercent: row.threshold_percent,
    });
    await setVotingOutcome(trx, id, { outcome: tally.outcome, winningOption: tally.winningOption });
    await appendAuditEvent(
      trx,
      {
        userId: null,
        actor: options.actor,
        type: row.kind === 'PROPOSAL' ? 'VOTE_FINISH' : 'AGENDA_CLOSED',
        detail: { productId: String(productId), id: String(id), outcome: tally.outcome, by: options.by },
        meta: options.meta,
      },
      at,
    );
    const product = await findGovernanceProduct(trx, productId);
    const common = {
      productId,
      productName: product?.name ?? '',
      title: row.title,
      outcome: tally.outcome,
      winningOption: tally.winningOption,
      closedAt: at,
    };
    if (row.kind === 'PROPOSAL') await onVoteFinished(ctx, trx, { proposalId: id, ...common });
    else await onAgendaClosed(ctx, trx, { agendaId: id, ...common });
    return true;
  });
}

/** Closes every item whose end has passed; any number of processes may run it at once. */
export async function closeDueVotings(ctx: AppContext, batch = 100): Promise<number> {
  let closed = 0;
  for (const id of await findDueVotingIds(ctx.db, ctx.now().toISOString(), batch)) {
    if (await closeVoting(ctx, id, { actor: 'system', by: 'schedule', meta: SYSTEM_META, onlyIfDue: true }))
      closed += 1;
  }
  return closed;
}

/** An operator cancels an open proposal (console or proposal:cancel): no outcome, no tally. */
export async function cancelProposal(ctx: AppContext, id: number, reason: string, by: ActingOperator) {
  const { reason: text } = checkedInput(moderationReasonSchema, { reason });
  const row = await findVoting(ctx.db, id);
  if (!row || row.kind !== 'PROPOSAL') throw new AppError('NOT_FOUND', `No proposal ${id}.`);
  const at = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const done = await finishVoting(trx, id, {
      status: 'CANCELLED',
      outcome: null,
      winningOption: null,
      at,
      by: OPERATOR_NAME,
    });
    if (!done) throw new AppError('VOTING_CLOSED', `Proposal ${id} is not open.`);
    await appendAuditEvent(
      trx,
      {
        userId: row.author_user_id,
        actor: 'operator',
        type: 'PROPOSAL_CANCELLED',
        detail: { productId: String(row.product_id), id: String(id), reason: text, by: by.label },
        meta: by.meta,
      },
      at,
    );
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Sellers of a project (seller:assign, seller:unassign, seller:list)

async function sellerAccount(ctx: AppContext, email: string): Promise<UserRecord> {
  const user = await findUserByEmail(ctx.db, email.trim().toLowerCase());
  if (!user) throw new AppError('NOT_FOUND', `No user with the email ${email}.`);
  return user;
}

/**
 * The operator ties a SELLER account to a project it sells, or unties it; recorded in the
 * seller's account activity with the operator as actor. Returns false when nothing changed.
 */
export async function setProductSeller(
  ctx: AppContext,
  input: { email: string; productId: number; assigned: boolean; operator: string },
  meta: RequestMeta,
): Promise<boolean> {
  const user = await sellerAccount(ctx, input.email);
  const product = await findGovernanceProduct(ctx.db, input.productId);
  if (!product) throw new AppError('NOT_FOUND', `No project ${input.productId}.`);
  if (input.assigned && user.role !== 'SELLER') {
    throw new AppError('ROLE_REQUIRED', `${input.email} is not a seller; grant the role first (user:role … SELLER).`);
  }
  const at = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const changed = input.assigned
      ? await insertProductSeller(trx, input.productId, user.id, at)
      : await deleteProductSeller(trx, input.productId, user.id);
    if (changed) {
      await appendAuditEvent(
        trx,
        {
          userId: user.id,
          actor: 'operator',
          type: input.assigned ? 'SELLER_ASSIGNED' : 'SELLER_UNASSIGNED',
          detail: { productId: String(input.productId), operator: input.operator },
          meta,
        },
        at,
      );
    }
    return changed;
  });
}

/** The projects a seller account sells (product_sellers), for the operator console's scope. */
export function productsSoldBy(ctx: AppContext, userId: string): Promise<number[]> {
  return findProductsOfSeller(ctx.db, userId);
}

export async function listSellers(ctx: AppContext, productId: number) {
  const product = await findGovernanceProduct(ctx.db, productId);
  if (!product) throw new AppError('NOT_FOUND', `No project ${productId}.`);
  return listProductSellers(ctx.db, productId);
}

// ---------------------------------------------------------------------------------------------
// The operator console's reads (the caller has checked the operator's reach: `productIds` is
// null for an admin, a seller's projects otherwise)

export async function projectChoices(ctx: AppContext, productIds: number[] | null): Promise<ProjectChoices> {
  const rows = await findProjectChoices(ctx.db, productIds);
  return { currency: ctx.config.CURRENCY, projects: rows.map((row) => ({ id: Number(row.id), name: row.name })) };
}

export async function noticesForOperator(ctx: AppContext, productId: number): Promise<OperatorNotice[]> {
  const rows = await findNoticesForOperator(ctx.db, productId, 200);
  return rows.map((row) => ({
    id: Number(row.id),
    productId: Number(row.product_id),
    title: row.title,
    isPinned: row.is_pinned === 1,
    source: row.source,
    agendaId: row.voting_id === null ? null : Number(row.voting_id),
    createdAt: row.created_at,
  }));
}

export async function votingsForOperator(
  ctx: AppContext,
  productIds: number[] | null,
  productId: number | null,
): Promise<OperatorVoting[]> {
  const rows = await findVotingsForOperator(ctx.db, productIds, productId, 200);
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    productId: Number(row.product_id),
    productName: row.product_name,
    title: row.title,
    status: row.status,
    authorName: row.author_name,
    authorSource: row.author_source,
    endsAt: row.ends_at,
    quorumPercent: row.quorum_percent,
    thresholdPercent: row.threshold_percent,
    resultsVisibleBeforeClose: row.results_visible_before_close === 1,
    outcome: row.outcome,
    closedAt: row.closed_at,
  }));
}

export async function reportedPosts(ctx: AppContext, productIds: number[] | null): Promise<ReportedPost[]> {
  const rows = await findReportedPosts(ctx.db, productIds, 200);
  return rows.map((row) => ({
    postId: Number(row.id),
    productId: Number(row.product_id),
    productName: row.product_name,
    title: row.title,
    body: row.body,
    authorName: row.author_name,
    authorEmail: row.author_email,
    reportCount: Number(row.report_count ?? 0),
    reasons: row.reasons,
    firstReportedAt: row.first_reported_at ?? null,
    isHidden: row.is_hidden === 1,
    hiddenReason: row.hidden_reason,
  }));
}
