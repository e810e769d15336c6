import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
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
