import {
  FILE_ID_RE,
  type FilePurpose,
  type FileRef,
  type FileVisibility,
  fileThumbUrl,
  fileUrl,
} from '@zl/shared';
import type { DbOrTx } from '../../db/client.ts';
import { fieldError } from '../../lib/errors.ts';
import { type FileRow, findMemberFile } from './file.repo.ts';
import { isContractFileOfParty } from './project-files.repo.ts';

/**
 * For modules that store a file id a member sent (avatar, ID card images, licence...): the file
 * must be this member's own upload, made for one of `purposes` (and of `visibility` when given).
 * Anything else — another member's file, a wrong purpose, a made-up id — answers the same field
 * error, so ids of other members' files cannot be probed through forms either.
 */
export async function assertOwnFile(
  db: DbOrTx,
  memberId: number,
  fileId: string,
  opts: { purposes: readonly FilePurpose[]; visibility?: FileVisibility; field: string; label?: string },
): Promise<FileRow> {
  const row = FILE_ID_RE.test(fileId) ? await findMemberFile(db, memberId, fileId) : undefined;
  const ok =
    row &&
    (opts.purposes as readonly string[]).includes(row.purpose) &&
    (!opts.visibility || row.visibility === opts.visibility);
  if (!ok) {
    throw fieldError('FILE_NOT_FOUND', opts.field, `${opts.label ?? '文件'}不存在或不可用，请重新上传`);
  }
  return row;
}

/** How a stored file id is answered to the pages. Images have a thumbnail, PDFs do not. */
export function fileRef(id: string, hasThumb = true): FileRef {
  return { id, url: fileUrl(id), thumbUrl: hasThumb ? fileThumbUrl(id) : null };
}

/**
 * A module's answer to "may this member read this private file, which my records point at?". The
 * module that stores file ids registers it (app.ts hands the list to the file routes), so the file
 * module depends on none of them (docs/seed-map.md § Modules).
 */
export interface PrivateFileReader {
  /** the purposes it judges; null: any purpose (but a contract's, which only its parties read) */
  purposes: readonly FilePurpose[] | null;
  mayRead(db: DbOrTx, memberId: number, fileId: string): Promise<boolean>;
}

/**
 * Who besides the uploader may read a private file (operators read every file): a project's
 * contract files (docs/delivery-contract.md "Files") to the project's customer and its winning
 * supplier; otherwise whoever a registered reader lets in, in order: the report module (its photos
 * and files, docs/delivery-report.md "Files") the complaint module (evidence, to both parties,
 * docs/delivery-complaint.md), the invoice module (docs/invoices.md) and the change module (a
 * change order's site photos, docs/change-orders.md).
 */
export async function memberMayReadPrivate(
  db: DbOrTx,
  memberId: number,
  row: FileRow,
  readers: readonly PrivateFileReader[],
): Promise<boolean> {
  if (row.ownerMemberId === memberId) return true;
  if (row.purpose === 'contract') return isContractFileOfParty(db, memberId, row.id);
  for (const r of readers) {
    const judges = r.purposes === null || r.purposes.includes(row.purpose as FilePurpose);
    if (judges && (await r.mayRead(db, memberId, row.id))) return true;
  }
  return false;
}
