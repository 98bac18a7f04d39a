import { NETWORK_ERROR_MESSAGE, ShowType } from '@zl/shared';
import { BizError, isBizError, NETWORK_ERROR } from './biz-error.ts';
import { withFeedback } from './feedback.ts';
import { currentPath, navigateTo } from './navigation.ts';
import { useSession } from './session-store.ts';

/** Turns anything thrown into a BizError (docs/seed-map.md § Errors: no error info → the error's own message). */
export function toBizError(err: unknown): BizError {
  if (isBizError(err)) return err;
  if (err instanceof TypeError) {
    return new BizError({ code: NETWORK_ERROR, message: NETWORK_ERROR_MESSAGE, showType: ShowType.ERROR });
  }
  const message = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  return new BizError({ code: 'UNKNOWN', message, showType: ShowType.ERROR });
}

export function exceptionPath(code: string, message: string): string {
  const q = new URLSearchParams({ errorCode: code, errorMessage: message });
  return `/exception?${q.toString()}`;
}

/**
 * The shared request error handler (the showType table of docs/seed-map.md § Errors; docs/product.md § Errors).
 * 0 silent · 1 message.warning · 2 message.error · 4 notification · 9 → /exception · other → error.
 */
export function handleError(err: unknown, opts: { inline?: boolean } = {}): void {
  const e = toBizError(err);
  if (e.handled) return;
  e.handled = true;

  // The operator console has its own login: its session codes never send anyone to the member /login.
  const path = window.location.pathname;
  const inConsole = path === '/admin' || path.startsWith('/admin/');
  if (e.code === 'ADMIN_NOT_LOGGED_IN' || (e.code === 'NOT_LOGGED_IN' && inConsole)) {
    if (inConsole && !path.startsWith('/admin/login')) {
      navigateTo(`/admin/login?redirect=${encodeURIComponent(currentPath())}`, { replace: true });
    }
    return;
  }

  if (e.code === 'NOT_LOGGED_IN') {
    useSession.getState().sessionEnded();
    navigateTo('/login', { replace: true });
    return;
  }

  // the page shows the message itself (RequestOptions.inline)
  if (opts.inline && e.showType !== ShowType.REDIRECT) return;

  const text = e.message; // already falls back to '请求错误，请重试。'
  switch (e.showType) {
    case ShowType.SILENT:
      return;
    case ShowType.WARN:
      withFeedback((f) => f.message.warning(text));
      return;
    case ShowType.ERROR:
      withFeedback((f) => f.message.error(text));
      return;
    case ShowType.NOTIFY:
      withFeedback((f) => f.notification.error({ title: '操作未完成', description: text }));
      return;
    case ShowType.REDIRECT:
      navigateTo(exceptionPath(e.code, text));
      return;
    default:
      withFeedback((f) => f.message.error(text));
  }
}
