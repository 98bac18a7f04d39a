import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LiteCallout } from '../../../components/lite/lite-field.tsx';
import { toBizError } from '../../../lib/error-handler.ts';
import './wechat-login.css';

/**
 * The WeChat part of /login, antd-free like the page. Only this shell is on the login critical
 * path; the calls load on the first click or when WeChat sends the browser back.
 */
const loadActions = () => import('../wechat-actions.ts');

/** A state is redeemed once: StrictMode's double effect (or a re-render) must not send it twice. */
const redeemed = new Set<string>();

const WECHAT_GREEN = '#07c160';
const ICON = (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
    <path
      fill={WECHAT_GREEN}
      d="M9.5 4C5.36 4 2 6.79 2 10.24c0 1.98 1.1 3.75 2.83 4.9L4.1 17.3l2.55-1.33c.9.26 1.86.4 2.85.4l.56-.02a5.6 5.6 0 0 1-.21-1.5c0-3.4 3.3-6.15 7.36-6.15l.52.02C16.96 6.02 13.6 4 9.5 4zM7 7.6a1 1 0 1 1 0 2 1 1 0 0 1 0-2zm5 0a1 1 0 1 1 0 2 1 1 0 0 1 0-2zm5.2 2.6c-3.42 0-6.2 2.3-6.2 5.14 0 2.84 2.78 5.14 6.2 5.14.7 0 1.38-.1 2-.28l2.06 1.08-.56-1.8C21.1 18.54 22 17.03 22 15.34c0-2.84-2.36-5.14-4.8-5.14zm-2.1 2.7a.85.85 0 1 1 0 1.7.85.85 0 0 1 0-1.7zm4.2 0a.85.85 0 1 1 0 1.7.85.85 0 0 1 0-1.7z"
    />
  </svg>
);

/** Handles WeChat's redirect back to /login?code=…&state=… (or ?state=… when the user declined). */
export function WechatCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const state = params.get('state');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!state || !code || redeemed.has(state)) return;
    redeemed.add(state);
    loadActions()
      .then((m) => m.finishWechatLogin(code, state))
      .then((to) => navigate(to, { replace: true }))
      .catch((e: unknown) => {
        setProblem(toBizError(e).message);
        navigate('/login', { replace: true });
      });
  }, [code, state, navigate]);

  if (problem) return <LiteCallout kind="error" title={problem} />;
  if (state && !code)
    return <LiteCallout kind="warning" title="已取消微信授权，请重新扫码或使用手机号登录" />;
  if (state && code) return <LiteCallout kind="info" title="正在通过微信登录…" />;
  return null;
}

/**
 * Whether the server has WeChat sign-in configured: the `zl-wechat` meta tag it writes into the
 * page (apps/server/src/app.ts pageHtml). Absent (the Vite dev server) → not known.
 */
export function wechatConfigured(): boolean | null {
  const v = document.querySelector('meta[name="zl-wechat"]')?.getAttribute('content');
  return v === 'on' ? true : v === 'off' ? false : null;
}

/**
 * 微信登录: Wechat/login → the authorize page. Not configured → disabled with 暂未开通 from the
 * first paint (and, should the page not know, after the server says so).
 */
export function WechatLoginButton() {
  const [status, setStatus] = useState<'idle' | 'busy' | 'off'>(() =>
    wechatConfigured() === false ? 'off' : 'idle',
  );
  const [problem, setProblem] = useState<string | null>(null);

  async function start() {
    setStatus('busy');
    setProblem(null);
    try {
      const m = await loadActions();
      await m.goToWechat();
      // the page is leaving for WeChat; keep the spinner until it does
    } catch (e) {
      const err = toBizError(e);
      if (err.code === 'WECHAT_NOT_CONFIGURED') {
        setStatus('off');
      } else {
        setStatus('idle');
        setProblem(err.message);
      }
    }
  }

  return (
    <div>
      <div className="zl-wx-divider">其他登录方式</div>
      <button
        type="button"
        className="zl-btn zl-btn-block zl-btn-lg zl-wx-btn"
        onClick={() => void start()}
        disabled={status !== 'idle'}
        aria-busy={status === 'busy'}
      >
        {status === 'busy' ? <span className="zl-spinner zl-spinner-sm" aria-hidden="true" /> : ICON}
        {status === 'off' ? '微信登录暂未开通' : '微信登录'}
      </button>
      {status === 'off' && (
        <p role="status" className="zl-wx-note">
          请使用手机号和密码登录
        </p>
      )}
      {problem && (
        <p role="alert" className="zl-wx-note">
          {problem}
        </p>
      )}
    </div>
  );
}
