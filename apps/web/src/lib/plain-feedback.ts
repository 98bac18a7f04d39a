import type { Feedback } from './feedback.ts';

/**
 * Messages without antd, for when its message/notification code cannot be loaded (the network
 * dropped before the first message of the page): the text in a small box at the top of the
 * window, read out by screen readers, gone after its time. Used only as a fallback
 * (app/feedback-holder.tsx).
 */
type Content = unknown;

function textOf(c: Content): string {
  if (typeof c === 'string' || typeof c === 'number') return String(c);
  if (c && typeof c === 'object') {
    const o = c as Record<string, unknown>;
    return [o.title, o.message, o.content, o.description]
      .filter((v) => typeof v === 'string' || typeof v === 'number')
      .join('：');
  }
  return '';
}

function box(): HTMLElement {
  let el = document.getElementById('zl-plain-toasts');
  if (!el) {
    el = document.createElement('div');
    el.id = 'zl-plain-toasts';
    el.className = 'zl-plain-toasts';
    el.setAttribute('role', 'status');
    el.setAttribute('aria-live', 'polite');
    document.body.appendChild(el);
  }
  return el;
}

function show(kind: 'info' | 'success' | 'warning' | 'error', content: Content, seconds = 3): void {
  const text = textOf(content);
  if (!text) return;
  const item = document.createElement('div');
  item.className = `zl-plain-toast zl-plain-toast-${kind}`;
  item.textContent = text;
  box().appendChild(item);
  window.setTimeout(() => item.remove(), seconds * 1000);
}

const noop = () => undefined;

export function plainFeedback(): Feedback {
  const say = (kind: 'info' | 'success' | 'warning' | 'error', seconds?: number) => (content: Content) => {
    show(kind, content, seconds);
    return noop;
  };
  return {
    message: {
      info: say('info'),
      success: say('success'),
      warning: say('warning'),
      error: say('error'),
      loading: say('info'),
    } as unknown as Feedback['message'],
    notification: {
      open: say('info', 4.5),
      warning: say('warning', 4.5),
      error: say('error', 4.5),
    } as unknown as Feedback['notification'],
  };
}
