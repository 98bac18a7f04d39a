import {
  type ButtonHTMLAttributes,
  type FormEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import './lite.css';
import './lite-ui.css';

/**
 * The controls a signed-in page draws before antd has loaded (the frame, the project hall's first
 * screen, the customer's list): antd's look — heights, radius, colours, focus ring — in plain
 * markup, so the first paint does not wait for antd's ~135 KB of script and styles
 * (docs/adr/0009-signed-in-page-speed.md, docs/web.md § Page speed). Interactive antd parts (the
 * filters, drawers, dialogs) load on demand in their own chunks.
 */

type Variant = 'default' | 'primary' | 'link' | 'text';

interface LiteButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
  danger?: boolean;
  icon?: ReactNode;
  loading?: boolean;
}

export function LiteButton({
  variant = 'default',
  size = 'middle',
  block,
  danger,
  icon,
  loading,
  className,
  children,
  type = 'button',
  disabled,
  ...rest
}: LiteButtonProps) {
  const cls = [
    'zl-btn',
    variant !== 'default' && `zl-btn-${variant}`,
    size !== 'middle' && (size === 'small' ? 'zl-btn-sm' : 'zl-btn-lg'),
    block && 'zl-btn-block',
    danger && 'zl-btn-danger',
    loading && 'zl-btn-loading',
    !children && icon && 'zl-btn-icon-only',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={cls}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <span className="zl-btn-spin" aria-hidden="true" /> : icon}
      {children != null && <span>{children}</span>}
    </button>
  );
}

export interface SegmentOption<T extends string> {
  value: T;
  label: ReactNode;
}

