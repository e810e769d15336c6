import type { Language } from '../src/domain/language';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config';
import type { DataKeys } from './crypto';
import type { Database } from './db/types';
import type { Mailer } from './mail/mailer';
import type { FileStore } from './storage/files';

/** What services need from the app, passed explicitly so they stay testable without HTTP. */
export interface AppContext {
  db: Kysely<Database>;
  config: AppConfig;
  mailer: Mailer;
  keys: DataKeys;
  /** HS256 key of the access token. */
  tokenKey: Uint8Array;
  /** Where files users and operators send are kept: the data folder or a shared bucket. */
  files: FileStore;
  /** The current time; tests move it to check code windows and locks. */
  now: () => Date;
}

/** Who is calling and from where, recorded with every security event. */
export interface RequestMeta {
  ip: string;
  userAgent: string;
  /** The language the request asked for (Accept-Language), for mails sent while answering it. */
  language?: Language;
}

export const minutesFrom = (date: Date, minutes: number): Date => new Date(date.getTime() + minutes * 60_000);
