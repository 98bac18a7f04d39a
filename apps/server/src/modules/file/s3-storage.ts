import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../../config/uploads.ts';
import type { FileStorage } from './storage.ts';

type Sdk = typeof import('@aws-sdk/client-s3');

/**
 * Files in an S3-compatible bucket through the official SDK (docs/deploy.md "Files"), so that every
 * server process of the platform reads what any of them stored. Storage keys map one-to-one onto
 * object keys (under `prefix`). The SDK is loaded only when a bucket is configured.
 */
export class S3Storage implements FileStorage {
  readonly name = 's3';

  private constructor(
    private readonly sdk: Sdk,
    private readonly client: S3Client,
    private readonly config: S3StorageConfig,
  ) {}

  static async create(config: S3StorageConfig): Promise<S3Storage> {
    const sdk = await import('@aws-sdk/client-s3');
    const client = new sdk.S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      maxAttempts: 3,
    });
    return new S3Storage(sdk, client, config);
  }

  private keyOf(key: string): string {
    return `${this.config.prefix}${key}`;
  }

  async put(key: string, data: Buffer, mime: string): Promise<void> {
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.keyOf(key),
        Body: data,
        ContentType: mime,
        ContentLength: data.length,
      }),
    );
  }

  async get(key: string): Promise<Readable | null> {
    try {
      const res = await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(key) }),
      );
      return (res.Body as Readable | undefined) ?? null;
    } catch (err) {
      if (err instanceof this.sdk.NoSuchKey) return null;
      if (err instanceof this.sdk.S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new this.sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(key) }),
    );
  }

  /** Releases the SDK's sockets (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }
}
