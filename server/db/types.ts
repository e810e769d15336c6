import type { ColumnType, Generated } from 'kysely';

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

export interface PostAuthorsTable {
  id: Generated<number>;
  name: string;
  image: string | null;
  created_at: Timestamp;
}

export interface PostsTable {
  id: Generated<number>;
  title: string;
  url_title: string;
  sub_title: string;
  /** Sanitized HTML. */
  content: string;
  author_id: number;
  thumbnail: string | null;
  created_at: Timestamp;
  posted_at: Timestamp;
  /** 0 or 1. */
  is_hide: number;
  read_time: number;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  topic: string;
  message: string;
  created_at: Timestamp;
  mailed_at: Timestamp | null;
}

export interface Database {
  app_meta: AppMetaTable;
  post_authors: PostAuthorsTable;
  posts: PostsTable;
  contact_messages: ContactMessagesTable;
}
