import { FALLBACK_ERROR_MESSAGE, type ShowType, ShowType as ST } from '@zl/shared';

/** Codes the client makes up itself (never sent by the server). */
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const BAD_RESPONSE = 'BAD_RESPONSE';

export interface BizErrorInit {
  code: string;
  message?: string | undefined;
  showType?: ShowType | number | undefined;
  data?: unknown;
  httpStatus?: number | undefined;
}

/** A failed API call: the envelope's error fields, or what the client made of a broken response. */
export class BizError extends Error {
  override readonly name = 'BizError';
  readonly code: string;
  readonly showType: number;
  readonly data: unknown;
  readonly httpStatus: number;
  /** True when the response carried its own message (docs/seed-map.md § Errors "error info"). */
  readonly hasInfo: boolean;
  /** Set once the shared handler has shown it, so the QueryClient hook does not show it twice. */
  handled = false;

  constructor(init: BizErrorInit) {
    super(init.message || FALLBACK_ERROR_MESSAGE);
    this.code = init.code;
    this.hasInfo = Boolean(init.message);
    this.showType = init.showType ?? ST.ERROR;
    this.data = init.data ?? null;
    this.httpStatus = init.httpStatus ?? 0;
  }
}

export function isBizError(e: unknown): e is BizError {
  return e instanceof BizError;
}

/** `data.fields` of a VALIDATION_FAILED answer, if any. */
export function fieldErrorsOf(e: unknown): Record<string, string> | null {
  if (!isBizError(e) || e.code !== 'VALIDATION_FAILED') return null;
  const data = e.data as { fields?: unknown } | null;
  const fields = data?.fields;
  if (!fields || typeof fields !== 'object') return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields as Record<string, unknown>)) {
    if (typeof v === 'string') out[k] = v;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * True when the server itself refused the call. A network failure, an aborted request (a reload)
 * or a proxy's error page is not an answer: state that depends on the server's word is kept.
 */
export function isServerAnswer(e: unknown): e is BizError {
  return isBizError(e) && e.code !== NETWORK_ERROR && e.code !== BAD_RESPONSE;
}
