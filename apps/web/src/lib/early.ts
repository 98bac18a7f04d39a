import { API_PREFIX } from '@zl/shared';

/**
 * Requests started while the page's code is still arriving (docs/web.md § Page speed): a signed-in
 * member's session check and the page's first call start from src/boot.ts, instead of after the
 * app's code has arrived and run; the first reader takes the answer (lib/api-client.ts
 * `api.takeEarly` reads it as its own calls), later readers ask again. No other imports: boot.ts
 * runs before React and the API client have arrived.
 */
/** The session check: its call, and its key here (src/boot.ts starts it, lib/session-api.ts reads it). */
export const LOGIN_CHECK = 'User/loginCheck';

const started = new Map<string, { p: Promise<unknown>; at: number }>();

/** An answer older than this is not taken: the page's own request asks again. */
const FRESH_MS = 10_000;

export function startEarly(key: string, run: () => Promise<unknown>): void {
  const p = run();
  // the reader sees the failure; an answer nobody reads is not an unhandled rejection
  p.catch(() => undefined);
  started.set(key, { p, at: Date.now() });
}

export function takeEarly<T>(key: string): Promise<T> | undefined {
  const e = started.get(key);
  started.delete(key);
  return e && Date.now() - e.at < FRESH_MS ? (e.p as Promise<T>) : undefined;
}

/** Something changed what the answer would be (a login): nobody may take the early one. */
export function forgetEarly(key: string): void {
  started.delete(key);
}

/** The request lib/api-client.ts sends for a call: JSON, same-origin cookies. */
export function callInit(method: 'GET' | 'POST', body?: unknown, signal?: AbortSignal): RequestInit {
  return {
    method,
    credentials: 'same-origin',
    headers:
      method === 'POST'
        ? { 'Content-Type': 'application/json', Accept: 'application/json' }
        : { Accept: 'application/json' },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    signal,
  };
}

/** Starts a call (`path` under /api/) as the API client would send it; its reader parses the answer. */
export function startEarlyCall(key: string, method: 'GET' | 'POST', path: string, body?: unknown): void {
  startEarly(key, () => fetch(`${API_PREFIX}/${path}`, callInit(method, body)));
}
