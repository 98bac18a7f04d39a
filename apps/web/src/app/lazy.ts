import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';

/** docs/seed-map.md § Constants: a code chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

export function withTimeout<T>(promise: Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('页面资源加载超时')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(e instanceof Error ? e.message : '页面资源加载失败'));
      },
    );
  });
}

/**
 * A react-router `lazy` for a module whose default export is the page component. A page may also
 * export a `loader` that starts its first request as soon as its code has arrived, beside the
 * layout's session check, without holding the page back (docs/web.md § Page speed).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType; loader?: LoaderFunction }>) {
  return async () => {
    const mod = await withTimeout(load());
    return mod.loader ? { Component: mod.default, loader: mod.loader } : { Component: mod.default };
  };
}
