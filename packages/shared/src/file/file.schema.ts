import { z } from 'zod';
import { textSchema } from '../text/text.schema.ts';

/**
 * What an upload is for decides who may read it: showcase material is public, identity documents,
 * licences and contract paperwork are private (owner and operators only).
 */
export const PUBLIC_PURPOSES = ['avatar', 'case', 'design', 'service', 'project', 'showroom'] as const;
export const PRIVATE_PURPOSES = ['idcard', 'license', 'contract', 'report', 'attachment', 'invoice'] as const;
export const FILE_PURPOSES = [...PUBLIC_PURPOSES, ...PRIVATE_PURPOSES] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];
export type FileVisibility = 'public' | 'private';

export function purposeVisibility(purpose: FilePurpose): FileVisibility {
  return (PUBLIC_PURPOSES as readonly string[]).includes(purpose) ? 'public' : 'private';
}

export const IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const FILE_MIMES = [...IMAGE_MIMES, 'application/pdf'] as const;
export type FileMime = (typeof FILE_MIMES)[number];

/** Paperwork may be a PDF; everything shown as a picture (ID cards and licences included) is an image. */
export const PDF_PURPOSES: readonly FilePurpose[] = ['contract', 'report', 'attachment', 'invoice'];

export function acceptsPdf(purpose: FilePurpose): boolean {
  return PDF_PURPOSES.includes(purpose);
}

/** The `accept` attribute for a file input of this purpose (the server still sniffs the bytes). */
export function acceptFor(purpose: FilePurpose): string {
  return acceptsPdf(purpose) ? '.jpg,.jpeg,.png,.webp,.pdf' : '.jpg,.jpeg,.png,.webp';
}

export const UPLOAD_MAX_MB_DEFAULT = 10;
/** Images larger than this on either side are scaled down; thumbnails fit in THUMB_PX. */
export const IMAGE_MAX_PX = 4096;
export const THUMB_PX = 400;

/** File ids are 22 random URL-safe characters (128 bits). */
export const FILE_ID_RE = /^[A-Za-z0-9_-]{22}$/;

export const filePurposeSchema = z.enum(FILE_PURPOSES, { error: '上传用途不正确' });

export function fileUrl(id: string): string {
  return `/files/${id}`;
}
export function fileThumbUrl(id: string): string {
  return `/files/${id}/thumb`;
}

/** `data` of `POST /api/File/upload`. */
export const uploadResultSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** null for PDFs */
  thumbUrl: z.string().nullable(),
  mime: z.enum(FILE_MIMES),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  name: z.string(),
  visibility: z.enum(['public', 'private']),
  purpose: filePurposeSchema,
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** A file referenced by another record (ID card images, licence, avatar). */
export const fileRefSchema = z.object({ id: z.string(), url: z.string(), thumbUrl: z.string().nullable() });
export type FileRef = z.infer<typeof fileRefSchema>;

/**
 * A file id field of a form: the id answered by File/upload. `optional` forms accept '' (none).
 */
export function fileIdSchema(label: string) {
  return textSchema({ error: `请上传${label}`, max: 40, maxError: `${label}无效，请重新上传`, label })
    .min(1, { error: `请上传${label}` })
    .regex(FILE_ID_RE, { error: `${label}无效，请重新上传` });
}
