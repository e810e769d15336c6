import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { InvestorType, KycStatus, UserRole } from '../../../src/domain/auth';
import { isLanguage, type Language } from '../../../src/domain/language';
import type { Database, UsersTable } from '../../db/types';

/**
 * The user record: how an account is read and created. Shared like the audit journal: sign-in
 * (auth) sits below the users module, and every module that names a user reads it here, so
 * these reads are one SQL each whoever asks. The account's own changes stay in repository.ts.
 */
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
    // Every authenticated request reads the account: a plain check, not a schema parse.
    language: isLanguage(row.language) ? row.language : null,
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
