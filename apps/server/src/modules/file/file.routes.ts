import fastifyMultipart from '@fastify/multipart';
import { FILE_ID_RE, type FilePurpose, filePurposeSchema, uploadResultSchema } from '@zl/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, envelope, fieldError, okEnvelope } from '../../lib/errors.ts';
import { routeOptions } from '../../lib/route.ts';
import type { App, Deps } from '../../lib/types.ts';
import { memberOrAdminOf } from '../../plugins/guards.ts';
import { findFileById } from './file.repo.ts';
import { checkUploadRate, reserveDailyBytes, saveUpload, type Uploader } from './file.service.ts';
import { memberMayReadPrivate, type PrivateFileReader } from './file-access.ts';
import type { FileStorage } from './storage.ts';

/** RFC 6266 / 5987: an ASCII fallback plus the UTF-8 name, so Chinese names survive the download. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A generated PDF (contract, 补充协议, statement) as a private download that is never cached. */
export function sendPdfAttachment(reply: FastifyReply, r: { pdf: Buffer; name: string }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', contentDisposition('attachment', r.name))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(r.pdf);
}

const MULTIPART_ERRORS: Record<string, (maxMb: number) => AppError> = {
  FST_REQ_FILE_TOO_LARGE: (mb) =>
    new AppError('FILE_TOO_LARGE', { message: `文件过大，单个文件不能超过 ${mb} MB` }),
  FST_FILES_LIMIT: () => fieldError('VALIDATION_FAILED', 'file', '一次只能上传一个文件'),
  FST_PARTS_LIMIT: () => new AppError('VALIDATION_FAILED', { message: '上传内容包含过多字段' }),
  FST_FIELDS_LIMIT: () => new AppError('VALIDATION_FAILED', { message: '上传内容包含过多字段' }),
  FST_PROTO_VIOLATION: () => new AppError('VALIDATION_FAILED', { message: '上传内容不正确' }),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new AppError('UNSUPPORTED_MEDIA_TYPE'),
};

/**
 * The multipart parser (busboy) throws plain errors, without a code, for a body it cannot read: a
 * Content-Type without a usable boundary, or a body that ends before its closing boundary.
 */
const NO_BOUNDARY =
  '上传格式不正确：请求头 multipart/form-data 缺少有效的 boundary，请通过页面重新选择文件上传';
const MALFORMED_MULTIPART: Array<[RegExp, string]> = [
  [/Boundary not found|Boundary required|needle/i, NO_BOUNDARY],
  [/unexpected end|terminated early/i, '上传内容不完整，请重新选择文件上传'],
];

/** RFC 2046 §5.1.1: a boundary is 1–70 characters (quoted or not). */
function hasUsableBoundary(contentType: string | undefined): boolean {
  const m = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const boundary = m?.[1] ?? m?.[2] ?? '';
  return boundary.length >= 1 && boundary.length <= 70;
}

/** Reads `purpose` then exactly one `file` from the multipart body, never more than the size limit. */
async function readUpload(request: FastifyRequest, maxBytes: number) {
  let purpose: FilePurpose | undefined;
  let upload: { name: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'purpose')
          throw fieldError('VALIDATION_FAILED', part.fieldname.slice(0, 30), '不支持的字段');
        const parsed = filePurposeSchema.safeParse(String(part.value));
        if (!parsed.success) throw fieldError('VALIDATION_FAILED', 'purpose', '上传用途不正确');
        purpose = parsed.data;
        continue;
      }
      if (part.fieldname !== 'file')
        throw fieldError('VALIDATION_FAILED', part.fieldname.slice(0, 30), '不支持的字段');
      // The purpose decides what is accepted, so it must arrive before the bytes.
      if (!purpose)
        throw fieldError('VALIDATION_FAILED', 'purpose', '请指定上传用途（purpose 需在 file 之前）');
      upload = { name: part.filename ?? '', data: await part.toBuffer() };
    }
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    const mapped = typeof code === 'string' ? MULTIPART_ERRORS[code] : undefined;
    if (mapped) throw mapped(Math.round(maxBytes / 1024 / 1024));
    const message = code === undefined && err instanceof Error ? err.message : '';
    const malformed = MALFORMED_MULTIPART.find(([re]) => re.test(message));
    if (malformed) throw new AppError('VALIDATION_FAILED', { message: malformed[1] });
    throw err;
  }
  if (!purpose) throw fieldError('VALIDATION_FAILED', 'purpose', '请指定上传用途');
  if (!upload) throw fieldError('FILE_MISSING', 'file');
  return { purpose, ...upload };
}

