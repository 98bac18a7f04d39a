import { type ComponentType, useEffect, useState } from 'react';
import { onFeedbackNeeded } from '../lib/feedback.ts';

/** How long after start the holder waits before loading antd's feedback code unasked (ms). */
export const FEEDBACK_IDLE_AFTER_MS = 4000;

/**
 * Mounts antd's message/notification (in their own chunk with antd's core and styles, off every
 * first paint) when the first message is needed, or a few seconds after start when the browser is
 * idle, whichever comes first: the page's own code and first answers go before those ~135 KB
 * (docs/web.md § Page speed). Messages asked for before that are queued by lib/feedback and load
 * the chunk at once.
 */
export function FeedbackHolder() {
  const [Apis, setApis] = useState<ComponentType | null>(null);

  useEffect(() => {
    let started = false;
    const load = () => {
      if (started) return;
      started = true;
      void import('./feedback-apis.tsx').then((m) => setApis(() => m.default));
    };
    onFeedbackNeeded(load);
    let idle = 0;
    const timer = window.setTimeout(() => {
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(load, { timeout: 3000 })
        : window.setTimeout(load, 0);
    }, FEEDBACK_IDLE_AFTER_MS);
    return () => {
      onFeedbackNeeded(null);
      window.clearTimeout(timer);
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);

  return Apis ? <Apis /> : null;
}
