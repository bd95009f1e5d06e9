import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type StoredObject = { stream: Readable; size: number };

/** Where uploaded files live. The file-system one suits one machine; `S3Storage` (./s3-storage.ts) several (decision record 026). */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** Stores `size` bytes read from `stream` without holding them in memory (an export archive, record 027). */
  putStream(key: string, stream: Readable, size: number): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

/** A random, unguessable key under a folder, keeping a safe extension. */
export function newStorageKey(folder: string, extension: string): string {
  const safeExt = extension.replace(/[^a-z0-9]/gi, '').toLowerCase().slice(0, 8);
  return `${folder}/${crypto.randomBytes(16).toString('hex')}${safeExt ? `.${safeExt}` : ''}`;
}

/** What `newStorageKey` makes: a folder and a random name with an optional extension, nothing that could climb out. */
export function isStorageKey(key: string): boolean {
  return /^[a-z0-9_-]+\/[a-z0-9]+(\.[a-z0-9]+)?$/i.test(key);
}

export class FileStorage implements Storage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.resolve(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await fsp.writeFile(temp, data);
    await fsp.rename(temp, file);
  }

  async putStream(key: string, stream: Readable): Promise<void> {
    const file = this.resolve(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    try {
      await pipeline(stream, fs.createWriteStream(temp));
      await fsp.rename(temp, file);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    let file: string;
    try {
      file = this.resolve(key);
    } catch {
      return null;
    }
    try {
      const stat = await fsp.stat(file);
      return { stream: fs.createReadStream(file), size: stat.size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.resolve(key), { force: true });
  }
}

/** Keeps files in memory; used by tests. */
export class MemoryStorage implements Storage {
  readonly files = new Map<string, Buffer>();

  async put(key: string, data: Buffer): Promise<void> {
    this.files.set(key, data);
  }

  async putStream(key: string, stream: Readable): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
    this.files.set(key, Buffer.concat(chunks));
  }

  async get(key: string): Promise<StoredObject | null> {
    const data = this.files.get(key);
    if (!data) return null;
    return { stream: Readable.from([data]), size: data.length };
  }

  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }
}
