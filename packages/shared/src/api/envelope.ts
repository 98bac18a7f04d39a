import type { ErrorCode, ShowType } from '../errors/catalogue.ts';

/**
 * Every response carries both envelopes of the seed (docs/product.md § Errors):
 * `{success, errorCode, errorMessage, showType}` and `{errCode, errMsg, data}`.
 */
export interface ApiEnvelope<T = unknown> {
  success: boolean;
  errCode: 'success' | ErrorCode;
  errMsg: string;
  data: T;
  errorCode: 'success' | ErrorCode;
  errorMessage: string;
  showType: ShowType;
}

/** `data` of a VALIDATION_FAILED response: one Chinese message per form field. */
export interface FieldErrorsData {
  fields: Record<string, string>;
}

export const API_PREFIX = '/api';