export function registerFileRoutes(
  app: App,
  deps: Deps,
  store: FileStorage,
  readers: readonly PrivateFileReader[],
): FileStorage {
  const memberOrAdmin = routeOptions('memberOrAdmin', 'File');
  const open = routeOptions('public', 'File');
  const maxBytes = deps.config.uploads.maxBytes;

  // Multipart is parsed only inside this scope: every other call still refuses anything but JSON.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 100, headerPairs: 50 },
      throwFileSizeLimit: true,
    });
    scope.post(
      '/api/File/upload',
      memberOrAdmin.other(
        '上传文件',
        '`multipart/form-data`：先 `purpose`（用途），再恰好一个 `file`。按用途限制类型（JPEG/PNG/WebP/PDF，以文件内容判定）与大小，图片生成缩略图。会员或运营登录后可用，有频率上限。',
        { response: { 200: envelope(uploadResultSchema) } },
      ),
      async (request) => {
        const caller = memberOrAdminOf(request);
        const who: Uploader =
          'member' in caller ? { memberId: caller.member.memberId } : { adminId: caller.admin.adminId };
        if (!request.isMultipart())
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: '请以 multipart/form-data 上传文件' });
        if (!hasUsableBoundary(request.headers['content-type']))
          throw new AppError('VALIDATION_FAILED', { message: NO_BOUNDARY });
        await checkUploadRate(deps, who);
        const input = await readUpload(request, maxBytes);
        const release = await reserveDailyBytes(deps, who, input.data.length);
        try {
          return okEnvelope(
            await saveUpload(deps, store, who, {
              purpose: input.purpose,
              clientName: input.name,
              data: input.data,
            }),
          );
        } catch (err) {
          // a refused file stores nothing and costs nothing of the day's bytes
          await release();
          throw err;
        }
      },
    );
  });

  const serve = (thumb: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id: string };
    // Missing, someone else's private file and a malformed id all look the same: ids cannot be probed.
    const notFound = () => {
      reply.header('cache-control', 'no-store');
      return new AppError('FILE_NOT_FOUND');
    };
    if (!FILE_ID_RE.test(id)) throw notFound();
    const row = await findFileById(deps.db, id);
    if (!row) throw notFound();
    if (row.visibility === 'private') {
      const reader =
        request.member !== null &&
        (await memberMayReadPrivate(deps.db, request.member.memberId, row, readers));
      if (!reader && !request.admin) throw notFound();
    }
    const key = thumb ? row.thumbKey : row.storageKey;
    if (!key) throw notFound();
    const stream = await store.get(key);
    if (!stream) {
      request.log.warn({ fileId: id, key }, 'file row without stored bytes');
      throw notFound();
    }
    const mime = thumb ? 'image/webp' : row.mime;
    reply
      .type(mime)
      .header(
        'cache-control',
        row.visibility === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store',
      )
      .header('x-content-type-options', 'nosniff')
      // belt and braces beside the refusal of active PDFs: a file opened as a page runs nothing
      // (docs/members.md § Serving)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header(
        'content-disposition',
        thumb
          ? 'inline'
          : contentDisposition(mime === 'application/pdf' ? 'attachment' : 'inline', row.originalName),
      );
    if (!thumb) reply.header('content-length', row.size);
    return reply.send(stream);
  };
  // The answer is the file's bytes, not JSON: plugins/openapi.ts describes it for the document.
  const params = z.object({ id: z.string().describe('文件编号（上传时返回的 id）') });
  app.get(
    '/files/:id',
    open.other(
      '读取文件',
      '按编号返回文件内容。公开文件任何人可读；私有文件（如身份证照片）仅上传者与运营可读，否则与不存在一样答 404 FILE_NOT_FOUND。',
      { params },
    ),
    serve(false),
  );
  app.get(
    '/files/:id/thumb',
    open.other('读取缩略图', '图片文件的 WebP 缩略图，可见性同原文件；非图片答 404 FILE_NOT_FOUND。', {
      params,
    }),
    serve(true),
  );
  return store;
}
