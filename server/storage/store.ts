/**
 * Where the server keeps the files users and operators send (identity documents, signed
 * contracts, project documents and images, post images): the one way any code reads or writes
 * them. By default the data folder, laid out as it always was; with S3 settings, a bucket that
 * every process of the platform shares, so a file one machine wrote is read on another.
 *
 * A key is a relative path of plain segments (`kyc-uploads/<user>/<id>`), the same in both
 * places. Files are written once and never changed: `put` refuses a key that already exists.
 */
export interface FileStore {
  /** Where files go, for logs and operators: the data folder's path or s3://bucket. */
  readonly location: string;
  /** Writes a new file; FileExistsError if the key is taken (no file is ever overwritten). */
  put(key: string, bytes: Uint8Array, options?: { readOnly?: boolean }): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Moves a file to another key (replacing what is there); false when `from` is missing. */
  move(from: string, to: string): Promise<boolean>;
  /** The files directly or indirectly under a folder of keys, with when each was written. */
  list(prefix: string): Promise<StoredFile[]>;
  /** Where an operator finds the file: a path in the data folder or an s3:// address. */
  locate(key: string): string;
  /** Releases connections (a bucket's HTTP agent); the data folder has none. */
  close(): Promise<void>;
}

export interface StoredFile {
  key: string;
  modifiedAt: Date;
}

export class FileExistsError extends Error {
  override readonly name = 'FileExistsError';
  /** As Node names it, so callers that already knew `EEXIST` keep working. */
  readonly code = 'EEXIST';
  constructor(key: string) {
    super(`A file is already stored under ${key}`);
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Keys are plain relative paths: nothing can climb out of the data folder or the bucket's tree. */
export function assertKey(key: string): string {
  const segments = key.split('/');
  if (!segments.every((segment) => SEGMENT.test(segment) && segment !== '..')) {
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

export function fileKey(...segments: string[]): string {
  return assertKey(segments.join('/'));
}
