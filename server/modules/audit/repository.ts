import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AuditActor } from '../../../src/domain/auth';
import type { RequestMeta } from '../../context';
import { compiledQuery } from '../../db/compiled-query';
import type { Database } from '../../db/types';

type Db = Kysely<Database>;

export interface AuditEntry {
  /** The account the event is about (whose activity list shows it). */
  userId: string | null;
  /** Who acted: the user, an operator (commands, the operator area), or the system on its own. */
  actor: AuditActor;
  type: string;
  detail?: Record<string, string>;
  meta: RequestMeta;
}

/** The audit log is append-only: this module offers inserting and reading, nothing else. */
export async function appendAuditEvent(db: Db, entry: AuditEntry, now: string): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      id: randomUUID(),
      user_id: entry.userId,
      actor: entry.actor,
      type: entry.type,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
      ip: entry.meta.ip,
      user_agent: entry.meta.userAgent,
      created_at: now,
    })
    .execute();
}

const auditEventsOf = compiledQuery((db, params: { userId: string; limit: number }) =>
  db
    .selectFrom('audit_events')
    .select(['id', 'type', 'actor', 'detail', 'ip', 'user_agent', 'created_at'])
    .where('user_id', '=', params.userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(params.limit),
);

export async function listAuditEvents(db: Db, userId: string, limit: number) {
  return auditEventsOf.execute(db, { userId, limit });
}

export interface AuditSearch {
  /** An actor kind (user, operator, system) or part of an operator's label (`operator:<email>`). */
  actor?: string;
  /** The account the events are about: its id, or part of its email address. */
  subject?: string;
  /** The start of an event type (ORDER_, KYC_REVIEW_UPDATED). */
  action?: string;
  /** From this instant (inclusive) to that one (exclusive), ISO. */
  from?: string;
  to?: string;
  /** After this event in the newest-first order. */
  after?: { createdAt: string; id: string };
  limit: number;
}

const ACTOR_KINDS = new Set(['user', 'operator', 'system']);
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Text searched with LIKE: its wildcards are taken literally. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The operator console's audit log: every event, newest first, filtered, with the subject's email. */
export async function searchAuditEvents(db: Db, search: AuditSearch) {
  let query = db
    .selectFrom('audit_events')
    .leftJoin('users', 'users.id', 'audit_events.user_id')
    .select([
      'audit_events.id',
      'audit_events.type',
      'audit_events.actor',
      'audit_events.user_id',
      'audit_events.detail',
      'audit_events.created_at',
      'users.email',
    ]);
  const actor = search.actor?.trim();
  if (actor) {
    query = ACTOR_KINDS.has(actor.toLowerCase())
      ? query.where('audit_events.actor', '=', actor.toLowerCase() as AuditActor)
      : query.where(sql<string>`lower(audit_events.detail)`, 'like', sql<string>`${likePattern(actor)} escape '\\'`);
  }
  const subject = search.subject?.trim();
  if (subject) {
    query = UUID_PATTERN.test(subject)
      ? query.where('audit_events.user_id', '=', subject.toLowerCase())
      : query.where(sql<string>`lower(users.email)`, 'like', sql<string>`${likePattern(subject)} escape '\\'`);
  }
  const action = search.action?.trim();
  if (action) {
    query = query.where(
      'audit_events.type',
      'like',
      sql<string>`${`${action.toUpperCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`} escape '\\'`,
    );
  }
  if (search.from) query = query.where('audit_events.created_at', '>=', search.from);
  if (search.to) query = query.where('audit_events.created_at', '<', search.to);
  const after = search.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('audit_events.created_at', '<', after.createdAt),
        eb.and([eb('audit_events.created_at', '=', after.createdAt), eb('audit_events.id', '<', after.id)]),
      ]),
    );
  }
  return query
    .orderBy('audit_events.created_at', 'desc')
    .orderBy('audit_events.id', 'desc')
    .limit(search.limit)
    .execute();
}
