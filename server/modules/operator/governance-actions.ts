import type { AgendaFields, NoticeFields } from '../../../src/domain/operator-governance';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import {
  cancelProposal,
  closeVoting,
  hideCommunityPost,
  noticesForOperator,
  openAgenda,
  pinNotice,
  postNotice,
  projectChoices,
  projectOfNotice,
  projectOfPost,
  projectOfVoting,
  reportedPosts,
  restoreCommunityPost,
  votingsForOperator,
} from '../governance/service';
import { assertMayActOn, isAdmin, scopeOf, type Operator } from './service';

/**
 * One function per governance action of an operator, called by the console's routes and by the
 * command line alike (docs/decisions/1811): an admin acts in every project, a seller only in the
 * projects assigned to it (ROLE_REQUIRED elsewhere), and each action is audited with the
 * operator's label. The governance module owns the writes; these add who may.
 */

const acting = (operator: Operator) => ({ label: operator.label, meta: operator.meta });

/**
 * Whom a notice or agenda is posted as: a seller account posts as itself; an admin as the
 * operator, or for a seller it names (the command line's --seller).
 */
function authorOf(operator: Operator, sellerUserId: string | null): string | null {
  if (isAdmin(operator)) return sellerUserId;
  if (sellerUserId && sellerUserId !== operator.userId) {
    throw new AppError('ROLE_REQUIRED', 'A seller posts only as itself.');
  }
  return operator.userId;
}

/** The projects the operator may pick, with the platform currency. */
export async function listProjectChoices(ctx: AppContext, operator: Operator) {
  return projectChoices(ctx, await scopeOf(ctx, operator));
}

export async function postNoticeAs(
  ctx: AppContext,
  operator: Operator,
  input: { productId: number; sellerUserId?: string | null } & Omit<NoticeFields, 'isPinned' | 'agendaId'> &
    Partial<Pick<NoticeFields, 'isPinned' | 'agendaId'>>,
): Promise<number> {
  await assertMayActOn(ctx, operator, input.productId);
  return postNotice(
    ctx,
    {
      productId: input.productId,
      title: input.title,
      body: input.body,
      isPinned: input.isPinned ?? false,
      agendaId: input.agendaId ?? null,
      sellerUserId: authorOf(operator, input.sellerUserId ?? null),
    },
    acting(operator),
  );
}

export async function pinNoticeAs(ctx: AppContext, operator: Operator, noticeId: number, isPinned: boolean) {
  await assertMayActOn(ctx, operator, await projectOfNotice(ctx, noticeId));
  return pinNotice(ctx, noticeId, isPinned, acting(operator));
}

export async function listNoticesAs(ctx: AppContext, operator: Operator, productId: number) {
  await assertMayActOn(ctx, operator, productId);
  return noticesForOperator(ctx, productId);
}

export async function openAgendaAs(
  ctx: AppContext,
  operator: Operator,
  input: AgendaFields & { productId: number; sellerUserId?: string | null },
): Promise<number> {
  await assertMayActOn(ctx, operator, input.productId);
  return openAgenda(
    ctx,
    {
      productId: input.productId,
      title: input.title,
      body: input.body,
      options: input.options,
      endsAt: input.endsAt,
      quorumPercent: input.quorumPercent,
      thresholdPercent: input.thresholdPercent,
      resultsVisibleBeforeClose: input.resultsVisibleBeforeClose,
      sellerUserId: authorOf(operator, input.sellerUserId ?? null),
    },
    acting(operator),
  );
}

/** Closes an agenda now and records its outcome; VOTING_CLOSED when it is not open. */
export async function closeAgendaAs(ctx: AppContext, operator: Operator, agendaId: number): Promise<void> {
  await assertMayActOn(ctx, operator, await projectOfVoting(ctx, agendaId, 'AGENDA'));
  const closed = await closeVoting(ctx, agendaId, {
    actor: 'operator',
    by: operator.label.slice(0, 200),
    meta: operator.meta,
    onlyIfDue: false,
    kind: 'AGENDA',
  });
  if (!closed) throw new AppError('VOTING_CLOSED', `Agenda ${agendaId} is not open.`);
}

export async function cancelProposalAs(ctx: AppContext, operator: Operator, proposalId: number, reason: string) {
  await assertMayActOn(ctx, operator, await projectOfVoting(ctx, proposalId, 'PROPOSAL'));
  await cancelProposal(ctx, proposalId, reason, acting(operator));
}

export async function listVotingsAs(ctx: AppContext, operator: Operator, productId: number | null) {
  if (productId !== null) await assertMayActOn(ctx, operator, productId);
  return votingsForOperator(ctx, await scopeOf(ctx, operator), productId);
}

/** Hides a post; false when it was already hidden. The author is told why in their activity. */
export async function hidePostAs(ctx: AppContext, operator: Operator, postId: number, reason: string) {
  await assertMayActOn(ctx, operator, await projectOfPost(ctx, postId));
  return hideCommunityPost(ctx, postId, reason, acting(operator));
}

/** Shows a hidden post again; false when it was not hidden. */
export async function restorePostAs(ctx: AppContext, operator: Operator, postId: number, reason: string | null) {
  await assertMayActOn(ctx, operator, await projectOfPost(ctx, postId));
  return restoreCommunityPost(ctx, postId, reason, acting(operator));
}

export async function listReportedPostsAs(ctx: AppContext, operator: Operator) {
  return reportedPosts(ctx, await scopeOf(ctx, operator));
}
