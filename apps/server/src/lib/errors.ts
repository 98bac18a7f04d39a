import { type ApiEnvelope, type ErrorCode, errorCatalogue, ShowType } from '@zl/shared';
import { z } from 'zod';

/** The one error type of the server: a catalogue code, an optional message and per-field messages. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly data: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    opts: {
      message?: string;
      fields?: Record<string, string>;
      data?: Record<string, unknown>;
      /** what went wrong inside: logged, never sent to the client */
      cause?: unknown;
    } = {},
  ) {
    super(
      opts.message ?? errorCatalogue[code].message,
      opts.cause === undefined ? undefined : { cause: opts.cause },
    );
    this.name = 'AppError';
    this.code = code;
    this.fields = opts.fields;
    this.data = opts.data;
  }

  get httpStatus(): number {
    return errorCatalogue[this.code].http;
  }
}

/** A field-specific error: the form shows `message` under `field`. */
export function fieldError(code: ErrorCode, field: string, message?: string): AppError {
  const msg = message ?? errorCatalogue[code].message;
  return new AppError(code, { message: msg, fields: { [field]: msg } });
}

export function okEnvelope<T>(data: T, code: 'success' | ErrorCode = 'success'): ApiEnvelope<T> {
  const message = code === 'success' ? '操作成功' : errorCatalogue[code].message;
  return {
    success: true,
    errCode: code,
    errMsg: message,
    data,
    errorCode: code,
    errorMessage: code === 'success' ? '' : message,
    showType: ShowType.SILENT,
  };
}

export function errorEnvelope(
  code: ErrorCode,
  message: string = errorCatalogue[code].message,
  data: unknown = null,
): ApiEnvelope<unknown> {
  return {
    success: false,
    errCode: code,
    errMsg: message,
    data,
    errorCode: code,
    errorMessage: message,
    showType: errorCatalogue[code].showType,
  };
}

/**
 * The response schema of a call: the seed's envelope around `data` (what okEnvelope above
 * builds). The serializer checks every answer against it, and the OpenAPI document shows it.
 */
export function envelope<T extends z.ZodType>(data: T) {
  return z
    .object({
      success: z.boolean().describe('成功时为 true'),
      errCode: z.string().describe("成功时为 'success'（User/login 自动登录时可为 'ALREADY_LOGGED_IN'）"),
      errMsg: z.string().describe("成功时为 '操作成功'"),
      data,
      errorCode: z.string().describe('同 errCode（第二套信封）'),
      errorMessage: z.string().describe('成功时为空串'),
      showType: z.number().describe('成功时为 0（静默）'),
    })
    .describe('成功的信封：业务数据在 data');
}

/** Walks an error's cause chain for a PostgreSQL SQLSTATE (drizzle wraps driver errors). */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
