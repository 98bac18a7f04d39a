import path from 'node:path';
import { z } from 'zod';
import { bool } from './values.ts';

/** Uploaded files (docs/members.md § Uploads, docs/deploy.md "Files"): limits, and local disk or S3. */
export const uploadsEnv = z.object({
  /** per uploaded file, in MB */
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(100).default(10),
  /** bytes a member may upload per day (Asia/Shanghai), in MB (docs/members.md § Uploads) */
  UPLOAD_DAILY_MB: z.coerce.number().int().min(1).max(2000).default(500),
  /** where the local-disk file storage keeps uploads; default DATA_DIR/uploads */
  UPLOAD_DIR: z.string().optional(),
  /** files in an S3-compatible bucket instead of UPLOAD_DIR (docs/deploy.md "Files") */
  S3_BUCKET: z.string().max(63).optional(),
  /** an S3-compatible endpoint (MinIO, OSS, COS…); unset: AWS S3 */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().max(40).default('us-east-1'),
  /** unset: the AWS SDK's default credential chain */
  S3_ACCESS_KEY_ID: z.string().max(128).optional(),
  S3_SECRET_ACCESS_KEY: z.string().max(256).optional(),
  /** path-style object URLs; default true when S3_ENDPOINT is set */
  S3_FORCE_PATH_STYLE: bool,
  /** prepended to every object key */
  S3_PREFIX: z
    .string()
    .max(200)
    .regex(/^([A-Za-z0-9_-]+\/)*$/, 'S3_PREFIX 须形如 uploads/')
    .default(''),
});

export type UploadsEnv = z.output<typeof uploadsEnv>;

/** An S3-compatible bucket for uploads (docs/deploy.md "Files"). */
export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** an S3-compatible endpoint (MinIO, OSS, COS…); unset: AWS's own */
  endpoint?: string | undefined;
  /** path-style URLs (http://host/bucket/key), what most S3-compatible servers expect */
  forcePathStyle: boolean;
  /** unset: the SDK's default credential chain (environment, instance role…) */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** prepended to every object key, e.g. 'uploads/' */
  prefix: string;
}

/** `dataDir`: DATA_DIR as given, the local storage's default parent. */
export function uploadsConfig(e: UploadsEnv, dataDir: string) {
  return {
    /** largest accepted upload, in bytes */
    maxBytes: e.UPLOAD_MAX_MB * 1024 * 1024,
    dailyBytes: e.UPLOAD_DAILY_MB * 1024 * 1024,
    dir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    /** null: uploads on local disk under dir */
    s3: s3Config(e),
  };
}

function s3Config(e: UploadsEnv): S3StorageConfig | null {
  if (!e.S3_BUCKET) return null;
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      '配置错误（环境变量，S3）：S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY 须同时设置 (set both keys, or neither)',
    );
  }
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    prefix: e.S3_PREFIX,
  };
}
