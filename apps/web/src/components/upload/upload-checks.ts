import { acceptsPdf as allowsPdf, type FilePurpose, IMAGE_MIMES, UPLOAD_MAX_MB_DEFAULT } from '@zl/shared';

export const MAX_UPLOAD_BYTES = UPLOAD_MAX_MB_DEFAULT * 1024 * 1024;

const IMAGE_EXT = ['jpg', 'jpeg', 'png', 'webp'];
const IMAGE_MIME: readonly string[] = IMAGE_MIMES;

export function isPdf(mime: string | undefined, name = ''): boolean {
  return mime === 'application/pdf' || /\.pdf$/i.test(name);
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * A hint before the bytes leave the browser: the server sniffs the real content type and has the
 * last word (FILE_TYPE_NOT_ALLOWED / FILE_TOO_LARGE). Returns the Chinese reason, or null.
 */
export function precheckFile(
  file: Pick<File, 'name' | 'type' | 'size'>,
  purpose: FilePurpose,
): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const mime = (file.type || '').toLowerCase();
  const image = IMAGE_EXT.includes(ext) || IMAGE_MIME.includes(mime);
  const pdf = ext === 'pdf' || mime === 'application/pdf';
  if (!image && !(pdf && allowsPdf(purpose))) {
    return allowsPdf(purpose) ? '仅支持 JPG、PNG、WebP 图片或 PDF 文件' : '仅支持 JPG、PNG、WebP 格式的图片';
  }
  if (file.size > MAX_UPLOAD_BYTES) {
    return `文件过大（${formatSize(file.size)}），请上传不超过 10 MB 的文件`;
  }
  if (file.size === 0) return '文件是空的，请重新选择';
  return null;
}
