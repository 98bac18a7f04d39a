import { type ApiEnvelope, type ErrorCode, errorCatalogue, ShowType } from '@zl/shared';

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
