import type { Kysely } from 'kysely';
import type { UserRole } from '../../../src/domain/auth';
import type { Language } from '../../../src/domain/language';
import type { Database } from '../../db/types';

/** The account's own changes (SQL only). Reading and creating the record: records-repository.ts. */
type Db = Kysely<Database>;

export async function deleteIdentity(db: Db, userId: string, issuer: string, subject: string): Promise<void> {
  await db
    .deleteFrom('user_identities')
    .where('user_id', '=', userId)
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .execute();
}

/** Only the columns a user may change about themselves can be passed here. */
export interface UserSelfUpdate {
  name?: string;
  email?: string;
  is_hide_badge?: number;
  language?: Language;
}

export async function updateUserSelf(db: Db, id: string, changes: UserSelfUpdate, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function setUserBan(db: Db, id: string, ban: { isBanned: boolean; reason: string | null }, now: string) {
  await db
    .updateTable('users')
    .set({ is_banned: ban.isBanned ? 1 : 0, ban_reason: ban.reason, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Changes the role only if it still is `from`; answers whether it did, so concurrent changes cannot cross. */
export async function setUserRole(db: Db, id: string, change: { from: UserRole; to: UserRole }, now: string) {
  const result = await db
    .updateTable('users')
    .set({ role: change.to, updated_at: now })
    .where('id', '=', id)
    .where('role', '=', change.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countUsersWithRole(db: Db, role: UserRole): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', role)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The addresses of many accounts, 500 to a statement (an operator's list of a project's holders). */
export async function findEmailsOfUsers(db: Kysely<Database>, userIds: readonly string[]) {
  const emails = new Map<string, string | null>();
  for (let start = 0; start < userIds.length; start += 500) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', 'in', userIds.slice(start, start + 500))
      .execute();
    for (const row of rows) emails.set(row.id, row.email);
  }
  return emails;
}
