import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  ICON_LOCK,
  ICON_MOBILE,
  LiteButton,
  LiteCallout,
  LiteField,
  LitePasswordField,
} from '../../../components/lite/lite-field.tsx';
import { fieldErrorsOf, isBizError } from '../../../lib/biz-error.ts';
import { handleError, toBizError } from '../../../lib/error-handler.ts';
import { safeRedirect } from '../../../lib/navigation.ts';
import { useSession } from '../../../lib/session-store.ts';
import { storage } from '../../../lib/storage.ts';
import { checkWith } from '../../../lib/zod-rule.ts';
import { WechatCallback, WechatLoginButton } from '../../wechat/index.ts';
import { type LoginFormValues, submitLogin } from '../api/login.ts';

/** zod (with @zl/shared's mobileSchema) loads on first validation, off the critical path. */
const loadMobileSchema = () => import('../schemas.ts').then((m) => m.mobileSchema);

type Field = 'mobile' | 'password';
type Errors = Partial<Record<Field, string | null>>;

/** The fixed attributes of the two inputs. */
const INPUTS = {
  mobile: {
    label: '手机号',
    prefix: ICON_MOBILE,
    placeholder: '请输入手机号',
    inputMode: 'numeric',
    autoComplete: 'username',
    maxLength: 11,
  },
  password: {
    label: '密码',
    prefix: ICON_LOCK,
    placeholder: '请输入密码',
    autoComplete: 'current-password',
    maxLength: 128,
  },
} as const;

async function validate(field: Field, v: LoginFormValues): Promise<string | null> {
  if (field === 'mobile') return checkWith(loadMobileSchema, v.mobile);
  return v.password ? null : '请输入密码';
}

/**
 * /login. Deliberately antd-free (plain elements styled like antd): its JS must stay within the
 * 160 KB gzip budget, and React + the data router alone take ~100 KB of it.
 */
/**
 * Where a member who is already logged in goes instead of /login: the page asked for, else their
 * home (/customer for a customer; '/' resolves to /mainPage for a supplier).
 */
export function homeOfLoggedIn(redirect: string | null, cardtype: string | undefined): string {
  const asked = safeRedirect(redirect, '');
  if (asked) return asked;
  return cardtype === 'customer' ? '/customer' : '/';
}

export default function LoginPage() {
  const [params] = useSearchParams();
  // Opened with a session: nothing to log into. Decided once, on opening: a login finishing on
  // this page (the form, 记住我, WeChat) navigates by itself.
  const [openedLoggedIn] = useState(() => Boolean(useSession.getState().cardno) && !params.get('code'));
  if (openedLoggedIn) {
    const member = useSession.getState().member;
    return <Navigate to={homeOfLoggedIn(params.get('redirect'), member?.cardtype)} replace />;
  }
  return <LoginForm />;
}

function LoginForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const autologin = useSession((s) => s.autologin);
  const [values, setValues] = useState<LoginFormValues>(() => {
    const remembered = storage.getName();
    return { mobile: params.get('mobile') ?? remembered ?? '', password: '', remember: Boolean(remembered) };
  });
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<{ code: string; text: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  function change<K extends keyof LoginFormValues>(key: K, value: LoginFormValues[K]) {
    const next = { ...values, [key]: value };
    setValues(next);
    setProblem(null);
    if (key !== 'remember' && errors[key as Field]) {
      void validate(key as Field, next).then((e) => setErrors((old) => ({ ...old, [key]: e })));
    }
  }

  async function blur(field: Field) {
    if (field === 'mobile' && values.mobile === '') return; // do not nag before anything was typed
    const e = await validate(field, values);
    setErrors((old) => ({ ...old, [field]: e }));
  }

  /** A field's input props: its fixed attributes, its value and error, the change/blur handlers. */
  function bind(field: Field) {
    return {
      ...INPUTS[field],
      name: field,
      value: values[field],
      error: errors[field],
      onChange: (e: ChangeEvent<HTMLInputElement>) => change(field, e.target.value),
      onBlur: () => void blur(field),
    };
  }

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    const [mobile, password] = await Promise.all([validate('mobile', values), validate('password', values)]);
    setErrors({ mobile, password });
    if (mobile || password) return;
    setProblem(null);
    setSubmitting(true);
    try {
      await submitLogin(values);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields) {
        setErrors({ mobile: fields.mobile ?? null, password: fields.password ?? null });
      } else if (isBizError(e) && e.showType === 9) {
        handleError(e); // → /exception
      } else {
        // every other answer (LOGIN_FAILED, ACCOUNT_LOCKED, RATE_LIMITED, network…) is read here
        const err = toBizError(e);
        setProblem({ code: err.code, text: err.message });
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <>
      <h1>登录</h1>
      <p className="zl-auth-sub">使用注册手机号和密码登录</p>
      {autologin === 'pending' && <LiteCallout kind="info" title="正在为您自动登录…" />}
      {autologin === 'failed' && !problem && (
        <LiteCallout kind="warning" title="自动登录已失效，请重新登录" />
      )}
      <WechatCallback />
      {problem && (
        <LiteCallout kind="error" title={problem.text}>
          {problem.code === 'ACCOUNT_LOCKED' ? (
            <Link to="/login/forget">通过短信验证码找回密码</Link>
          ) : problem.code === 'LOGIN_FAILED' ? (
            '请检查手机号和密码，连续输错多次账号将临时锁定。'
          ) : null}
        </LiteCallout>
      )}
      <form noValidate onSubmit={onSubmit} aria-label="登录">
        <LiteField {...bind('mobile')} />
        <LitePasswordField {...bind('password')} />
        <div className="zl-auth-row" style={{ marginBottom: 20 }}>
          <label className="zl-lite-check">
            <input
              type="checkbox"
              name="remember"
              checked={values.remember}
              onChange={(e) => change('remember', e.target.checked)}
            />
            记住我（30 天内自动登录）
          </label>
          <Link to="/login/forget">忘记密码？</Link>
        </div>
        <LiteButton loading={submitting}>{submitting ? '登录中…' : '登录'}</LiteButton>
      </form>
      <WechatLoginButton />
      <div className="zl-auth-switch">
        还没有账号？<Link to="/login/register">立即注册</Link>
      </div>
      <nav className="zl-auth-help" aria-label="帮助">
        <Link to="/help">帮助中心</Link>
        <Link to="/about">关于我们</Link>
      </nav>
    </>
  );
}
