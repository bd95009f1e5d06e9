import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '@server/config';
import { isStorageKey, type Storage, type StoredObject } from './storage';

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, R2, ...), so every instance reads what any instance stored
 * (decision record 026). Objects stay private: the app reads them and streams them to the client after its own
 * authorization checks, with the same headers as from disk, so nothing about downloads changes.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      // Checksums only where the protocol requires them: not every S3-compatible store knows the newer headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, data: Buffer): Promise<void> {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
    await this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: data, ContentLength: data.length }));
  }

  /** S3 needs the length of a streamed body up front: the caller knows it (an export archive built on disk first). */
  async putStream(key: string, stream: Readable, size: number): Promise<void> {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
    await this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: stream, ContentLength: size }));
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isStorageKey(key)) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      if (!object.Body) return null;
      return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  close(): void {
    this.client.destroy();
  }
}
