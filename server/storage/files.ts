import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig, S3Settings } from '../config';

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

const isMissing = (error: unknown) => (error as { code?: unknown })?.code === 'ENOENT';

/** The data folder: folders 0700, files 0600 (0400 when read-only), as every install had them. */
export function createDiskStore(dataDir: string): FileStore {
  const pathOf = (key: string) => path.join(dataDir, ...assertKey(key).split('/'));
  return {
    location: dataDir,
    async put(key, bytes, options = {}) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      try {
        await writeFile(target, bytes, { mode: options.readOnly ? 0o400 : 0o600, flag: 'wx' });
      } catch (error) {
        if ((error as { code?: unknown }).code === 'EEXIST') throw new FileExistsError(key);
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      return stat(pathOf(key)).then(
        (stats) => stats.isFile(),
        () => false,
      );
    },
    async delete(key) {
      await unlink(pathOf(key)).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    },
    async move(from, to) {
      const target = pathOf(to);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      try {
        await rename(pathOf(from), target);
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async list(prefix) {
      const root = pathOf(prefix);
      const found: StoredFile[] = [];
      const walk = async (folder: string, keyPrefix: string): Promise<void> => {
        let entries;
        try {
          entries = await readdir(folder, { withFileTypes: true });
        } catch (error) {
          if (isMissing(error)) return;
          throw error;
        }
        for (const entry of entries) {
          const key = `${keyPrefix}/${entry.name}`;
          if (entry.isDirectory()) await walk(path.join(folder, entry.name), key);
          else if (entry.isFile()) {
            const stats = await stat(path.join(folder, entry.name)).catch(() => null);
            if (stats) found.push({ key, modifiedAt: stats.mtime });
          }
        }
      };
      await walk(root, prefix);
      return found;
    },
    locate: (key) => pathOf(key),
    close: () => Promise.resolve(),
  };
}

/** The store the configuration names: the bucket when S3 is configured, else the data folder. */
export function createFileStore(config: Pick<AppConfig, 'dataDir' | 's3'>): FileStore {
  return config.s3 ? createLazyS3Store(config.s3) : createDiskStore(config.dataDir);
}

/**
 * The S3 client (a large library) loads with the first file read or written, so a start, and an
 * install that keeps files in the data folder, never reads it.
 */
function createLazyS3Store(settings: S3Settings): FileStore {
  let loaded: Promise<FileStore> | null = null;
  const store = () => (loaded ??= import('./s3').then((module) => module.createS3Store(settings)));
  return {
    location: `s3://${settings.bucket}`,
    put: async (key, bytes, options) => (await store()).put(key, bytes, options),
    get: async (key) => (await store()).get(key),
    exists: async (key) => (await store()).exists(key),
    delete: async (key) => (await store()).delete(key),
    move: async (from, to) => (await store()).move(from, to),
    list: async (prefix) => (await store()).list(prefix),
    locate: (key) => `s3://${settings.bucket}/${assertKey(key)}`,
    close: async () => {
      if (loaded) await (await loaded).close();
    },
  };
}
