import type {
  OperatorNotice,
  OperatorVoting,
  ProjectChoices,
  ReportedPost,
} from '../../../src/domain/operator-governance';
import type { AppContext } from '../../context';
import { findNoticesForOperator, findProjectChoices, findReportedPosts, findVotingsForOperator } from './repository';

/**
 * The operator console's reads of governance. The caller has checked the operator's reach:
 * `productIds` is null for an admin, a seller's projects otherwise.
 */

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
