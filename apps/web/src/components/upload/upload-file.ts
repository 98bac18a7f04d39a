import {
  API_PREFIX,
  type ApiEnvelope,
  FALLBACK_ERROR_MESSAGE,
  type FilePurpose,
  NETWORK_ERROR_MESSAGE,
  ShowType,
} from '@zl/shared';
import { BAD_RESPONSE, BizError, NETWORK_ERROR } from '../../lib/biz-error.ts';

export type UploadPurpose = FilePurpose;

/** The answer of File/upload, or what another record says about a file ({id, url, thumbUrl}). */
export interface UploadedFile {
  id: string;
  url: string;
  /** null for PDFs */
  thumbUrl: string | null;
  mime?: string;
  size?: number;
  width?: number | null;
  height?: number | null;
  name?: string;
  visibility?: 'public' | 'private';
}

export interface UploadOptions {
  purpose: UploadPurpose;
  file: File;
  /** 0–100, from XMLHttpRequest upload progress events (fetch has none). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/File/upload as multipart (`purpose` first, so the server knows the limits before the
 * bytes arrive). XMLHttpRequest rather than fetch: only XHR reports upload progress.
 */
export function uploadFile({ purpose, file, onProgress, signal }: UploadOptions): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_PREFIX}/File/upload`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0)
        onProgress?.(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onerror = () =>
      reject(new BizError({ code: NETWORK_ERROR, message: NETWORK_ERROR_MESSAGE, showType: ShowType.ERROR }));
    xhr.onabort = () => reject(new DOMException('上传已取消', 'AbortError'));
    xhr.onload = () => {
      let json: Partial<ApiEnvelope> | undefined;
      try {
        json = JSON.parse(xhr.responseText) as Partial<ApiEnvelope>;
      } catch {
        json = undefined;
      }
      if (!json || typeof json !== 'object' || !('errCode' in json || 'success' in json)) {
        reject(
          new BizError({
            code: xhr.status === 413 ? 'FILE_TOO_LARGE' : BAD_RESPONSE,
            message: xhr.status === 413 ? '文件过大' : `${FALLBACK_ERROR_MESSAGE}（HTTP ${xhr.status}）`,
            showType: ShowType.ERROR,
            httpStatus: xhr.status,
          }),
        );
        return;
      }
      if (json.errCode === 'success' || (json.errCode === undefined && json.success)) {
        onProgress?.(100);
        resolve(json.data as UploadedFile);
        return;
      }
      reject(
        new BizError({
          code: String(json.errCode ?? json.errorCode ?? 'UNKNOWN'),
          message: json.errorMessage || json.errMsg || undefined,
          showType: typeof json.showType === 'number' ? json.showType : ShowType.ERROR,
          data: json.data,
          httpStatus: xhr.status,
        }),
      );
    };
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('上传已取消', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const body = new FormData();
    body.append('purpose', purpose);
    body.append('file', file, file.name);
    xhr.send(body);
  });
}
