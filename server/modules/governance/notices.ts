import type { Notice, NoticeList } from '../../../src/domain/governance';
import { noticeFieldsSchema, type NoticeFields } from '../../../src/domain/operator-governance';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { appendAuditEvent } from '../audit/repository';
import type { Caller } from '../auth/service';
import { accessOf, requireSection, requireSellerOf, sectionAccess } from './access';
import { checkedInput, cleanBody, OPERATOR_NAME, SELLER_NAME, type ActingOperator } from './input';
import {
  findGovernanceProduct,
  findNotice,
  findNoticeById,
  findVoting,
  insertNotice,
  listNotices,
  markNoticeRead,
  setNoticePinned,
} from './repository';

/** Notices: the project's UPDATE section, read by its holders and posted by the operator or its seller. */

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
