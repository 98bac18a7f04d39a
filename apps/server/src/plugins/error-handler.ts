import { type ErrorCode, errorCatalogue } from '@zl/shared';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorEnvelope, pgErrorCode } from '../lib/errors.ts';
import type { App } from '../lib/types.ts';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  // QUERY without a Content-Type (RFC 10008 requires one); the method hook answers 405 before it
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * Request bodies compressed with a Content-Encoding (@fastify/compress decodes gzip, deflate and
 * br before parsing): one it does not know (`xyz`, `compress`, `gzip, gzip`) or a body that is not
 * what it claims (plain text sent as gzip) is the client's mistake, not the server's
 * (docs/api.md "Request bodies").
 */
export const ENCODING_MESSAGES: Record<string, { code: ErrorCode; message: string }> = {
  FST_CP_ERR_INVALID_CONTENT_ENCODING: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: '不支持的请求压缩格式（Content-Encoding），请不压缩或以 gzip、deflate、br 之一压缩后提交',
  },
  FST_CP_ERR_INVALID_CONTENT: {
    code: 'BAD_JSON',
    message: '请求内容无法按声明的压缩格式（Content-Encoding）解压',
  },
};

/** Other client errors of Fastify or a plugin, by HTTP status: still the client's, never a 500. */
const CLIENT_STATUS_CODES: Record<number, ErrorCode> = {
  404: 'UNKNOWN_CALL',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * PostgreSQL refuses some characters in text (NUL: invalid byte sequence 22021; 22P05 a character
 * with no equivalent in the database's encoding). Request schemas refuse control characters first
 * (packages/shared textSchema); whatever still reaches the database is bad input, not a server fault.
 */
const ENCODING_SQLSTATES = new Set(['22021', '22P05']);
export const BAD_CHARACTER_MESSAGE = '提交的内容含有无法保存的字符，请删除后重试';

type Issue = { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> };

/** Zod issues → one Chinese message per field (the first issue of a field wins). */
export function fieldsOf(issues: readonly Issue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys) fields[String(key)] ??= '不支持的字段';
      continue;
    }
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[field] ??= issue.message ?? '格式不正确';
  }
  return fields;
}

/** The one error handler: every failure leaves as the envelope, never with internals. */
export function registerErrorHandler(app: App): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const sqlstate = pgErrorCode(error);
    if (sqlstate && ENCODING_SQLSTATES.has(sqlstate)) {
      request.log.warn({ err: error }, 'the database refused a character');
      return reply.code(400).send(errorEnvelope('VALIDATION_FAILED', BAD_CHARACTER_MESSAGE, { fields: {} }));
    }
    if (error instanceof AppError) {
      if (error.httpStatus >= 500) request.log.error({ err: error.cause ?? error }, error.code);
      const data =
        error.fields || error.data
          ? { ...error.data, ...(error.fields ? { fields: error.fields } : {}) }
          : null;
      return reply.code(error.httpStatus).send(errorEnvelope(error.code, error.message, data));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsOf(error.validation as unknown as Issue[]);
      const first = Object.values(fields)[0];
      const message =
        Object.keys(fields).length === 1 && first ? first : errorCatalogue.VALIDATION_FAILED.message;
      return reply.code(400).send(errorEnvelope('VALIDATION_FAILED', message, { fields }));
    }
    const encoding = error.code ? ENCODING_MESSAGES[error.code] : undefined;
    if (encoding) {
      return reply
        .code(errorCatalogue[encoding.code].http)
        .send(errorEnvelope(encoding.code, encoding.message));
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return reply.code(errorCatalogue[mapped].http).send(errorEnvelope(mapped));
    if (error.statusCode === 429) return reply.code(429).send(errorEnvelope('RATE_LIMITED'));
    if (error.statusCode === 503) return reply.code(503).send(errorEnvelope('SERVICE_UNAVAILABLE'));
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      // a request the framework could not take (a new Fastify or plugin code): the client's fault
      request.log.warn({ err: error }, 'client error');
      const code = CLIENT_STATUS_CODES[status] ?? 'VALIDATION_FAILED';
      return reply.code(errorCatalogue[code].http).send(errorEnvelope(code));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorEnvelope('INTERNAL'));
  });
}
