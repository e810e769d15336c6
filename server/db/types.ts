import type { ColumnType } from 'kysely';

/**
 * The database as the app sees it. Timestamps are ISO-8601 UTC strings on both engines
 * (text in SQLite, timestamptz in PostgreSQL parsed back to ISO by the client setup).
 */
export type Timestamp = ColumnType<string, string, string>;

export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

/** 0 or 1: both engines store flags as integers. */
export type Flag = ColumnType<number, number | undefined, number>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface UsersTable {
  id: string;
  email: string | null;
  name: string | null;
  legal_name: string | null;
  country_of_residence: string | null;
  investor_type: Defaulted<'INDIVIDUAL' | 'COMPANY'>;
  kyc_status: Defaulted<'NONE' | 'INPROGRESS' | 'GREEN' | 'RED'>;
  role: Defaulted<'USER' | 'ADMIN' | 'SELLER'>;
  is_banned: Flag;
  ban_reason: string | null;
  is_hide_badge: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserIdentitiesTable {
  id: string;
  user_id: string;
  issuer: string;
  subject: string;
  email: string | null;
  created_at: Timestamp;
}

export interface EmailChallengesTable {
  id: string;
  purpose: 'SIGN_IN' | 'EMAIL_CHANGE';
  email: string;
  user_id: string | null;
  code_hash: string;
  attempts: Defaulted<number>;
  ip: string;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  method: 'EMAIL' | 'GOOGLE';
  is_second_factor_passed: Flag;
  second_factor_at: Timestamp | null;
  ip: string;
  user_agent: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface TotpFactorsTable {
  user_id: string;
  secret_sealed: string | null;
  pending_secret_sealed: string | null;
  pending_created_at: Timestamp | null;
  enabled_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface TotpUsedStepsTable {
  user_id: string;
  step: number;
  created_at: Timestamp;
}

export interface SecondFactorAttemptsTable {
  id: string;
  user_id: string;
  is_success: Flag;
  created_at: Timestamp;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AuditEventsTable {
  id: string;
  user_id: string | null;
  type: string;
  detail: string | null;
  ip: string;
  user_agent: string;
  created_at: Timestamp;
}

export interface Database {
  app_meta: AppMetaTable;
  users: UsersTable;
  user_identities: UserIdentitiesTable;
  email_challenges: EmailChallengesTable;
  sessions: SessionsTable;
  totp_factors: TotpFactorsTable;
  totp_used_steps: TotpUsedStepsTable;
  second_factor_attempts: SecondFactorAttemptsTable;
  recovery_codes: RecoveryCodesTable;
  audit_events: AuditEventsTable;
}
