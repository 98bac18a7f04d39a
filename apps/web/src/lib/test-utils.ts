import { type Mock, vi } from 'vitest';
import { type Feedback, setFeedback } from './feedback.ts';

export function envelope(errCode: string, data: unknown = null, extra: Record<string, unknown> = {}) {
  return {
    success: errCode === 'success',
    errCode,
    errMsg: errCode === 'success' ? '' : String(extra.errorMessage ?? ''),
    data,
    errorCode: errCode,
    errorMessage: '',
    showType: 0,
    ...extra,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces global fetch with a mock answering by path. */
export function mockFetch(
  handler: (url: string, init: RequestInit | undefined) => Response | Promise<Response>,
): Mock {
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init)),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function fakeFeedback() {
  const f = {
    message: { warning: vi.fn(), error: vi.fn(), success: vi.fn(), info: vi.fn(), loading: vi.fn() },
    notification: { error: vi.fn(), open: vi.fn(), warning: vi.fn() },
  };
  setFeedback(f as unknown as Feedback);
  return f;
}
