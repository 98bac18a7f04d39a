import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config/env.ts';
import { randomToken } from '../../lib/crypto.ts';

/**
 * Where file bytes live. Keys are opaque ('2026/05/<random>.jpg'), never derived from a user's
 * filename, and map one-to-one onto object keys of an S3-compatible bucket (see docs/members.md).
 */
export interface FileStorage {
  readonly name: string;
  put(key: string, data: Buffer, mime: string): Promise<void>;
  /** null when the object does not exist */
  get(key: string): Promise<Readable | null>;
  /** deleting a missing object is not an error */
  delete(key: string): Promise<void>;
  /** releases connections (at shutdown) */
  close?(): void;
}

const KEY_RE = /^[0-9]{4}\/[0-9]{2}\/[A-Za-z0-9_-]{16,64}(\.[a-z0-9]{2,5})?$/;

export function newStorageKey(ext: string, at = new Date()): string {
  const month = String(at.getUTCMonth() + 1).padStart(2, '0');
  return `${at.getUTCFullYear()}/${month}/${randomToken(18)}.${ext}`;
}

/** Local disk under one root directory (DATA_DIR/uploads by default). */
export class LocalDiskStorage implements FileStorage {
  readonly name = 'local';
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    // Keys are made by the server, but the check keeps a bad row from reading outside the root.
    if (!KEY_RE.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const tmp = `${file}.${randomToken(6)}.tmp`;
    await fs.writeFile(tmp, data, { flag: 'wx' });
    await fs.rename(tmp, file);
  }

  async get(key: string): Promise<Readable | null> {
    const file = this.pathOf(key);
    try {
      const handle = await fs.open(file, 'r');
      return handle.createReadStream();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}

/**
 * The storage the configuration names: an S3-compatible bucket when S3_BUCKET is set (every
 * process of a multi-process deployment sees the same files), local disk otherwise.
 */
export async function createStorage(config: Pick<Config, 'uploads'>): Promise<FileStorage> {
  if (!config.uploads.s3) return new LocalDiskStorage(config.uploads.dir);
  const { S3Storage } = await import('./s3-storage.ts');
  return S3Storage.create(config.uploads.s3);
}
