import {
  acceptsPdf,
  type FileMime,
  type FilePurpose,
  fileThumbUrl,
  fileUrl,
  purposeVisibility,
  shanghaiMidnight,
  shanghaiToday,
  type UploadResult,
} from '@zl/shared';
import { randomToken } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { hitCounter } from '../../lib/rate-counter.ts';
import type { Deps } from '../../lib/types.ts';
import * as repo from './file.repo.ts';
import { processImage, sniffMime } from './image.ts';
import { pdfRefusal } from './pdf-check.ts';
import { type FileStorage, newStorageKey } from './storage.ts';

const EXT: Record<FileMime, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** Uploads per uploader per hour: far above a person filling in forms, far below a script. */
const UPLOADS_PER_HOUR = 300;

export type Uploader = { memberId: number; adminId?: undefined } | { adminId: number; memberId?: undefined };

/**
 * The name shown and offered on download: the client's base name without paths or control
 * characters, with the extension of what the bytes really are.
 */
export function displayName(clientName: string, mime: FileMime): string {
  const base = (clientName.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '')
    .trim();
  const stem = base.replace(/\.[^.]{0,10}$/, '').slice(0, 80) || 'file';
  return `${stem}.${EXT[mime]}`;
}

/** Midnight of today in Asia/Shanghai, as an instant (packages/shared/src/date). */
const DAY_MS = 86_400_000;

function shanghaiDayStart(now = Date.now()): Date {
  return shanghaiMidnight(shanghaiToday(now));
}

/**
 * A member's bytes for today (UPLOAD_DAILY_MB, docs/members.md § Uploads): counted before the
 * upload is processed, atomically (file.repo.ts reserveUploadBytes). Answers the give-back for an
 * upload that then stores nothing. Operators have no quota.
 */
export async function reserveDailyBytes(
  deps: Deps,
  who: Uploader,
  bytes: number,
): Promise<() => Promise<void>> {
  if (who.memberId === undefined) return async () => {};
  const key = `upload-bytes:m:${who.memberId}`;
  const dayStart = shanghaiDayStart();
  const limit = deps.config.uploads.dailyBytes;
  if ((await repo.reserveUploadBytes(deps.db, key, dayStart, bytes, limit)) === null) {
    const mb = Math.round(limit / 1024 / 1024);
    throw new AppError('UPLOAD_QUOTA_EXCEEDED', {
      message: `今天上传的文件已达每日 ${mb} MB 上限，请明天再试`,
      data: { retryAfter: Math.max(1, Math.ceil((dayStart.getTime() + DAY_MS - Date.now()) / 1000)) },
    });
  }
  return () => repo.releaseUploadBytes(deps.db, key, dayStart, bytes);
}

export async function checkUploadRate(deps: Deps, who: Uploader): Promise<void> {
  const key = who.memberId !== undefined ? `upload:m:${who.memberId}` : `upload:a:${who.adminId}`;
  if ((await hitCounter(deps.db, key, 3600)) > UPLOADS_PER_HOUR)
    throw new AppError('RATE_LIMITED', { message: '上传过于频繁，请稍后再试', data: { retryAfter: 3600 } });
}

/** Sniffs, re-encodes (images) and stores one upload; answers what the pages need. */
export async function saveUpload(
  deps: Deps,
  storage: FileStorage,
  who: Uploader,
  input: { purpose: FilePurpose; clientName: string; data: Buffer },
): Promise<UploadResult> {
  if (input.data.length === 0) throw new AppError('FILE_MISSING', { message: '文件内容为空' });
  const mime = sniffMime(input.data);
  if (!mime) throw new AppError('FILE_TYPE_NOT_ALLOWED');
  if (mime === 'application/pdf' && !acceptsPdf(input.purpose))
    throw new AppError('FILE_TYPE_NOT_ALLOWED', { message: '此处只能上传 JPG、PNG 或 WebP 图片' });
  if (mime === 'application/pdf') {
    const refused = pdfRefusal(input.data);
    if (refused) throw new AppError('FILE_TYPE_NOT_ALLOWED', { message: refused });
  }

  const image = mime === 'application/pdf' ? null : await processImage(input.data, mime);
  const data = image ? image.data : input.data;
  const key = newStorageKey(EXT[mime]);
  const thumbKey = image ? key.replace(/\.[a-z]+$/, '_t.webp') : null;
  await storage.put(key, data, mime);
  try {
    if (image && thumbKey) await storage.put(thumbKey, image.thumb, 'image/webp');
    const row = await repo.insertFile(deps.db, {
      id: randomToken(16),
      ownerMemberId: who.memberId ?? null,
      ownerAdminId: who.adminId ?? null,
      visibility: purposeVisibility(input.purpose),
      purpose: input.purpose,
      mime,
      size: data.length,
      width: image?.width ?? null,
      height: image?.height ?? null,
      storageKey: key,
      thumbKey,
      originalName: displayName(input.clientName, mime),
    });
    return {
      id: row.id,
      url: fileUrl(row.id),
      thumbUrl: thumbKey ? fileThumbUrl(row.id) : null,
      mime,
      size: row.size,
      width: row.width,
      height: row.height,
      name: row.originalName,
      visibility: row.visibility,
      purpose: input.purpose,
    };
  } catch (err) {
    // No row means no file: the stored bytes go too.
    await storage.delete(key).catch(() => {});
    if (thumbKey) await storage.delete(thumbKey).catch(() => {});
    throw err;
  }
}
