import { useEffect } from 'react';
import { isRouteErrorResponse, Outlet, useMatches, useRouteError } from 'react-router';
import { pageTitle } from '../locales/zh-cn.ts';
import { ChunkLoadError } from './lazy.ts';

export interface RouteHandle {
  title: string;
}

function titleOf(handle: unknown): string | undefined {
  return typeof handle === 'object' && handle !== null && 'title' in handle
    ? String((handle as RouteHandle).title)
    : undefined;
}

/** document.title = "<页面名> - 展览供应商接单平台" from the deepest route handle. */
export function useRouteTitle() {
  const matches = useMatches();
  const title = [...matches]
    .reverse()
    .map((m) => titleOf(m.handle))
    .find(Boolean);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}

export function RootShell() {
  useRouteTitle();
  return <Outlet />;
}

export function PageLoading() {
  return (
    <div className="zl-page-loading" role="status" aria-live="polite">
      <span className="zl-spinner" />
      <span>页面加载中…</span>
    </div>
  );
}

function isChunkError(e: unknown): boolean {
  return (
    e instanceof ChunkLoadError ||
    (e instanceof Error &&
      /dynamically imported module|Importing a module script failed|chunk/i.test(e.message))
  );
}

/** Error element: a chunk that failed or took over 120 s, or anything a page threw. */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkError(error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '';
  useEffect(() => {
    document.title = pageTitle(chunk ? '页面加载失败' : '页面出错了');
  }, [chunk]);
  return (
    <div className="zl-route-error" role="alert">
      <h1>{chunk ? '页面加载失败' : '页面出错了'}</h1>
      <p>
        {chunk
          ? '网络不稳定或版本已更新，页面资源没有加载成功。请检查网络后重新加载。'
          : '页面遇到了问题，请重新加载；如果问题持续，请联系平台客服。'}
      </p>
      {detail && <p className="zl-route-error-detail">{detail}</p>}
      <div className="zl-route-error-actions">
        <button type="button" className="zl-btn zl-btn-primary" onClick={() => window.location.reload()}>
          重新加载
        </button>
        <a className="zl-btn" href="/">
          返回首页
        </a>
      </div>
    </div>
  );
}
