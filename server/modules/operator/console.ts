import type {
  AuditEvent,
  AuditList,
  AuditQuery,
  ReviewSubmission,
  WaitingReview,
} from '../../../src/domain/operator-console';
import { AUDIT_PAGE_SIZE } from '../../../src/domain/operator-console';
import type { UploadContentType } from '../../../src/domain/kyc';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { appendAuditEvent, searchAuditEvents } from '../audit/repository';
import { readUploadOf } from '../kyc/files';
import { listWaitingReviews, readSubmissions } from '../kyc/service';
import { findUserByIdForOperator } from '../users/service';
import { assertAdmin, type Operator } from './service';

/**
 * The operator console's reads: the review queue with each submission's documents, and the
 * audit log. Admins only; opening someone's document is itself an audit event.
 */

/** Identity checks and investor verifications waiting for an answer, oldest first. */
export async function listReviewQueue(ctx: AppContext, operator: Operator): Promise<WaitingReview[]> {
  assertAdmin(operator, 'read identity reviews');
  const { identities, investors } = await listWaitingReviews(ctx);
  const reviews: WaitingReview[] = [
    ...identities.map((row) => ({
      kind: 'IDENTITY' as const,
      userId: row.user_id,
      email: row.email,
      status: row.review_status,
      legalName: row.legal_name,
      countryOfResidence: row.country_of_residence,
      documentType: row.document_type,
      basis: null,
      submittedAt: row.submitted_at,
    })),
    ...investors.map((row) => ({
      kind: 'INVESTOR' as const,
      userId: row.user_id,
      email: row.email,
      status: 'pending',
      legalName: null,
      countryOfResidence: null,
      documentType: null,
      basis: row.basis,
      submittedAt: row.submitted_at,
    })),
  ];
  // Oldest first across both kinds; a review without a submission time goes last.
  return reviews.sort((a, b) => (a.submittedAt ?? '\uffff').localeCompare(b.submittedAt ?? '\uffff'));
}

const HISTORY_LIMIT = 100;

/** One person's submissions, the files they use and what happened to them. */
export async function readReviewSubmission(
  ctx: AppContext,
  operator: Operator,
  userId: string,
): Promise<ReviewSubmission> {
  assertAdmin(operator, 'read identity reviews');
  const user = await findUserByIdForOperator(ctx, userId);
  if (!user) throw new AppError('NOT_FOUND', 'No such user.');
  const { identity, investor, files } = await readSubmissions(ctx, userId);
  const history = await searchAuditEvents(ctx.db, { subject: userId, limit: HISTORY_LIMIT });
  return {
    userId,
    email: user.email,
    name: user.name,
    identity: identity && {
      provider: identity.provider,
      status: identity.review_status,
      answer: identity.review_answer,
      rejectType: identity.reject_type,
      message: identity.message,
      legalName: identity.legal_name,
      dateOfBirth: identity.date_of_birth,
      countryOfResidence: identity.country_of_residence,
      investorType: identity.investor_type,
      entityName: identity.entity_name,
      entityNumber: identity.entity_number,
      documentType: identity.document_type,
      submittedAt: identity.submitted_at,
      reviewedAt: identity.reviewed_at,
    },
    investor: investor && {
      status: investor.review_status === 'pending' ? 'PENDING' : (investor.review_answer ?? 'PENDING'),
      basis: investor.basis,
      details: investor.details,
      submittedAt: investor.submitted_at,
      reviewedAt: investor.reviewed_at,
    },
    files: files.map((file) => ({
      id: file.id,
      contentType: file.content_type as UploadContentType,
      size: file.size,
      usedAs: file.used_as!,
      createdAt: file.created_at,
    })),
    history: history.map(auditEventOf),
  };
}

/**
 * The bytes of a document a person uploaded, for an admin reviewing it. The viewing is recorded
 * first (who looked at whose document, which one, when): no record, no bytes.
 */
export async function viewReviewDocument(ctx: AppContext, operator: Operator, userId: string, fileId: string) {
  assertAdmin(operator, 'open identity documents');
  const { file, bytes } = await readUploadOf(ctx, userId, fileId);
  const detail: Record<string, string> = { fileId: file.id, operator: operator.label };
  if (file.used_as) detail.usedAs = file.used_as;
  if (operator.userId) detail.operatorUserId = operator.userId;
  await appendAuditEvent(
    ctx.db,
    { userId, actor: 'operator', type: 'KYC_DOCUMENT_VIEWED', detail, meta: operator.meta },
    ctx.now().toISOString(),
  );
  return { contentType: file.content_type, bytes };
}

type AuditRow = Awaited<ReturnType<typeof searchAuditEvents>>[number];

/** The operator who acted, as the event's detail names them (`operator:<email>`), when one did. */
function actorLabelOf(actor: string, detail: Record<string, string>): string | null {
  if (actor !== 'operator') return null;
  const named = [detail.operator, detail.by, detail.actor].find((value) => value?.startsWith('operator:'));
  return named ?? null;
}

/** An audit row as the console shows it (the people screen lists a person's events too). */
export function auditEventOf(row: AuditRow): AuditEvent {
  const detail = row.detail ? (JSON.parse(row.detail) as Record<string, string>) : {};
  return {
    id: row.id,
    type: row.type,
    actor: row.actor,
    actorLabel: actorLabelOf(row.actor, detail),
    userId: row.user_id,
    userEmail: row.email,
    detail,
    createdAt: row.created_at,
  };
}

/** The cursor of a page: the last event's time and id. */
function cursorOf(event: Pick<AuditEvent, 'createdAt' | 'id'>): string {
  return `${event.createdAt}|${event.id}`;
}

function parseCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [createdAt, id] = cursor.split('|');
  if (!createdAt || !id || Number.isNaN(Date.parse(createdAt))) {
    throw new AppError('VALIDATION_FAILED', 'The page cursor is not one this list gave.');
  }
  return { createdAt: new Date(createdAt).toISOString(), id };
}

const dayStart = (day: string) => `${day}T00:00:00.000Z`;
const dayAfter = (day: string) => new Date(Date.parse(dayStart(day)) + 86_400_000).toISOString();

/** The audit log, newest first, a page at a time; every filter optional (UTC days). */
export async function listAuditLog(ctx: AppContext, operator: Operator, query: AuditQuery): Promise<AuditList> {
  assertAdmin(operator, 'read the audit log');
  const limit = query.limit ?? AUDIT_PAGE_SIZE;
  const rows = await searchAuditEvents(ctx.db, {
    actor: query.actor,
    subject: query.subject,
    action: query.action,
    from: query.from ? dayStart(query.from) : undefined,
    to: query.to ? dayAfter(query.to) : undefined,
    after: parseCursor(query.cursor),
    limit: limit + 1,
  });
  const events = rows.slice(0, limit).map(auditEventOf);
  const last = events.at(-1);
  return { events, nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}
