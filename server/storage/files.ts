import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig, S3Settings } from '../config';
import { assertKey, FileExistsError, type FileStore, type StoredFile } from './store';

export { fileKey, FileExistsError, type FileStore } from './store';

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
