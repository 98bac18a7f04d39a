import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import './lite.css';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  label: string;
  error?: string | null | undefined;
  prefix?: ReactNode;
}

/**
 * A labelled input with the antd look (height, radius, focus ring, error colour), without antd's
 * runtime: used only by /login, whose JS must stay within the bundle budget.
 */
export function LiteField({ label, error, prefix, id, className, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={`zl-lite-item${error ? ' has-error' : ''}`}>
      <label htmlFor={inputId} className="zl-lite-label">
        {label}
      </label>
      <span className={`zl-lite-input ${className ?? ''}`}>
        {prefix && <span className="zl-lite-prefix">{prefix}</span>}
        <input
          id={inputId}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
      </span>
      <div id={errorId} className="zl-lite-error" role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}

const EYE =
  'M12 5c-5 0-9 4.5-10 7 1 2.5 5 7 10 7s9-4.5 10-7c-1-2.5-5-7-10-7zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z';

export function LitePasswordField(props: Omit<FieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="zl-lite-password">
      <LiteField {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="zl-lite-eye"
        aria-label={visible ? '隐藏密码' : '显示密码'}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d={EYE} fill="currentColor" />
          {!visible && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" />}
        </svg>
      </button>
    </div>
  );
}

export function LiteButton({
  loading,
  children,
  ...rest
}: InputHTMLAttributes<HTMLButtonElement> & {
  loading?: boolean;
  children: ReactNode;
  type?: 'submit' | 'button';
}) {
  return (
    <button
      {...(rest as object)}
      type={rest.type === 'button' ? 'button' : 'submit'}
      className={
        loading
          ? 'zl-btn zl-btn-primary zl-btn-block zl-btn-lg zl-btn-loading'
          : 'zl-btn zl-btn-primary zl-btn-block zl-btn-lg'
      }
      disabled={loading || rest.disabled}
      aria-busy={loading}
    >
      {loading && <span className="zl-spinner zl-spinner-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}

export function LiteCallout({
  kind,
  title,
  children,
}: {
  kind: 'error' | 'info' | 'warning';
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={`zl-callout zl-callout-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <b>{title}</b>
      {children && <div className="zl-callout-body">{children}</div>}
    </div>
  );
}

/** A 16px line icon of one path. */
function icon(d: string) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path fill="currentColor" d={d} />
    </svg>
  );
}

export const ICON_MOBILE = icon(
  'M16 1H8a3 3 0 0 0-3 3v16a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V4a3 3 0 0 0-3-3zm1 19a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h8a1 1 0 0 1 1 1v16zm-5-3a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 0 0 0-2.5z',
);

export const ICON_LOCK = icon(
  'M18 9h-1V7a5 5 0 0 0-10 0v2H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V11a2 2 0 0 0-2-2zM9 7a3 3 0 0 1 6 0v2H9V7zm9 14H6V11h12v10zm-6-3a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
);
