import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { InvestorType, KycStatus, UserRole } from '../../../src/domain/auth';
import { languageSchema, type Language } from '../../../src/domain/language';
import type { Database, UsersTable } from '../../db/types';

type Db = Kysely<Database>;

export interface UserRecord {
  id: string;
  email: string | null;
  name: string | null;
  legalName: string | null;
  countryOfResidence: string | null;
  investorType: InvestorType;
  kycStatus: KycStatus;
  role: UserRole;
  isBanned: boolean;
  banReason: string | null;
  isHideBadge: boolean;
  isOtpEnabled: boolean;
  /** The language the investor chose for mails and messages; null until they choose. */
  language: Language | null;
}

type UserRow = Selectable<UsersTable> & { otp_enabled_at: string | null };

export function toUserRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    legalName: row.legal_name,
    countryOfResidence: row.country_of_residence,
    investorType: row.investor_type,
    kycStatus: row.kyc_status,
    role: row.role,
    isBanned: row.is_banned === 1,
    banReason: row.ban_reason,
    isHideBadge: row.is_hide_badge === 1,
    isOtpEnabled: row.otp_enabled_at !== null,
    language: languageSchema.safeParse(row.language).data ?? null,
  };
}

export function selectUsers(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('totp_factors', 'totp_factors.user_id', 'users.id')
    .selectAll('users')
    .select('totp_factors.enabled_at as otp_enabled_at');
}

export async function findUserById(db: Db, id: string): Promise<UserRecord | null> {
  const row = await selectUsers(db).where('users.id', '=', id).executeTakeFirst();
  return row ? toUserRecord(row) : null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | null> {
  const row = await selectUsers(db).where('users.email', '=', email).executeTakeFirst();
  return row ? toUserRecord(row) : null;
}

export async function findUserIdByIdentity(db: Db, issuer: string, subject: string): Promise<string | null> {
  const row = await db
    .selectFrom('user_identities')
    .select('user_id')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function insertUser(db: Db, values: { email: string | null; name: string | null }, now: string) {
  const id = randomUUID();
  await db
    .insertInto('users')
    .values({
      id,
      email: values.email,
      name: values.name,
      created_at: now,
      updated_at: now,
      is_banned: 0,
      is_hide_badge: 0,
    })
    .execute();
  return id;
}

export async function insertIdentity(
  db: Db,
  values: { userId: string; issuer: string; subject: string; email: string | null },
  now: string,
): Promise<void> {
  await db
    .insertInto('user_identities')
    .values({
      id: randomUUID(),
      user_id: values.userId,
      issuer: values.issuer,
      subject: values.subject,
      email: values.email,
      created_at: now,
    })
    .execute();
}

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
