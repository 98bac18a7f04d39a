import type { ComponentType } from 'react';

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

/** A react-router `lazy` for a module whose default export is the page component. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const mod = await withTimeout(load());
    return { Component: mod.default };
  };
}
