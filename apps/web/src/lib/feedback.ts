import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Holder for antd's message/notification instances created inside <ConfigProvider> (so they use
 * its locale, theme and defaults). Set by <FeedbackHolder/>; tests set fakes.
 */
export interface Feedback {
  message: Pick<MessageInstance, 'warning' | 'error' | 'success' | 'info' | 'loading'>;
  notification: Pick<NotificationInstance, 'error' | 'open' | 'warning'>;
}

let holder: Feedback | null = null;
const pending: Array<(f: Feedback) => void> = [];
let onNeeded: (() => void) | null = null;

/** The holder mounts antd's message/notification lazily; it registers how to be woken up. */
export function onFeedbackNeeded(fn: (() => void) | null): void {
  onNeeded = fn;
  if (fn && pending.length > 0) fn();
}

export function setFeedback(f: Feedback | null): void {
  holder = f;
  if (f) for (const fn of pending.splice(0)) fn(f);
}

/** Runs now if the holder is mounted, otherwise as soon as it is. */
export function withFeedback(fn: (f: Feedback) => void): void {
  if (holder) fn(holder);
  else {
    pending.push(fn);
    onNeeded?.();
  }
}