/** antd's Segmented as native radios: arrow keys move the choice, a screen reader hears a radio group. */
export function LiteSegmented<T extends string>({
  value,
  options,
  onChange,
  size = 'middle',
  label,
}: {
  value: T;
  options: readonly SegmentOption<T>[];
  onChange: (v: T) => void;
  size?: 'small' | 'middle';
  label?: string;
}) {
  const name = useId();
  return (
    <div className={size === 'small' ? 'zl-seg zl-seg-sm' : 'zl-seg'} role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <label key={o.value} className={o.value === value ? 'zl-seg-item zl-seg-on' : 'zl-seg-item'}>
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={o.value === value}
            onChange={() => onChange(o.value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}

const CLEAR =
  'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm4.2 12.8-1.4 1.4L12 13.4l-2.8 2.8-1.4-1.4 2.8-2.8-2.8-2.8 1.4-1.4 2.8 2.8 2.8-2.8 1.4 1.4-2.8 2.8z';

/**
 * antd's Input.Search (with a clear button and an 「搜索」 button): Enter or the button searches the
 * text; clearing it searches for everything again.
 */
export function LiteSearch({
  value,
  onChange,
  onSearch,
  placeholder,
  maxLength,
  label,
  button = '搜索',
}: {
  value: string;
  onChange: (v: string) => void;
  onSearch: (v: string) => void;
  placeholder?: string;
  maxLength?: number;
  label: string;
  button?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value);
  };
  return (
    <form className="zl-search" onSubmit={submit}>
      <span className="zl-lite-input zl-search-box">
        <input
          ref={input}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          maxLength={maxLength}
          aria-label={label}
          enterKeyHint="search"
        />
        {value && (
          <button
            type="button"
            className="zl-search-clear"
            aria-label="清除"
            onClick={() => {
              onChange('');
              onSearch('');
              input.current?.focus();
            }}
          >
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
              <path d={CLEAR} fill="currentColor" />
            </svg>
          </button>
        )}
      </span>
      <button type="submit" className="zl-search-go">
        {button}
      </button>
    </form>
  );
}

/** antd's Empty (its simple picture), with an optional action under the text. */
export function LiteEmpty({ description, children }: { description: ReactNode; children?: ReactNode }) {
  return (
    <div className="zl-empty">
      <svg className="zl-empty-img" viewBox="0 0 64 41" width="64" height="41" aria-hidden="true">
        <g transform="translate(0 1)" fill="none" fillRule="evenodd">
          <ellipse fill="#f5f5f5" cx="32" cy="33" rx="32" ry="7" />
          <g fillRule="nonzero" stroke="#d9d9d9">
            <path d="M55 12.76 44.854 1.258C44.367.474 43.656 0 42.907 0H21.093c-.749 0-1.46.474-1.947 1.257L9 12.761V22h46v-9.24z" />
            <path
              d="M41.613 15.931c0-1.605.994-2.93 2.227-2.931H55v18.137C55 33.26 53.68 35 52.05 35h-40.1C10.32 35 9 33.259 9 31.137V13h11.16c1.233 0 2.227 1.323 2.227 2.928v.022c0 1.605 1.005 2.901 2.237 2.901h14.752c1.232 0 2.237-1.308 2.237-2.913v-.007z"
              fill="#fafafa"
            />
          </g>
        </g>
      </svg>
      <div className="zl-empty-text">{description}</div>
      {children && <div className="zl-empty-footer">{children}</div>}
    </div>
  );
}

/** A red count over its child (antd's Badge, small): no count when it is 0; the title says it either way. */
export function LiteBadge({
  count,
  overflow = 99,
  title,
  children,
}: {
  count: number;
  overflow?: number;
  title?: string;
  children: ReactNode;
}) {
  return (
    <span className="zl-badge" title={title}>
      {children}
      {count > 0 && <sup className="zl-badge-count">{count > overflow ? `${overflow}+` : count}</sup>}
    </span>
  );
}

export type TagColor =
  | 'default'
  | 'blue'
  | 'orange'
  | 'purple'
  | 'cyan'
  | 'geekblue'
  | 'gold'
  | 'green'
  | 'red';

/** antd's outlined Tag in its preset colours. */
export function LiteTag({ color = 'default', children }: { color?: TagColor; children: ReactNode }) {
  return <span className={`zl-tag zl-tag-${color}`}>{children}</span>;
}

const ERROR_ICON =
  'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm4.2 12.8-1.4 1.4L12 13.4l-2.8 2.8-1.4-1.4 2.8-2.8-2.8-2.8 1.4-1.4 2.8 2.8 2.8-2.8 1.4 1.4-2.8 2.8z';

/** antd's error Alert with an icon and an action on the right. */
export function LiteAlert({ title, action }: { title: ReactNode; action?: ReactNode }) {
  return (
    <div className="zl-alert" role="alert">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className="zl-alert-icon">
        <path d={ERROR_ICON} fill="currentColor" />
      </svg>
      <div className="zl-alert-title">{title}</div>
      {action && <div className="zl-alert-action">{action}</div>}
    </div>
  );
}

/** Grey blocks while something loads (antd's active Skeleton). */
export function LiteSkeleton({ rows = 3, title = false }: { rows?: number; title?: boolean }) {
  return (
    <div className="zl-skel" aria-hidden="true">
      {title && <div className="zl-skel-line zl-skel-title" />}
      {Array.from({ length: rows }, (_, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          key={i}
          className="zl-skel-line"
          style={i === rows - 1 && rows > 1 ? { width: '61%' } : undefined}
        />
      ))}
    </div>
  );
}

/**
 * A button that opens a small menu under it (the header's account menu): closes on a choice, on
 * Escape (focus back on the button) and on a click outside; arrow keys move between the items.
 */
export function LiteMenuButton({
  label,
  icon,
  className,
  children,
}: {
  label: ReactNode;
  icon?: ReactNode;
  className?: string;
  /** the items: elements with role="menuitem" (links or buttons) and separators */
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const items = () => [...(box.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const onKey = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    if (!open) setOpen(true);
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const next = e.key === 'ArrowDown' ? (at + 1) % list.length : (at - 1 + list.length) % list.length;
    requestAnimationFrame(() => (open ? list : items())[at < 0 ? 0 : next]?.focus());
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard handling of the menu inside
    <div className="zl-menubtn" ref={box} onKeyDown={onKey}>
      <button
        ref={button}
        type="button"
        className={`zl-btn zl-btn-text ${className ?? ''}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {icon}
        <span>{label}</span>
      </button>
      {open && (
        <div id={menuId} role="menu" className="zl-menubtn-pop">
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
