import {
  API_PREFIX,
  type ApiEnvelope,
  FALLBACK_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  ShowType,
} from '@zl/shared';
import { BAD_RESPONSE, BizError, isServerAnswer, NETWORK_ERROR } from './biz-error.ts';
import { callInit, takeEarly } from './early.ts';
import { handleError } from './error-handler.ts';
import type { Submission } from './submission.ts';

export interface RequestOptions {
  /** The call handles every error itself; the shared handler stays silent (docs/seed-map.md § Calls). */
  skipErrorHandler?: boolean;
  /**
   * The page shows this call's error beside what failed (an alert with 重试): the shared handler
   * acts only on the session and on redirects, and shows no message of its own.
   */
  inline?: boolean;
  /** Extra errCodes that count as success (User/login: ALREADY_LOGGED_IN, docs/seed-map.md § Errors). */
  okCodes?: readonly string[];
  signal?: AbortSignal;
  /**
   * The form this call submits (lib/submission.ts): the call carries its `Idempotency-Key`, one
   * per submission, so a repeat is run once by the server (docs/adr/0010-idempotency-keys.md).
   */
  submission?: Submission;
}

type Query = Record<string, string | number | boolean | null | undefined>;

function url(path: string, query?: Query): string {
  const clean = path.replace(/^\/+/, '').replace(/^api\//, '');
  let u = `${API_PREFIX}/${clean}`;
  if (query) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) q.set(k, String(v));
    const s = q.toString();
    if (s) u += `?${s}`;
  }
  return u;
}

function isEnvelope(v: unknown): v is Partial<ApiEnvelope> {
  return typeof v === 'object' && v !== null && ('errCode' in v || 'success' in v);
}

async function request<T>(
  method: 'GET' | 'POST',
  target: string,
  body: unknown,
  opts: RequestOptions,
): Promise<T> {
  const init = callInit(method, body, opts.signal);
  const submission = opts.submission;
  if (!submission) return settle<T>(fetch(target, init), opts);
  init.headers = { ...(init.headers as Record<string, string>), 'Idempotency-Key': submission.keyFor(body) };
  try {
    const data = await settle<T>(fetch(target, init), opts);
    submission.answered();
    return data;
  } catch (err) {
    // no answer (network, a proxy's page, a reload): the same body again is the same submission
    if (isServerAnswer(err) && err.code !== 'IDEMPOTENCY_IN_PROGRESS') submission.answered();
    throw err;
  }
}

/** A sent call's answer, unwrapped: the data, or a BizError (reported unless skipErrorHandler). */
async function settle<T>(pending: Promise<Response>, opts: RequestOptions): Promise<T> {
  let res: Response;
  try {
    res = await pending;
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    return fail(
      new BizError({ code: NETWORK_ERROR, message: NETWORK_ERROR_MESSAGE, showType: ShowType.ERROR }),
      opts,
    );
  }

  let json: unknown;
  try {
    json = await res.json();
  } catch {
    json = undefined;
  }

  if (!isEnvelope(json)) {
    return fail(
      new BizError({
        code: BAD_RESPONSE,
        message:
          res.status >= 500
            ? `服务暂时不可用，请稍后重试（HTTP ${res.status}）`
            : res.ok
              ? FALLBACK_ERROR_MESSAGE
              : `${FALLBACK_ERROR_MESSAGE}（HTTP ${res.status}）`,
        showType: ShowType.ERROR,
        httpStatus: res.status,
      }),
      opts,
    );
  }

  const code = json.errCode ?? (json.success ? 'success' : json.errorCode);
  if (code === 'success' || (code !== undefined && opts.okCodes?.includes(code))) {
    return json.data as T;
  }
  return fail(
    new BizError({
      code: String(code ?? json.errorCode ?? 'UNKNOWN'),
      message: json.errorMessage || json.errMsg || undefined,
      showType: typeof json.showType === 'number' ? json.showType : ShowType.ERROR,
      data: json.data,
      httpStatus: res.status,
    }),
    opts,
  );
}

function fail(err: BizError, opts: RequestOptions): never {
  if (!opts.skipErrorHandler) handleError(err, { inline: opts.inline });
  throw err;
}

/** The one API client: base /api/, JSON bodies, same-origin cookies, ApiEnvelope unwrapped. */
export const api = {
  post<T = unknown>(path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
    return request<T>('POST', url(path), body, opts);
  },
  get<T = unknown>(path: string, query?: Query, opts: RequestOptions = {}): Promise<T> {
    return request<T>('GET', url(path, query), undefined, opts);
  },
  /**
   * The answer of a call src/boot.ts started under `key` (lib/early.ts), read as this client reads
   * its own; when there is none (not started, taken, older than 10 s), `ask()` sends the call now.
   */
  takeEarly<T = unknown>(key: string, opts: RequestOptions, ask: () => Promise<T>): Promise<T> {
    const started = takeEarly<Response>(key);
    return started ? settle<T>(started, opts) : ask();
  },
};
