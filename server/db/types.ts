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

export interface Database {
  app_meta: AppMetaTable;
}
