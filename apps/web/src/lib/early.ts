/**
 * Requests started while the page's code is still arriving (docs/web.md § Page speed): a signed-in
 * member's session check starts as soon as the entry script runs, instead of after the layout's
 * chunks; its first reader takes the answer, later readers ask again.
 */
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
